import { sql, type SQL } from 'drizzle-orm';

/** The stores' clock: days and hours of sales are São Paulo's (UTC−3, no daylight saving since 2019). */
export const FUSO = 'America/Sao_Paulo';

/** [start, end) of the days from `de` to `ate` (inclusive) in the stores' clock, for an indexed range. */
export function intervaloDeDias(coluna: SQL, de: string, ate: string): SQL {
  return sql`${coluna} >= (${de}::date)::timestamp at time zone ${FUSO} and ${coluna} < ((${ate}::date + 1)::timestamp at time zone ${FUSO})`;
}
