import { z } from 'zod';

/** financeiroResumo, the finance dashboard (issue 14): balances, what falls due, the 90-day cash flow. */

export const filtroResumoSchema = z.object({
  /** The stores (none: every one the user may use). */
  empresas: z.array(z.string({ error: 'Empresa inválida.' }).trim().min(1, 'Empresa inválida.'), { error: 'Informe a lista de empresas.' }).max(200, 'No máximo 200 empresas.').default([]),
});
export type FiltroResumo = z.output<typeof filtroResumoSchema>;

/** Days of realised flow (up to today, inclusive) and of projected flow (after today): 90 in all. */
export const DIAS_REALIZADOS = 30;
export const DIAS_PREVISTOS = 60;

export interface SaldoContaResumo {
  conta: string;
  nome: string;
  tipo: string;
  empresa: string;
  empresaNome: string;
  /** The kept balance (every movement). */
  saldo: number;
}

export interface QuantoVence {
  quantidade: number;
  valor: number;
}

export interface VencimentosResumo {
  hoje: QuantoVence;
  vencido: QuantoVence;
}

export interface DiaFluxo {
  data: string;
  /** Money in and out (out negative) on that day: the ledger up to today, the forecast after it. */
  entradas: number;
  saidas: number;
  /** Of the projected entradas, the card and voucher receivables forecast. */
  cartoes: number;
  /**
   * Of the projected entradas and saídas, the ledger's rows already dated that day (net): settlements scheduled
   * for it (a "pagamento agendado") and any movement entered ahead. Up to today they are the realised flow.
   */
  agendado: number;
  previsto: boolean;
  /** The balance of every account at the end of the day (projected after today). */
  saldo: number;
}

export interface ResumoFinanceiro {
  hoje: string;
  empresas: { _id: string; nome: string }[];
  contas: SaldoContaResumo[];
  saldoTotal: number;
  pagar: VencimentosResumo;
  receber: VencimentosResumo;
  fluxo: DiaFluxo[];
  /** Sums of the chart's two parts. */
  realizado: { entradas: number; saidas: number };
  previsto: { entradas: number; saidas: number; cartoes: number; agendado: number };
}
