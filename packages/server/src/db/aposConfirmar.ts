/**
 * Work to run once a transaction has committed (an in-memory cache dropping what the transaction
 * changed: done before COMMIT, a request in between would read the old rows again and keep them).
 * Registered by the pool transaction of transacaoSegura.ts, keyed by its drizzle session, which the
 * savepoints inside it share.
 */

type Acao = (pool: object | undefined) => void;

const abertas = new WeakMap<object, { pool: object; acoes: Acao[] }>();

const sessaoDe = (tx: object): object | undefined => (tx as { session?: object }).session;

/** transacaoSegura.ts: a transaction of `pool` opened on this drizzle session. */
export function transacaoAberta(sessao: object, pool: object): void {
  abertas.set(sessao, { pool, acoes: [] });
}

/**
 * transacaoSegura.ts: the transaction ended. Its actions run once COMMIT was sent, even if the answer
 * was lost with the connection (maybe committed: an action that drops cached copies is then still due);
 * never after the work failed and was rolled back. An action's error is not the request's.
 */
export function transacaoEncerrada(sessao: object, confirmada: boolean): void {
  const aberta = abertas.get(sessao);
  abertas.delete(sessao);
  if (!confirmada || !aberta) return;
  for (const acao of aberta.acoes) {
    try {
      acao(aberta.pool);
    } catch {
      // Nothing to undo: the data is committed.
    }
  }
}

/**
 * Runs `acao` after the transaction of `tx` commits, with the pool it ran on; never when its work failed.
 * Outside a pool transaction (a plain connection, the write already done) it runs now, without a pool.
 */
export function aposConfirmar(tx: object, acao: Acao): void {
  const sessao = sessaoDe(tx);
  const aberta = sessao ? abertas.get(sessao) : undefined;
  if (aberta) aberta.acoes.push(acao);
  else acao(undefined);
}
