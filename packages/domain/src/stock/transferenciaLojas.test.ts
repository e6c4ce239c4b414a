import { describe, expect, it } from 'vitest';
import { aplicarAprovacao, linhasRepetidas } from './transferenciaLojas.ts';

describe('aplicarAprovacao', () => {
  const pedidas = [{ quantidade: '8.0000' }, { quantidade: '40.0000' }];

  it('approves the lines left out as asked, and a changed one with its reason', () => {
    expect(aplicarAprovacao(pedidas, [{ linha: 1, quantidadeAprovada: '30', justificativa: 'Só 30 assados' }])).toEqual({
      linhas: [
        { quantidadeAprovada: '8.0000', justificativa: null },
        { quantidadeAprovada: '30', justificativa: 'Só 30 assados' },
      ],
      erros: {},
    });
  });

  it('refuses less or more than asked without a reason, naming the line of the decision', () => {
    expect(aplicarAprovacao(pedidas, [{ linha: 0, quantidadeAprovada: '8', justificativa: null }, { linha: 1, quantidadeAprovada: '40.0001', justificativa: null }]).erros).toEqual({
      'itens.1.justificativa': 'Aprovar mais do que foi pedido exige dizer por quê.',
    });
    expect(aplicarAprovacao(pedidas, [{ linha: 0, quantidadeAprovada: '7.9999', justificativa: null }]).erros).toEqual({ 'itens.0.justificativa': 'Aprovar menos do que foi pedido exige dizer por quê.' });
  });

  it('drops a reason given for the quantity asked, and refuses unknown or repeated lines and an all-zero approval', () => {
    expect(aplicarAprovacao(pedidas, [{ linha: 0, quantidadeAprovada: '8', justificativa: 'à toa' }]).linhas[0]).toEqual({ quantidadeAprovada: '8', justificativa: null });
    expect(aplicarAprovacao(pedidas, [{ linha: 2, quantidadeAprovada: '1', justificativa: 'x' }]).erros).toEqual({ 'itens.0.linha': 'Esta linha não existe no pedido.' });
    expect(aplicarAprovacao(pedidas, [{ linha: 0, quantidadeAprovada: '1', justificativa: 'x' }, { linha: 0, quantidadeAprovada: '2', justificativa: 'y' }]).erros).toEqual({ 'itens.1.linha': 'Linha repetida na aprovação.' });
    const zero = [{ linha: 0, quantidadeAprovada: '0', justificativa: 'Acabou' }, { linha: 1, quantidadeAprovada: '0', justificativa: 'Acabou' }];
    expect(aplicarAprovacao(pedidas, zero).erros).toEqual({ itens: 'Nada foi aprovado: para não atender, recuse o pedido.' });
  });
});

describe('linhasRepetidas', () => {
  it('gives the index of each line that repeats a product above', () => {
    expect(linhasRepetidas([{ produto: 'a' }, { produto: 'b' }, { produto: 'a' }, { produto: 'a' }])).toEqual([2, 3]);
  });
});
