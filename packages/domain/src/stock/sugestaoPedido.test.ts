import { describe, expect, it } from 'vitest';
import { calcularSugestao, filtroSugestaoPedidoSchema } from './sugestaoPedido.ts';

const base = { saldo: '4', minimo: '5', maximo: '12', consumo: '28', dias: 14, emPedido: '0', prazoEntrega: 3, revisao: 7, fator: '5' };

describe('calcularSugestao', () => {
  it('buys up to the larger of the maximum and minimum + coverage, less balance and open orders, in whole purchase units', () => {
    // 28 kg in 14 days = 2/day; coverage 2 × (3 + 7) = 20; target max(12, 5 + 20) = 25; need 25 − 4 − 0 = 21 kg; 21 ÷ 5 = 4.2 → 5 bags.
    expect(calcularSugestao(base)).toEqual({ consumoDia: 20000n, cobertura: 200000n, alvo: 250000n, necessidade: 210000n, sugerido: 5n });
    // The maximum wins when it is above: target 30, need 30 − 4 − 6 = 20 → exactly 4 bags.
    expect(calcularSugestao({ ...base, maximo: '30', emPedido: '6' })).toMatchObject({ alvo: 300000n, necessidade: 200000n, sugerido: 4n });
  });

  it('without a maximum uses minimum + coverage; without a minimum, the coverage alone', () => {
    expect(calcularSugestao({ ...base, maximo: null })).toMatchObject({ alvo: 250000n, sugerido: 5n });
    expect(calcularSugestao({ ...base, maximo: null, minimo: null, saldo: '0' })).toMatchObject({ alvo: 200000n, necessidade: 200000n, sugerido: 4n });
  });

  it('suggests nothing when stock and open orders cover the target, or when there is no supplier', () => {
    expect(calcularSugestao({ ...base, saldo: '20', emPedido: '5' })).toMatchObject({ necessidade: 0n, sugerido: 0n });
    expect(calcularSugestao({ ...base, saldo: '30' })).toMatchObject({ necessidade: -50000n, sugerido: 0n });
    expect(calcularSugestao({ ...base, fator: null })).toMatchObject({ necessidade: 210000n, sugerido: 0n });
  });

  it('keeps exact decimals: a third of a kilo a day over 8 weeks, a factor of 0.5', () => {
    // 18.6667 kg in 56 days: 0.33333… /day shown as 0.3333; coverage over 10 days 3.3333; need 1 + 3.3333 − 0 = 4.3333 → ÷ 0.5 = 8.67 → 9.
    expect(calcularSugestao({ saldo: '0', minimo: '1', maximo: null, consumo: '18.6667', dias: 56, emPedido: '0', prazoEntrega: 3, revisao: 7, fator: '0.5' })).toEqual({
      consumoDia: 3333n,
      cobertura: 33333n,
      alvo: 43333n,
      necessidade: 43333n,
      sugerido: 9n,
    });
  });
});

describe('filtroSugestaoPedidoSchema', () => {
  it('defaults to 8 weeks and 7 review days and refuses a non-integer week count', () => {
    expect(filtroSugestaoPedidoSchema.parse({})).toMatchObject({ semanas: 8, revisao: 7, local: null });
    expect(filtroSugestaoPedidoSchema.safeParse({ semanas: '2.5' }).success).toBe(false);
  });
});
