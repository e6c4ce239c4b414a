import { describe, expect, it } from 'vitest';
import { qtd } from './custoMedio.ts';
import { avaliarDisponibilidade, MOTIVO_ESGOTADO } from './disponibilidade.ts';
import type { FichaParaCalculo } from './fichaTecnica.ts';

const fichas = new Map<string, FichaParaCalculo>([
  // A burger: one bun, 150 g of patty mix (a sub-recipe), 20 g of cheese with 10 % lost when sliced, a pinch of salt.
  ['xis', { produto: 'xis', rendimento: '1', itens: [{ produto: 'pao', quantidade: '1', perda: null }, { produto: 'blend', quantidade: '0.15', perda: null }, { produto: 'queijo', quantidade: '0.02', perda: '10' }] }],
  ['blend', { produto: 'blend', rendimento: '3', itens: [{ produto: 'carne', quantidade: '3', perda: null }, { produto: 'sal', quantidade: '0.1', perda: null }] }],
]);
const saldos = (s: Record<string, string>) => new Map(Object.entries(s).map(([p, q]) => [p, qtd(q)]));
const controlados = new Set(['pao', 'carne', 'queijo', 'refri', 'blend']);

describe('availability by stock', () => {
  it('a dish is available while every stocked base ingredient has what one unit takes', () => {
    const e = { fichas, controlados, saldos: saldos({ pao: '1', carne: '0.15', queijo: '0.0222', refri: '3' }) };
    expect(avaliarDisponibilidade(['xis', 'refri'], e)).toEqual(new Map());
  });

  it('one ingredient short (through the sub-recipe) makes it Esgotado, naming what one unit takes and what is there', () => {
    const e = { fichas, controlados, saldos: saldos({ pao: '12', carne: '0.1499', queijo: '1' }) };
    expect(avaliarDisponibilidade(['xis'], e).get('xis')).toEqual({ motivo: MOTIVO_ESGOTADO, faltas: [{ produto: 'carne', necessario: '0.1500', saldo: '0.1499' }] });
  });

  it('an ingredient nobody controls (salt) never blocks; a sub-recipe kept in stock is exploded as the sale does', () => {
    const e = { fichas, controlados, saldos: saldos({ pao: '1', carne: '1', queijo: '1', sal: '-5', blend: '0' }) };
    expect(avaliarDisponibilidade(['xis'], e).size).toBe(0);
  });

  it('a product sold as it is: Esgotado at zero or below, available with any quantity left; not controlled, always available', () => {
    const e = { fichas, controlados, saldos: saldos({ refri: '0' }) };
    expect(avaliarDisponibilidade(['refri', 'agua'], e)).toEqual(new Map([['refri', { motivo: MOTIVO_ESGOTADO, faltas: [{ produto: 'refri', necessario: '0.0000', saldo: '0.0000' }] }]]));
    expect(avaliarDisponibilidade(['refri'], { ...e, saldos: saldos({ refri: '0.3' }) }).size).toBe(0);
    expect(avaliarDisponibilidade(['refri'], { ...e, saldos: saldos({ refri: '-2' }) }).get('refri')?.faltas[0]?.saldo).toBe('-2.0000');
  });
});
