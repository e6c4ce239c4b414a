import { describe, expect, it } from 'vitest';
import { descontarChargeback } from './chargebackNaPrevisao.ts';
import type { Recebivel } from './previsao.ts';

const r = (parcela: number, bruto: number, mdr: number): Recebivel => ({ parcela, dataPrevista: `2097-0${parcela}-10`, vencimento: `2097-0${parcela}-10`, bruto, mdr, tarifa: 0, antecipacao: 0, liquido: bruto - mdr });

describe('receivables net of a chargeback', () => {
  it('takes a partial chargeback from the last installment backwards, up to each gross', () => {
    const tres = [r(1, 3334, 100), r(2, 3333, 100), r(3, 3333, 100)];
    expect(descontarChargeback(tres, 5000).map((x) => [x.chargeback, x.liquido])).toEqual([[0, 3234], [1667, 1566], [3333, -100]]);
  });
  it('a whole chargeback leaves minus the fees; none (or a reversed one, zero) changes nothing', () => {
    expect(descontarChargeback([r(1, 10000, 199)], 10000).map((x) => [x.chargeback, x.liquido])).toEqual([[10000, -199]]);
    expect(descontarChargeback([r(1, 10000, 199)], 0).map((x) => [x.chargeback, x.liquido])).toEqual([[0, 9801]]);
  });
});
