import type { LinhaAgenda } from './titulo.ts';

/** What the calendar shows of the agenda on one day (centavos; cancelled installments out). */
export interface TotaisDiaAgenda {
  /** Still open of the installments due that day. */
  aReceber: number;
  aPagar: number;
  /** The part of those that is overdue (due before today, unpaid). */
  vencidoReceber: number;
  vencidoPagar: number;
  /** Settled that day (the money moved, net of reversals). */
  recebido: number;
  pago: number;
}

export interface DiaAgenda extends TotaisDiaAgenda {
  data: string;
}

/** POST /api/calendarioRecebimento/titulos: each day's títulos of the period, the totals and, with `dia`, that day's installments. */
export interface CalendarioAgenda {
  dias: DiaAgenda[];
  totais: TotaisDiaAgenda;
  parcelas: LinhaAgenda[];
}
