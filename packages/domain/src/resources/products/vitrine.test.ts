import { describe, expect, it } from 'vitest';
import { montarVitrine, motivosPendencia, produtosDaVitrine, secoesComDisponibilidade, secoesParaPublicar, type PrecoFonte, type ProdutoFonte } from './vitrine.ts';

const produtos = new Map<string, ProdutoFonte>([
  ['burger', { _id: 'burger', descricao: 'X-Burger', imagens: [{ arquivo: 'img1' }], complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, itens: [{ descricao: 'Ao ponto' }, { produto: 'bacon', precoAdicional: 400 }] }] }],
  ['bacon', { _id: 'bacon', descricao: 'Bacon extra' }],
  ['suco', { _id: 'suco', descricao: 'Suco', ativo: false }],
  ['agua', { _id: 'agua', descricao: 'Água' }],
  ['cha', { _id: 'cha', descricao: 'Chá' }],
  ['acucar', { _id: 'acucar', descricao: 'Açúcar' }],
]);
const precos = new Map<string, PrecoFonte>([
  ['burger', { preco: 2990 }],
  ['suco', { preco: 900 }],
  ['cha', { preco: 700, ativo: false }],
  ['acucar', { preco: 100, modosVenda: [] }],
]);

describe('customer view of a menu', () => {
  it('shows photo, name, the company’s price and modifier groups in the draft’s order, and says why a product is left out', () => {
    const v = montarVitrine(
      [
        { nome: 'Lanches', descricao: '', produtos: ['burger', 'sumiu'] },
        { nome: 'Bebidas', descricao: 'Geladas', produtos: ['suco', 'agua', 'cha', 'acucar'] },
      ],
      produtos,
      precos,
    );
    expect(v.secoes).toEqual([
      {
        nome: 'Lanches',
        descricao: '',
        itens: [
          {
            produto: 'burger',
            descricao: 'X-Burger',
            imagem: 'img1',
            preco: 2990,
            complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, opcoes: [{ descricao: 'Ao ponto', precoAdicional: 0 }, { descricao: 'Bacon extra', precoAdicional: 400 }] }],
            disponivel: true,
            motivoIndisponivel: null,
          },
        ],
      },
      { nome: 'Bebidas', descricao: 'Geladas', itens: [] },
    ]);
    expect(v.pendencias).toEqual([
      { secao: 'Lanches', produto: 'sumiu', descricao: 'sumiu', motivo: motivosPendencia.naoEncontrado },
      { secao: 'Bebidas', produto: 'suco', descricao: 'Suco', motivo: motivosPendencia.inativo },
      { secao: 'Bebidas', produto: 'agua', descricao: 'Água', motivo: motivosPendencia.semPreco },
      { secao: 'Bebidas', produto: 'cha', descricao: 'Chá', motivo: motivosPendencia.inativoNaEmpresa },
      { secao: 'Bebidas', produto: 'acucar', descricao: 'Açúcar', motivo: motivosPendencia.naoVendido },
    ]);
  });

  it('lists the products to load, options included', () => {
    expect(produtosDaVitrine([{ nome: 'L', descricao: '', produtos: ['burger', 'agua'] }], produtos).sort()).toEqual(['agua', 'bacon', 'burger']);
  });

  it('leaves out a product the company does not sell on any of the menu’s channels that are sale modes', () => {
    const soSalao = new Map<string, PrecoFonte>([['agua', { preco: 400, modosVenda: ['Salão'] }]]);
    const secoes = [{ nome: 'Bebidas', descricao: '', produtos: ['agua'] }];
    expect(montarVitrine(secoes, produtos, soSalao, ['Delivery', 'App']).pendencias.map((p) => p.motivo)).toEqual([motivosPendencia.foraDosCanais]);
    expect(montarVitrine(secoes, produtos, soSalao, ['Delivery', 'Salão']).secoes[0]!.itens).toHaveLength(1);
    // QR Code and App are not sale modes: nothing to compare with.
    expect(montarVitrine(secoes, produtos, soSalao, ['QR Code']).secoes[0]!.itens).toHaveLength(1);
  });

  it('keeps a product out of stock in its place, greyed with the reason; a publication freezes no availability, and reading it applies the live one', () => {
    const secoes = [{ nome: 'Lanches', descricao: '', produtos: ['burger'] }];
    const esgotado = montarVitrine(secoes, produtos, precos, [], new Map([['burger', { motivo: 'Esgotado' }]]));
    expect(esgotado.secoes[0]!.itens.map((i) => [i.produto, i.disponivel, i.motivoIndisponivel])).toEqual([['burger', false, 'Esgotado']]);
    expect(esgotado.pendencias).toEqual([]);
    const publicado = secoesParaPublicar(esgotado.secoes);
    expect(publicado[0]!.itens[0]).not.toHaveProperty('disponivel');
    expect(secoesComDisponibilidade(publicado, new Map())[0]!.itens[0]).toMatchObject({ produto: 'burger', disponivel: true, motivoIndisponivel: null });
  });
});
