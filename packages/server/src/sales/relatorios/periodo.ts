import { sql, type SQL } from 'drizzle-orm';

/** The stores' clock: days and hours of sales are São Paulo's (UTC−3, no daylight saving since 2019). */
export const FUSO = 'America/Sao_Paulo';

/** [start, end) of the days from `de` to `ate` (inclusive) in the stores' clock, for an indexed range. */
export function intervaloDeDias(coluna: SQL, de: string, ate: string): SQL {
  return sql`${coluna} >= (${de}::date)::timestamp at time zone ${FUSO} and ${coluna} < ((${ate}::date + 1)::timestamp at time zone ${FUSO})`;
}

/** 'aaaa-mm-dd' plus n days. */
export function somarDias(data: string, n: number): string {
  return new Date(Date.parse(`${data}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Today in the stores' clock. */
export function hojeNoFuso(agora = new Date()): string {
  return new Date(agora.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}
