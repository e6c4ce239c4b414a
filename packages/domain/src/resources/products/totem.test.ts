import { describe, expect, it } from 'vitest';
import { montarTotem, motivoForaDoTotem, type EntradaTotem } from './totem.ts';
import type { PrecoFonte, ProdutoFonte } from './vitrine.ts';

const entrada = (produtoGeral: string, categoria: string, extra: Partial<EntradaTotem> = {}): EntradaTotem => ({
  produtoGeral,
  nome: '',
  descricao: '',
  categoria,
  imagem: null,
  ordem: 0,
  destaque: false,
  ativo: true,
  ...extra,
});

const produtos = new Map<string, ProdutoFonte>([
  ['a', { _id: 'a', descricao: 'X-Salada', imagens: [{ arquivo: 'foto-a' }] }],
  ['b', { _id: 'b', descricao: 'X-Bacon' }],
  ['c', { _id: 'c', descricao: 'Coca-Cola lata' }],
  ['d', { _id: 'd', descricao: 'Água' }],
]);
const precos = new Map<string, PrecoFonte>([
  ['a', { preco: 2500, modosVenda: ['Totem', 'Salão'] }],
  ['b', { preco: 2900, modosVenda: ['Totem'] }],
  ['c', { preco: 700 }],
  ['d', { preco: 400, modosVenda: ['Salão'] }],
]);

describe('kiosk presentation (conversaoTotem)', () => {
  it('groups by category, featured first then order and name, with the kiosk name and picture or the product’s own', () => {
    const v = montarTotem(
      [
        entrada('a', 'Lanches', { ordem: 2 }),
        entrada('b', 'Lanches', { nome: 'Bacon Supremo', destaque: true, ordem: 5, imagem: 'foto-b' }),
        entrada('c', 'Bebidas'),
        entrada('d', 'Bebidas'),
      ],
      produtos,
      precos,
    );
    expect(v.categorias).toEqual([
      { nome: 'Bebidas', itens: [{ produto: 'c', nome: 'Coca-Cola lata', descricao: '', imagem: null, preco: 700, destaque: false, disponivel: true, motivoIndisponivel: null }] },
      {
        nome: 'Lanches',
        itens: [
          { produto: 'b', nome: 'Bacon Supremo', descricao: '', imagem: 'foto-b', preco: 2900, destaque: true, disponivel: true, motivoIndisponivel: null },
          { produto: 'a', nome: 'X-Salada', descricao: '', imagem: 'foto-a', preco: 2500, destaque: false, disponivel: true, motivoIndisponivel: null },
        ],
      },
    ]);
    expect(v.pendencias).toEqual([{ produto: 'd', descricao: 'Água', motivo: motivoForaDoTotem }]);
  });

  it('keeps a product whose stock ran out in its place, marked unavailable with the reason', () => {
    const v = montarTotem([entrada('a', 'Lanches'), entrada('c', 'Bebidas')], produtos, precos, new Map([['a', { motivo: 'Esgotado' }]]));
    expect(v.categorias.flatMap((c) => c.itens.map((i) => [i.produto, i.disponivel, i.motivoIndisponivel]))).toEqual([
      ['c', true, null],
      ['a', false, 'Esgotado'],
    ]);
  });
});
