/** The open cash period of this computer's terminal (SPEC.md §3: existing, open flag, id, opening date). */
export interface PeriodoAberto {
  existe: boolean;
  aberto: boolean;
  _id: string | null;
  dataAbertura: string | null;
}

export const semPeriodo: PeriodoAberto = { existe: false, aberto: false, _id: null, dataAbertura: null };

const idDe = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as { _id?: unknown })._id === 'string' ? (v as { _id: string })._id : null;

/**
 * SPEC.md §4: a cash period is open for the terminal when a period of the open list belongs to the
 * terminal's cashier (configuracoes.caixa, an id or the populated record); then its id, the open flag
 * and the opening date are recorded.
 */
export function periodoDoTerminal(periodos: readonly Record<string, unknown>[], terminal: Record<string, unknown> | null): PeriodoAberto {
  const caixa = idDe((terminal?.configuracoes as { caixa?: unknown } | undefined)?.caixa);
  if (!caixa) return semPeriodo;
  const periodo = periodos.find((p) => idDe(p.caixa) === caixa && p.periodoAberto !== false);
  if (!periodo) return semPeriodo;
  return { existe: true, aberto: true, _id: String(periodo._id), dataAbertura: typeof periodo.dataAbertura === 'string' ? periodo.dataAbertura : null };
}
