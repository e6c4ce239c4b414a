/** Socket errors of a connection that went away or could not be made. */
const ERROS_DE_REDE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);
/** SQLSTATE of a session the server ended or would not open: class 08, admin/crash shutdown, starting up. */
const ESTADOS_SEM_SESSAO = /^(08...|57P0[1-3])$/;
/** node-postgres's own words for a connection it lost or closed. */
const MENSAGENS_DO_DRIVER = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * True when `erro` (or what caused it: drizzle wraps the driver's error) says the database connection
 * was lost or could not be made, rather than a statement failing: the database restarting, the
 * embedded child killed, pg_terminate_backend. Nothing can be said about the data from it: the
 * transaction may or may not have committed if the connection went away during COMMIT.
 */
export function conexaoPerdida(erro: unknown): boolean {
  for (let e: unknown = erro, profundidade = 0; e instanceof Error && profundidade < 5; e = e.cause, profundidade++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (ERROS_DE_REDE.has(code) || ESTADOS_SEM_SESSAO.test(code))) return true;
    if (MENSAGENS_DO_DRIVER.test(e.message)) return true;
  }
  return false;
}

/**
 * How long idempotent work waits for the database to come back: the embedded one restarts in a few
 * seconds (longer on a busy machine); a PostgreSQL connection is replaced at once.
 */
export const ESPERA_PELO_BANCO_MS = 30_000;

/**
 * Runs `trabalho` again on a new connection while the connection is lost, for up to `limiteMs`. Only
 * for work that is safe to repeat whatever happened to the first attempt (storing a sale: idempotent by
 * terminal and pedidoId), since a connection lost during COMMIT leaves the outcome unknown; repeating
 * it is also how that outcome is learnt.
 */
export async function repetirAoPerderConexao<T>(trabalho: () => Promise<T>, limiteMs = ESPERA_PELO_BANCO_MS): Promise<T> {
  const ate = Date.now() + limiteMs;
  for (let tentativa = 0; ; tentativa++) {
    try {
      return await trabalho();
    } catch (erro) {
      const resta = ate - Date.now();
      if (!conexaoPerdida(erro) || resta <= 0) throw erro;
      await new Promise((pronto) => setTimeout(pronto, Math.min(100 * 2 ** tentativa, 2_000, resta)));
    }
  }
}
