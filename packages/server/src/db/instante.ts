import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp column as Date.toISOString() writes it (UTC, milliseconds, 'Z'), written by PostgreSQL: cheaper than
 * node-postgres's Date per row turned back into text, and the same text the API always answered.
 */
export const instanteIso = (coluna: SQL) => sql`to_char(${coluna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
