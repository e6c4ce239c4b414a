import { describe, expect, it } from 'vitest';
import { descontarChargeback, repartirChargebacks } from './chargebackNaPrevisao.ts';
import type { Recebivel } from './previsao.ts';

const r = (parcela: number, bruto: number, mdr: number): Recebivel => ({ parcela, dataPrevista: `2097-0${parcela}-10`, vencimento: `2097-0${parcela}-10`, bruto, mdr, tarifa: 0, antecipacao: 0, liquido: bruto - mdr });
const resumo = (x: ReturnType<typeof descontarChargeback>) => [x.recebiveis.map((y) => [y.chargeback, y.liquido]), x.avulsos];

describe('receivables net of chargebacks', () => {
  it('takes a chargeback before the payouts from the last installment backwards, up to each gross', () => {
    const tres = [r(1, 3334, 100), r(2, 3333, 100), r(3, 3333, 100)];
    expect(resumo(descontarChargeback(tres, [{ data: '2097-01-01', valor: 5000 }]))).toEqual([[[0, 3234], [1667, 1566], [3333, -100]], []]);
  });
  it('a whole chargeback before the payout leaves minus the fee; none (or a reversed one, zero) changes nothing', () => {
    expect(resumo(descontarChargeback([r(1, 10000, 199)], [{ data: '2097-01-05', valor: 10000 }]))).toEqual([[[10000, -199]], []]);
    expect(resumo(descontarChargeback([r(1, 10000, 199)], [{ data: '2097-01-05', valor: 0 }]))).toEqual([[[0, 9801]], []]);
  });
  it('after a payout, only the later installments are taken; what they cannot cover comes off the payout of the chargeback’s day', () => {
    const tres = [r(1, 3334, 100), r(2, 3333, 100), r(3, 3333, 100)];
    // On 15/02: installment 1 (10/01) and 2 (10/02) were paid; 3 (10/03) covers 3.333, the other 1.667 is taken on 15/02.
    expect(resumo(descontarChargeback(tres, [{ data: '2097-02-15', valor: 5000 }]))).toEqual([[[0, 3234], [0, 3233], [3333, -100]], [{ data: '2097-02-15', valor: 1667 }]]);
    // A debit paid on 10/01 and charged back on Monday 21/01: all of it on the 21st.
    expect(resumo(descontarChargeback([r(1, 5000, 75)], [{ data: '2097-01-21', valor: 5000 }]))).toEqual([[[0, 4925]], [{ data: '2097-01-21', valor: 5000 }]]);
    // Charged back on Saturday 21/11/2026: taken from Monday's payout (the 20th, Friday, is a holiday anyway).
    const pago = { ...r(1, 5000, 75), dataPrevista: '2026-11-19', vencimento: '2026-11-19' };
    expect(descontarChargeback([pago], [{ data: '2026-11-21', valor: 5000 }]).avulsos).toEqual([{ data: '2026-11-23', valor: 5000 }]);
  });
  it('names which chargeback each part is and which payout it comes off, oldest first, so a matched payout knows what it settled', () => {
    const tres = [r(1, 3334, 100), r(2, 3333, 100), r(3, 3333, 100)];
    // Listed newest first: the 01/02 one (4.000) is taken first, from installments 3 and 2; the 15/02 one (2.000) finds installment 3 used up and 2 past.
    const partes = repartirChargebacks(tres, [{ data: '2097-02-15', valor: 2000 }, { data: '2097-02-01', valor: 4000 }]);
    expect(partes).toEqual([
      { indice: 1, data: '2097-03-10', valor: 3333, recebivel: 2 },
      { indice: 1, data: '2097-02-10', valor: 667, recebivel: 1 },
      { indice: 0, data: '2097-02-15', valor: 2000, recebivel: null },
    ]);
    // The same totals as the forecast nets.
    const x = descontarChargeback(tres, [{ data: '2097-02-15', valor: 2000 }, { data: '2097-02-01', valor: 4000 }]);
    expect(resumo(x)).toEqual([[[0, 3234], [667, 2566], [3333, -100]], [{ data: '2097-02-15', valor: 2000 }]]);
  });
});
