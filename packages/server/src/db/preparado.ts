import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs `consulta` as a named (prepared) statement: PostgreSQL parses and plans it once per connection,
 * not on every call. For statements run many times a second whose planning costs more than running
 * them (sales ingestion). The name comes from the text, so each variant of the text is its own statement.
 */
export async function executarPreparado<T>(tx: Executor, consulta: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(consulta);
  const nome = `p_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  const resultado = await tx._.session.prepareQuery(query, undefined, nome, false).execute();
  return (resultado as { rows: T[] }).rows;
}
