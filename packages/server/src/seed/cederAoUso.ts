import { emUso, type Database, type Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

const dormir = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Between two batches of the background fill: when anyone else is using the database (the embedded
 * one has a single connection: a query waiting, or every connection taken), wait until it has been
 * quiet for `quieto` ms, so a sign-in's few queries in a row are answered one after the other instead
 * of each waiting behind a batch. Never more than `maximo` ms, so a busy screen does not stop the fill.
 */
export async function cederAoUso(db: Database, { quieto = 150, maximo = 2_000 } = {}): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!emUso(db)) return;
  const inicio = Date.now();
  let ultimoUso = inicio;
  while (Date.now() - inicio < maximo) {
    await dormir(10);
    if (emUso(db)) ultimoUso = Date.now();
    else if (Date.now() - ultimoUso >= quieto) return;
  }
}

/**
 * `fazer` for each item, `tamanho` items per transaction, giving way (cederAoUso) before each: a long
 * list of registrations without holding the embedded database's one connection for seconds.
 */
export async function emLotes<T, R>(db: Database, s: SessaoRequest, itens: readonly T[], tamanho: number, fazer: (tx: Transaction, item: T) => Promise<R>): Promise<R[]> {
  const feitos: R[] = [];
  for (let i = 0; i < itens.length; i += tamanho) {
    await cederAoUso(db);
    feitos.push(
      ...(await withTenant(db, s, async (tx) => {
        const lote: R[] = [];
        for (const item of itens.slice(i, i + tamanho)) lote.push(await fazer(tx, item));
        return lote;
      })),
    );
  }
  return feitos;
}
