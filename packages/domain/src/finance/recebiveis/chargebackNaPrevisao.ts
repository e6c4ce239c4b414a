import { proximoDiaUtil } from './diasUteis.ts';
import type { Recebivel } from './previsao.ts';

/** A payment's chargebacks standing on a day (the rows of that day summed: a reversal carries its original's day, so a reversed one is 0). */
export interface ChargebackDoPagamento {
  data: string;
  valor: number;
}

/**
 * A payment's receivables net of its standing chargebacks. The acquirer takes a chargeback from what it
 * still owes of the payment on or after the chargeback's day, from the last installment backwards (it
 * cancels the future ones first), each up to its gross; what those cannot cover (the receivables were
 * already paid) it takes from its payout of the chargeback's day, or of the next business day when the
 * banks are closed that day: `avulsos`, to be netted there. The
 * fees stay as the contract says (the acquirer keeps them), so a debit charged back whole before its
 * payout is expected at minus its fee.
 */
export function descontarChargeback<R extends Recebivel>(recebiveis: readonly R[], chargebacks: readonly ChargebackDoPagamento[]): { recebiveis: (R & { chargeback: number })[]; avulsos: ChargebackDoPagamento[] } {
  const descontos = new Array<number>(recebiveis.length).fill(0);
  const avulsos: ChargebackDoPagamento[] = [];
  for (const c of [...chargebacks].sort((x, y) => (x.data < y.data ? -1 : x.data > y.data ? 1 : 0))) {
    let resta = c.valor;
    for (let i = recebiveis.length - 1; i >= 0 && resta > 0; i--) {
      if (recebiveis[i]!.dataPrevista < c.data) continue;
      const parte = Math.min(resta, recebiveis[i]!.bruto - descontos[i]!);
      descontos[i]! += parte;
      resta -= parte;
    }
    if (resta > 0) avulsos.push({ data: proximoDiaUtil(c.data), valor: resta });
  }
  return { recebiveis: recebiveis.map((r, i) => ({ ...r, chargeback: descontos[i]!, liquido: r.liquido - descontos[i]! })), avulsos };
}
