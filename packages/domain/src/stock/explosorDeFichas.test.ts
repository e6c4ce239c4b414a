import { describe, expect, it } from 'vitest';
import { qtd, textoQtd } from './custoMedio.ts';
import { explodirFicha, explosorDeFichas, type FichaParaCalculo } from './fichaTecnica.ts';

const fichas = new Map<string, FichaParaCalculo>([
  ['xis', { produto: 'xis', rendimento: '1', itens: [{ produto: 'pao', quantidade: '1', perda: null }, { produto: 'blend', quantidade: '0.15', perda: null }, { produto: 'queijo', quantidade: '0.02', perda: '10' }] }],
  ['blend', { produto: 'blend', rendimento: '3', itens: [{ produto: 'carne', quantidade: '3', perda: null }, { produto: 'sal', quantidade: '0.1', perda: null }] }],
  ['molho', { produto: 'molho', rendimento: '0.7', itens: [{ produto: 'tomate', quantidade: '1.3333', perda: '12.5' }] }],
]);

describe('explosorDeFichas', () => {
  it('answers exactly what explodirFicha answers, for any quantity, computing each product once', () => {
    const explodir = explosorDeFichas(fichas);
    for (const produto of ['xis', 'blend', 'molho', 'suco']) {
      for (const q of ['1', '3', '0.5', '0.0001', '7.3333', '1234.5678', '99999.9999']) {
        expect(explodir(produto, qtd(q)).map(([p, x]) => [p, textoQtd(x)])).toEqual([...explodirFicha(fichas, produto, q)]);
      }
    }
  });
});
