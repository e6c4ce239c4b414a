import type { SecaoVitrine } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { adicionar, mudarQuantidade, pedidoDo, totais } from './carrinhoQr.ts';

const livre = { disponivel: true, motivoIndisponivel: null };
const secoes: SecaoVitrine[] = [
  {
    nome: 'Lanches',
    descricao: '',
    itens: [
      { produto: 'burger', descricao: 'X-Burger', imagem: null, preco: 2890, ...livre, complementos: [{ nome: 'Extras', minimo: 0, maximo: 2, opcoes: [{ produto: null, descricao: 'Bacon extra', precoAdicional: 450, ...livre }] }] },
      { produto: 'suco', descricao: 'Suco', imagem: null, preco: 1095, ...livre, complementos: [] },
    ],
  },
];

describe('the table cart', () => {
  it('joins the same item with the same options and note, keeps a different note apart, and totals as the server does', () => {
    let c = adicionar([], { produto: 'burger', quantidade: 1, complementos: [{ grupo: 'Extras', descricao: 'Bacon extra' }], observacao: 'sem cebola ' });
    c = adicionar(c, { produto: 'burger', quantidade: 1, complementos: [{ grupo: 'Extras', descricao: 'Bacon extra' }], observacao: 'sem cebola' });
    c = adicionar(c, { produto: 'suco', quantidade: 1, complementos: [], observacao: '' });
    c = adicionar(c, { produto: 'suco', quantidade: 1, complementos: [], observacao: 'sem gelo' });
    expect(c.map((l) => [l.produto, l.quantidade, l.observacao])).toEqual([['burger', 2, 'sem cebola'], ['suco', 1, ''], ['suco', 1, 'sem gelo']]);
    // 2 × 33,40 + 2 × 10,95 = 88,70; 10 % = 8,87.
    expect(totais(secoes, c, '10.00')).toMatchObject({ subtotal: 8870, taxaServico: 887, total: 9757 });
    expect(pedidoDo('abc12345', c).itens[1]).toEqual({ produto: 'suco', quantidade: 1, complementos: [], observacao: null });
    c = mudarQuantidade(c, c[1]!.chave, -1);
    expect(c.map((l) => l.observacao)).toEqual(['sem cebola', 'sem gelo']);
    expect(totais(secoes, [], '10.00')).toBeNull();
  });
});
