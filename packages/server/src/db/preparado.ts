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
  return executarTextoPreparado<T>(tx, nomeDoTexto(query.sql), query.sql, query.params);
}

// The names of the texts seen (a few dozen): a map lookup costs less than hashing a sale batch's long text on every call.
const nomes = new Map<string, string>();
const NOMES_GUARDADOS = 500;
function nomeDoTexto(texto: string): string {
  let nome = nomes.get(texto);
  if (nome === undefined) {
    nome = `p_${createHash('sha1').update(texto).digest('hex').slice(0, 20)}`;
    if (nomes.size < NOMES_GUARDADOS) nomes.set(texto, nome);
  }
  return nome;
}

/**
 * A statement whose text is fixed (written once, $1… for its parameters) run as the named statement
 * `nome`: nothing is built per call. For the hottest statements, where building the query from
 * drizzle's pieces cost more than running it.
 */
export async function executarTextoPreparado<T>(tx: Executor, nome: string, texto: string, parametros: unknown[]): Promise<T[]> {
  const resultado = await tx._.session.prepareQuery({ sql: texto, params: parametros }, undefined, nome, false).execute();
  return (resultado as { rows: T[] }).rows;
}
