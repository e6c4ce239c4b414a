import { describe, expect, it } from 'vitest';
import { compararPt, compararPtNumerico } from './texto.ts';

describe('compararPt', () => {
  it('orders as a Brazilian reader expects: accents and case do not change the order', () => {
    const nomes = ['Xis salada', 'Dinheiro', 'água com gás', 'Débito', 'Água mineral', 'abacaxi', 'Coca-Cola', 'coxinha', 'Çuçuarana'];
    expect([...nomes].sort(compararPt)).toEqual(['abacaxi', 'água com gás', 'Água mineral', 'Coca-Cola', 'coxinha', 'Çuçuarana', 'Débito', 'Dinheiro', 'Xis salada']);
  });

  it('treats the same word with or without accent or capital as equal, and puts a missing text last', () => {
    expect(compararPt('Água', 'agua')).toBe(0);
    expect([null, 'b', undefined, 'A'].sort(compararPt)).toEqual(['A', 'b', null, undefined]);
  });
});

describe('compararPtNumerico', () => {
  it('reads the numbers in a name as numbers, and still ignores accents and case', () => {
    expect(['Mesa 10', 'mesa 2', 'Balcão', 'Mesa 1', 'balcao 3'].sort(compararPtNumerico)).toEqual(['Balcão', 'balcao 3', 'Mesa 1', 'mesa 2', 'Mesa 10']);
  });
});
