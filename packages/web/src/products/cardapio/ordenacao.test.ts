import { describe, expect, it } from 'vitest';
import { mover, moverProduto, secoesParaSalvar, type SecaoRascunho } from './ordenacao.ts';

const secoes: SecaoRascunho[] = [
  { chave: 'a', nome: 'Lanches', descricao: '', produtos: ['x', 'y', 'z'] },
  { chave: 'b', nome: 'Bebidas', descricao: '', produtos: ['c'] },
];

describe('menu builder ordering', () => {
  it('moves an item to another position, clamped to the list', () => {
    expect(mover(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(mover(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(mover(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(mover(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('moves a product inside a section and into another section at a position', () => {
    expect(moverProduto(secoes, { secao: 0, indice: 2 }, { secao: 0, indice: 0 })[0]!.produtos).toEqual(['z', 'x', 'y']);
    const entre = moverProduto(secoes, { secao: 0, indice: 1 }, { secao: 1, indice: 0 });
    expect(entre.map((s) => s.produtos)).toEqual([['x', 'z'], ['y', 'c']]);
    expect(moverProduto(secoes, { secao: 0, indice: 0 }, { secao: 1, indice: 99 })[1]!.produtos).toEqual(['c', 'x']);
  });

  it('never puts the same product twice in a section', () => {
    const comC = [secoes[0]!, { ...secoes[1]!, produtos: ['c', 'x'] }];
    expect(moverProduto(comC, { secao: 0, indice: 0 }, { secao: 1, indice: 0 })).toEqual(comC);
  });

  it('sends sections without the client keys', () => {
    expect(secoesParaSalvar(secoes)[0]).toEqual({ nome: 'Lanches', descricao: '', produtos: ['x', 'y', 'z'] });
  });
});
