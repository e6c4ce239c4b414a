import type { Database, Executor, Transaction } from './client.ts';

/**
 * Work outside the database that must only see committed rows (a WhatsApp message leaving the queue): kept with
 * the transaction that made them and run by withTenant once it commits; dropped with it on a rollback. A savepoint
 * opened with `noSavepoint` hands its work to the transaction around it when it is released. Registered on a
 * transaction withTenant did not open, it never runs: the periodic job that watches those rows does the work then
 * (each such job exists anyway, for what a crash interrupted).
 */
const pendentes = new WeakMap<object, ((db: Database) => void)[]>();

export function depoisDeConfirmar(tx: Executor, acao: (db: Database) => void): void {
  const lista = pendentes.get(tx);
  if (lista) lista.push(acao);
  else pendentes.set(tx, [acao]);
}

/**
 * `trabalho` in a savepoint of `tx` (rolled back alone when it throws): what it kept for after the commit goes to
 * `tx` once it is released, and is dropped with it otherwise.
 */
export async function noSavepoint<T>(tx: Transaction, trabalho: (savepoint: Transaction) => Promise<T>): Promise<T> {
  let savepoint: Transaction | undefined;
  const resultado = await tx.transaction((sp) => {
    savepoint = sp;
    return trabalho(sp);
  });
  const lista = savepoint && pendentes.get(savepoint);
  if (lista) {
    pendentes.delete(savepoint!);
    for (const acao of lista) depoisDeConfirmar(tx, acao);
  }
  return resultado;
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
