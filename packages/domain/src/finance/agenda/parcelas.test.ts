import { describe, expect, it } from 'vitest';
import { dividirEmParcelas, ocorrencias, planoDeParcelas, totalDaBaixa } from './parcelas.ts';

describe('installments of a título', () => {
  it('splits to the centavo with the odd centavos on the first', () => {
    expect(dividirEmParcelas(100000, 3)).toEqual([33334, 33333, 33333]);
    expect(dividirEmParcelas(10, 3)).toEqual([4, 3, 3]);
    expect(dividirEmParcelas(2, 3)).toEqual([2, 0, 0]);
    expect(dividirEmParcelas(123456789, 12).reduce((a, b) => a + b)).toBe(123456789);
    expect(dividirEmParcelas(999, 1)).toEqual([999]);
    expect(() => dividirEmParcelas(10.5, 2)).toThrow();
  });

  it('falls due monthly on the same day, pulled back to a short month’s last day and not drifting', () => {
    expect(planoDeParcelas(30000, 4, '2026-01-31').map((p) => p.vencimento)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('a recurrence generates its occurrences up front: monthly on a day of month, or weekly', () => {
    const mensal = ocorrencias(150000, 1, '2026-01-05', { frequencia: 'mensal', ocorrencias: 3, diaDoMes: 31 });
    expect(mensal.map((o) => o[0]!.vencimento)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    const semanal = ocorrencias(5000, 2, '2026-12-28', { frequencia: 'semanal', ocorrencias: 2 });
    expect(semanal.map((o) => o.map((p) => `${p.vencimento} ${p.valor}`))).toEqual([
      ['2026-12-28 2500', '2027-01-28 2500'],
      ['2027-01-04 2500', '2027-02-04 2500'],
    ]);
    expect(ocorrencias(700, 1, '2026-05-01', null)).toEqual([[{ numero: 1, vencimento: '2026-05-01', valor: 700 }]]);
  });

  it('a settlement moves principal + interest + fine − discount', () => {
    expect(totalDaBaixa({ valor: 10000, juros: 33, multa: 200, desconto: 50 })).toBe(10183);
  });
});
