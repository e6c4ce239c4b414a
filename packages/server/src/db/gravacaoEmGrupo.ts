import type { Database } from './client.ts';

interface Pendente<E, R> {
  entrada: E;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** A transaction's statements cost the same for one entry or for dozens; more than this waits for the next. */
const MAXIMO_POR_LOTE = 64;

/**
 * How a write takes its entries: `primeira` is known at once (it names the tenant, to open the
 * transaction with); `tomar()` hands over the batch when the transaction is ready for its first
 * statement, with every entry that arrived meanwhile. Called again (a retry after a lost connection),
 * it answers the same batch.
 */
export type GravarLote<E, R> = (primeira: E, tomar: () => E[]) => Promise<R[]>;

// Per database (tests run several apps in one process) and key: the entries waiting for a write.
const filas = new WeakMap<Database, Map<string, Pendente<unknown, unknown>[]>>();

/**
 * Group commit: entries of one key (one company's sales) are written together, in one transaction. An
 * entry that finds nothing running starts a write at once, so no wait is ever added; the write takes
 * its batch only once its transaction is open, so entries arriving while it connects and begins ride
 * along instead of waiting for a write of their own (eight terminals answered together send again
 * together: one transaction for the eight, not one for the first and one for the other seven). Entries
 * arriving after that wait for the next write, which starts as soon as this one ends. When a shared
 * write fails, each of its entries is written again on its own: one entry's error (a product not found)
 * never refuses another, and each gets its own answer.
 */
export function gravarEmGrupo<E, R>(db: Database, chave: string, entrada: E, gravar: GravarLote<E, R>): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let porChave = filas.get(db);
    if (!porChave) filas.set(db, (porChave = new Map()));
    const fila = porChave.get(chave);
    const pendente = { entrada, resolve, reject } as Pendente<unknown, unknown>;
    if (fila) {
      fila.push(pendente);
      return;
    }
    porChave.set(chave, [pendente]);
    void escrever(porChave, chave, gravar as GravarLote<unknown, unknown>);
  });
}

/** Writes the key's waiting entries, then again while more arrived, then lets the key go. */
async function escrever(porChave: Map<string, Pendente<unknown, unknown>[]>, chave: string, gravar: GravarLote<unknown, unknown>) {
  const fila = porChave.get(chave)!;
  for (;;) {
    const primeira = fila[0]!;
    // Taken inside the write (tomar), so seen here as possibly set.
    let lote = null as Pendente<unknown, unknown>[] | null;
    const tomar = () => (lote ??= fila.splice(0, MAXIMO_POR_LOTE)).map((p) => p.entrada);
    try {
      const respostas = await gravar(primeira.entrada, tomar);
      lote!.forEach((p, i) => p.resolve(respostas[i]));
    } catch (erro) {
      // Failed before taking its batch (no connection for ESPERA_PELO_BANCO_MS, BEGIN refused): no entry
      // caused it, and the entries waiting now have waited as long; each gets the error, none waits a
      // window of its own behind the others.
      if (!lote) for (const p of fila.splice(0, MAXIMO_POR_LOTE)) p.reject(erro);
      else if (lote.length === 1) lote[0]!.reject(erro);
      else
        await Promise.all(
          lote.map((p) =>
            gravar(p.entrada, () => [p.entrada]).then(
              ([r]) => p.resolve(r),
              (e: unknown) => p.reject(e),
            ),
          ),
        );
    }
    if (!fila.length) {
      porChave.delete(chave);
      return;
    }
  }
}
