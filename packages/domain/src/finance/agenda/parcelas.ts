import { somarDias, somarMeses } from '../../shared/datas.ts';

/**
 * Installments and recurrence of a título (financeiroAgenda), pure and on 'aaaa-mm-dd' text:
 * the server writes what these compute and the screen previews the same numbers.
 */

/**
 * `total` centavos split in `n` installments to the centavo; the odd centavos go on the first (a título's
 * installments, a card sale's receivables). A negative total splits the same way, signs kept.
 */
export function dividirEmParcelas(total: number, n: number): number[] {
  if (!Number.isSafeInteger(total)) throw new Error('O total deve ser um inteiro de centavos.');
  if (!Number.isInteger(n) || n < 1) throw new Error('O número de parcelas deve ser ao menos 1.');
  const base = Math.trunc(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? total - base * (n - 1) : base));
}

export type Frequencia = 'mensal' | 'semanal';

export interface Recorrencia {
  frequencia: Frequencia;
  /** How many títulos in all, the first included. */
  ocorrencias: number;
  /** Monthly only: the day of the month each occurrence falls due (default: the first due date's day). */
  diaDoMes?: number | null;
}

export interface ParcelaPlano {
  numero: number;
  vencimento: string;
  valor: number;
}

/** `n` monthly installments of `total` from `primeiroVencimento` (same day each month, clamped). */
export function planoDeParcelas(total: number, n: number, primeiroVencimento: string, dia?: number): ParcelaPlano[] {
  return dividirEmParcelas(total, n).map((valor, i) => ({ numero: i + 1, vencimento: somarMeses(primeiroVencimento, i, dia), valor }));
}

/**
 * The installment plans of every occurrence of a recurrence (the first is the título itself): monthly
 * shifts by months on `diaDoMes`, weekly by 7 days. Generated up front: each occurrence is a título of
 * its own that can be settled, cancelled or attached to, and the agenda, the calendar and the aging
 * read plain rows.
 */
export function ocorrencias(total: number, n: number, primeiroVencimento: string, r: Recorrencia | null): ParcelaPlano[][] {
  const vezes = r ? r.ocorrencias : 1;
  const planos: ParcelaPlano[][] = [];
  for (let k = 0; k < vezes; k++) {
    const inicio = !r ? primeiroVencimento : r.frequencia === 'semanal' ? somarDias(primeiroVencimento, 7 * k) : somarMeses(primeiroVencimento, k, r.diaDoMes ?? undefined);
    planos.push(planoDeParcelas(total, n, inicio, r?.frequencia === 'mensal' ? (r.diaDoMes ?? undefined) : undefined));
  }
  return planos;
}

/** The money a settlement moves: principal + juros + multa − desconto. */
export const totalDaBaixa = (b: { valor: number; juros: number; multa: number; desconto: number }): number => b.valor + b.juros + b.multa - b.desconto;
