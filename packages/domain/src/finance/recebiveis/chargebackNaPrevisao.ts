import type { Recebivel } from './previsao.ts';

/**
 * A payment's receivables net of its standing chargebacks (reversals already subtracted): the acquirer
 * takes the amount back from what it still owes, from the last installment backwards (it cancels the
 * future ones first), each installment up to its gross. The fees stay as the contract says (the acquirer
 * keeps them), so a chargeback of the whole payment leaves the net at minus the fees.
 */
export function descontarChargeback<R extends Recebivel>(recebiveis: readonly R[], chargeback: number): (R & { chargeback: number })[] {
  let resta = Math.max(0, chargeback);
  const descontos = new Array<number>(recebiveis.length).fill(0);
  for (let i = recebiveis.length - 1; i >= 0 && resta > 0; i--) {
    descontos[i] = Math.min(resta, recebiveis[i]!.bruto);
    resta -= descontos[i]!;
  }
  return recebiveis.map((r, i) => ({ ...r, chargeback: descontos[i]!, liquido: r.liquido - descontos[i]! }));
}
