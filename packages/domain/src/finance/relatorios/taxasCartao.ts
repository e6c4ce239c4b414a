import { z } from 'zod';

/**
 * relatorioFinanceiroTaxasCartao, the fee audit (issue 14): for each acquirer, per brand and day, the
 * fee its contract says (the receivables forecast by the operadora's rules) against the fee actually
 * taken (the day's gross less its chargebacks and the bank credit reconciled to it), the difference in
 * reais; chargebacks in their own column, never counted as fee, and so the discount of an anticipation
 * the acquirer made on its own (its cost and effective monthly rate).
 */

const dataIso = z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' });

export const filtroTaxasCartaoSchema = z
  .object({
    de: dataIso,
    ate: dataIso,
    empresas: z.array(z.string({ error: 'Empresa inválida.' }).trim().min(1, 'Empresa inválida.'), { error: 'Informe a lista de empresas.' }).max(200, 'No máximo 200 empresas.').default([]),
    operadora: z.string().trim().min(1).optional(),
  })
  .refine((f) => f.de <= f.ate, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
  .refine((f) => f.de > '1900' && Date.parse(f.ate) - Date.parse(f.de) <= 92 * 86_400_000, { path: ['ate'], message: 'No máximo três meses por consulta.' });
export type FiltroTaxasCartao = z.output<typeof filtroTaxasCartaoSchema>;

export const rotulosFiltroTaxasCartao: Record<string, string> = { de: 'De', ate: 'Até', empresas: 'Empresas', operadora: 'Operadora' };

export interface ValoresTaxa {
  /** Gross of the sales expected that day. */
  bruto: number;
  /** The contract's fee (MDR, fixed fee, anticipation). */
  taxaContrato: number;
  /** Chargebacks standing (reversed ones out) the acquirer takes from that day's receivables: not a fee. */
  chargeback: number;
  /** gross − contract fee − chargebacks. */
  liquidoPrevisto: number;
  /** What the bank credited, and the fee that implies (gross − chargebacks − credit − anticipation cost). */
  pago: number;
  taxaCobrada: number;
  /**
   * The discount of an anticipation the acquirer made on its own (a credit before the forecast dates): a
   * cost of money, not a fee, so apart from the MDR difference. 0 for days paid on their date.
   */
  antecipacao: number;
  /** Σ anticipated net × days anticipated (centavos·days): the base of the effective monthly rate (taxaMensalAntecipacao). */
  antecipacaoPrazo: number;
  /** taxaCobrada − taxaContrato: positive is charged above the contract. */
  diferenca: number;
}

export interface LinhaTaxaCartao extends ValoresTaxa {
  operadora: string | null;
  operadoraNome: string;
  bandeira: string | null;
  bandeiraNome: string;
  /** The receivable's day. */
  data: string;
  empresa: string;
  empresaNome: string;
}

/** An acquirer's totals, its stores' records (operadora is per company) together under its name. */
export interface TotalTaxaOperadora extends ValoresTaxa {
  /** The first store's record. */
  operadora: string | null;
  operadoraNome: string;
  /** Operadora-days reconciled. */
  dias: number;
}

export interface RelatorioTaxasCartao {
  /** Per operadora, brand and day (a day's credit shared among its brands by their expected net). */
  linhas: LinhaTaxaCartao[];
  porOperadora: TotalTaxaOperadora[];
  totais: ValoresTaxa;
}
