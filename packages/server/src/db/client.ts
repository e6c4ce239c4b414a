import type { EventEmitter } from 'node:events';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { IDLE_TIMEOUTS_MS } from '../timeouts.ts';
import * as schema from './schema/index.ts';
import { corrigirTransacaoDoDrizzle } from './transacaoSegura.ts';

corrigirTransacaoDoDrizzle();

export type Database = NodePgDatabase<typeof schema>;
/** The handle a db.transaction() callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Database;
}

/** Options pg-pool 3 reads that @types/pg 8.6 predates. */
interface PoolHooks {
  /** The class of each new connection. */
  Client: typeof pg.Client;
  /** Run on each new connection before anyone uses it; a failure closes it and fails that checkout. */
  onConnect(client: pg.Client): Promise<void>;
}

/**
 * A new connection must start a new session. On PostgreSQL it always does. The embedded PGlite is ONE
 * session for every connection its socket server accepts (one WASM backend): what a closed connection
 * left there stays for the next one. node-postgres starts each connection believing no named statement
 * exists (it re-sends Parse for `vendas_referencias` and every executarPreparado statement) while the
 * session still has them: "prepared statement … already exists" on every sale after the pool replaced
 * its idle connection, until a restart. The same goes for session settings (a SET without LOCAL, a
 * role), temporary tables, advisory locks, open cursors. DISCARD ALL drops all of it, as PgBouncer's
 * server_reset_query does when it hands one server session to another client; on a fresh PostgreSQL
 * session it changes nothing and costs one round trip per new connection.
 */
async function iniciarSessao(client: pg.Client): Promise<void> {
  await client.query('discard all');
}

/**
 * A connection of the pool. It reads the address when it is made (`endereco` may change: the embedded
 * database restarted on another port), and it leaves the pool as soon as the server has ended its
 * session: after a FATAL error (pg_terminate_backend, a server shutting down) the socket may still
 * look open for a moment, and a connection returned to the pool then would fail the next request.
 */
function classeDeConexao(endereco: () => string): typeof pg.Client {
  return class Conexao extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: endereco() });
      // Lost in the middle of a request (restart, pg_terminate_backend, the embedded child killed), a
      // connection emits 'error'. pg-pool listens only while it is idle; without a listener of its own
      // the process would crash. The request's query fails with the error anyway.
      this.on('error', () => {});
      // node-postgres's protocol connection: the one place that sees the severity of every error.
      const protocolo = (this as unknown as { connection: EventEmitter }).connection;
      protocolo.on('errorMessage', (mensagem: { severity?: string }) => {
        // end() marks it as ending at once, so pg-pool drops it when it is released instead of reusing it.
        if (mensagem.severity === 'FATAL' || mensagem.severity === 'PANIC') this.end().catch(() => {});
      });
    }
  };
}

// Each database's pool and size, for emUso (the code that only holds `db` does not see the pool).
const pools = new WeakMap<Database, { pool: pg.Pool; max: number }>();

/**
 * One code path for both databases: node-postgres to a real PostgreSQL or to the embedded PGlite
 * behind its socket server. PGlite serves one connection at a time, so it gets `max: 1`; then no code
 * may query outside a transaction while it holds one, or it waits for itself. `url` may be a function
 * when the address can change (the embedded database restarted on another port): each new connection
 * reads it.
 */
export function createDatabase(url: string | (() => string), options: { max?: number } = {}): DatabaseHandle {
  const endereco = typeof url === 'string' ? () => url : url;
  const max = options.max ?? 10;
  const opcoes: pg.PoolConfig & PoolHooks = {
    connectionString: endereco(),
    max,
    idleTimeoutMillis: IDLE_TIMEOUTS_MS.poolIdle,
    Client: classeDeConexao(endereco),
    onConnect: iniciarSessao,
  };
  const pool = new pg.Pool(opcoes);
  // An idle client that loses its server (restart, child exit) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  pools.set(db, { pool, max });
  return { pool, db };
}

/**
 * Whether someone else is using the database now: a request waits for a connection, or every
 * connection is taken (the embedded database has one). Background work (the demonstration's fill)
 * gives way while it is. False for a database this module did not open.
 */
export function emUso(db: Database): boolean {
  const p = pools.get(db);
  return !!p && (p.pool.waitingCount > 0 || (p.pool.totalCount >= p.max && p.pool.idleCount === 0));
}
