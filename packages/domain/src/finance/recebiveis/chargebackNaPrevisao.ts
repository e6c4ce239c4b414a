import { proximoDiaUtil } from './diasUteis.ts';
import type { Recebivel } from './previsao.ts';

/** A payment's chargebacks standing on a day (the rows of that day summed: a reversal carries its original's day, so a reversed one is 0). */
export interface ChargebackDoPagamento {
  data: string;
  valor: number;
}

/** What of chargeback `indice` (its place in the list given) the acquirer takes from its payout of `data`; `recebivel` is the receivable's index, null for the payout of the chargeback's own day. */
export interface ParteDoChargeback {
  indice: number;
  data: string;
  valor: number;
  recebivel: number | null;
}

/**
 * Where the acquirer takes each chargeback of a payment from: what it still owes of the payment on or
 * after the chargeback's day, from the last installment backwards (it cancels the future ones first),
 * each up to its gross; what those cannot cover (the receivables were already paid) it takes from its
 * payout of the chargeback's day, or of the next business day when the banks are closed that day.
 * Chargebacks are taken oldest first.
 */
export function repartirChargebacks(recebiveis: readonly Recebivel[], chargebacks: readonly ChargebackDoPagamento[]): ParteDoChargeback[] {
  const descontos = new Array<number>(recebiveis.length).fill(0);
  const partes: ParteDoChargeback[] = [];
  const ordem = chargebacks.map((c, indice) => ({ c, indice })).sort((x, y) => (x.c.data < y.c.data ? -1 : x.c.data > y.c.data ? 1 : x.indice - y.indice));
  for (const { c, indice } of ordem) {
    let resta = c.valor;
    for (let i = recebiveis.length - 1; i >= 0 && resta > 0; i--) {
      if (recebiveis[i]!.dataPrevista < c.data) continue;
      const parte = Math.min(resta, recebiveis[i]!.bruto - descontos[i]!);
      if (parte <= 0) continue;
      descontos[i]! += parte;
      resta -= parte;
      partes.push({ indice, data: recebiveis[i]!.dataPrevista, valor: parte, recebivel: i });
    }
    if (resta > 0) partes.push({ indice, data: proximoDiaUtil(c.data), valor: resta, recebivel: null });
  }
  return partes;
}

/**
 * A payment's receivables net of its standing chargebacks (repartirChargebacks): each receivable less
 * what is taken from it, and `avulsos`, what is taken from the payout of the chargeback's day, to be
 * netted there. The fees stay as the contract says (the acquirer keeps them), so a debit charged back
 * whole before its payout is expected at minus its fee.
 */
export function descontarChargeback<R extends Recebivel>(recebiveis: readonly R[], chargebacks: readonly ChargebackDoPagamento[]): { recebiveis: (R & { chargeback: number })[]; avulsos: ChargebackDoPagamento[] } {
  const descontos = new Array<number>(recebiveis.length).fill(0);
  const avulsos: ChargebackDoPagamento[] = [];
  for (const p of repartirChargebacks(recebiveis, chargebacks)) {
    if (p.recebivel === null) avulsos.push({ data: p.data, valor: p.valor });
    else descontos[p.recebivel]! += p.valor;
  }
  return { recebiveis: recebiveis.map((r, i) => ({ ...r, chargeback: descontos[i]!, liquido: r.liquido - descontos[i]! })), avulsos };
}
