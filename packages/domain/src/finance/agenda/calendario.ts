import type { LinhaAgenda } from './titulo.ts';

/** What the calendar shows of the agenda on one day (centavos; cancelled installments out). */
export interface TotaisDiaAgenda {
  /** Still open of the installments due that day. */
  aReceber: number;
  aPagar: number;
  /** The part of those that is overdue (due before today, unpaid). */
  vencidoReceber: number;
  vencidoPagar: number;
  /** Settled that day (the money moved, net of reversals), that day being today or before. */
  recebido: number;
  pago: number;
  /**
   * Settlements dated that day when it is after today (a "pagamento agendado"): not paid yet, so never in
   * `recebido`/`pago` before their date; the installment they settle is neither open nor overdue on its due date.
   */
  agendadoReceber: number;
  agendadoPagar: number;
}

export interface DiaAgenda extends TotaisDiaAgenda {
  data: string;
}

/** A settlement scheduled for the chosen day (dated after today), as the calendar's day lists it. */
export interface BaixaAgendadaDia {
  _id: string;
  titulo: string;
  tipo: LinhaAgenda['tipo'];
  descricao: string;
  pessoaNome: string | null;
  numero: number;
  parcelas: number;
  /** The installment's due date (earlier, the same or later than the settlement's). */
  vencimento: string;
  contaNome: string | null;
  /** What will move in the account: principal with interest and fine, less the discount. */
  total: number;
}

/**
 * POST /api/calendarioRecebimento/titulos: each day's títulos of the period, the totals and, with `dia`, that
 * day's installments and the settlements scheduled for it.
 */
export interface CalendarioAgenda {
  dias: DiaAgenda[];
  totais: TotaisDiaAgenda;
  parcelas: LinhaAgenda[];
  agendadas: BaixaAgendadaDia[];
}
