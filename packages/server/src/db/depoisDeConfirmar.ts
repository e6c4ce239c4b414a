import type { Database, Executor } from './client.ts';

/**
 * Work outside the database that must only see committed rows (a WhatsApp message leaving the queue): kept with
 * the transaction that made them and run by withTenant once it commits; dropped with it on a rollback. Registered
 * on a savepoint's handle, or on a transaction withTenant did not open, it never runs: the periodic job that
 * watches those rows does the work then (each such job exists anyway, for what a crash interrupted).
 */
const pendentes = new WeakMap<object, ((db: Database) => void)[]>();

export function depoisDeConfirmar(tx: Executor, acao: (db: Database) => void): void {
  const lista = pendentes.get(tx);
  if (lista) lista.push(acao);
  else pendentes.set(tx, [acao]);
}

/**
 * withTenant, after `tx` committed: its actions, each on its own. An action starts its work and handles its own
 * failures (the queue logs a failed send); one that throws anyway is reported, not turned into an error answer
 * for a change that is already stored.
 */
export function confirmou(tx: object, db: Database): void {
  const lista = pendentes.get(tx);
  if (!lista) return;
  pendentes.delete(tx);
  for (const acao of lista) {
    try {
      acao(db);
    } catch (erro) {
      process.emitWarning(`Uma ação depois do commit falhou: ${erro instanceof Error ? (erro.stack ?? erro.message) : String(erro)}`);
    }
  }
}
