import type { Database } from './client.ts';

interface Pendente<E, R> {
  entrada: E;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/** A transaction's statements cost the same for one entry or for dozens; more than this waits for the next. */
const MAXIMO_POR_LOTE = 64;

// Per database (tests run several apps in one process) and key: the entries waiting while a write runs.
const filas = new WeakMap<Database, Map<string, Pendente<unknown, unknown>[]>>();

/**
 * Group commit: entries of one key (one company's sales) that arrive while the key's previous write is
 * running are written together, in one transaction, as soon as it ends. At the peak, eight terminals
 * sending at once cost one round of statements instead of eight; an entry that finds nothing running is
 * written at once, alone, so no wait is ever added. When a shared write fails, each of its entries is
 * written again on its own: one entry's error (a product not found) never refuses another, and each
 * gets its own answer.
 */
export function gravarEmGrupo<E, R>(db: Database, chave: string, entrada: E, gravar: (lote: E[]) => Promise<R[]>): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let porChave = filas.get(db);
    if (!porChave) filas.set(db, (porChave = new Map()));
    const pendente = { entrada, resolve, reject } as Pendente<unknown, unknown>;
    const fila = porChave.get(chave);
    if (fila) {
      fila.push(pendente);
      return;
    }
    porChave.set(chave, []);
    void escrever(porChave, chave, [pendente], gravar as (lote: unknown[]) => Promise<unknown[]>);
  });
}

async function escrever(porChave: Map<string, Pendente<unknown, unknown>[]>, chave: string, lote: Pendente<unknown, unknown>[], gravar: (lote: unknown[]) => Promise<unknown[]>) {
  try {
    const respostas = await gravar(lote.map((p) => p.entrada));
    lote.forEach((p, i) => p.resolve(respostas[i]));
  } catch (erro) {
    if (lote.length === 1) lote[0]!.reject(erro);
    else
      await Promise.all(
        lote.map((p) =>
          gravar([p.entrada]).then(
            ([r]) => p.resolve(r),
            (e: unknown) => p.reject(e),
          ),
        ),
      );
  }
  const fila = porChave.get(chave)!;
  if (!fila.length) {
    porChave.delete(chave);
    return;
  }
  void escrever(porChave, chave, fila.splice(0, MAXIMO_POR_LOTE), gravar);
}
