import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Transaction } from './client.ts';
import { confirmou } from './depoisDeConfirmar.ts';
import { comInicio, type InicioDaTransacao } from './transacaoSegura.ts';

/** The NOLOGIN role the RLS migration creates; tenant work runs as it so the policies apply. */
export const TENANT_ROLE = 'retaguarda_app';

export interface Tenant {
  grupoEmpresarial: string;
  /** The active company; null before one is chosen (sign-in). */
  empresa?: string | null;
}

/** A string as an SQL literal: node-postgres's own escaping (its types have it on the client only). */
const literal = (texto: string) => pg.Client.prototype.escapeLiteral(texto);

/**
 * Runs `work` in a transaction that can only see and write the tenant's rows: the role switch drops
 * the superuser/owner rights that bypass RLS, and the settings are what the policies compare with.
 * Both are LOCAL, so they end with the transaction and never leak to the next user of the connection.
 */
/** The tenant's role and settings, LOCAL to the transaction. set_config('role', …, true) is SET LOCAL ROLE (the way PostgREST switches roles). */
const configuracaoDoInquilino = (tenant: Tenant) =>
  `select set_config('role', ${literal(TENANT_ROLE)}, true), set_config('app.grupo_empresarial_id', ${literal(tenant.grupoEmpresarial)}, true), set_config('app.empresa_id', ${literal(tenant.empresa ?? '')}, true)`;

export async function withTenant<T>(db: Database, tenant: Tenant, work: (tx: Transaction) => Promise<T>): Promise<T> {
  // Sent with BEGIN, in its round trip (a sale's transaction has few statements: one fewer shows).
  const inicio: InicioDaTransacao = { texto: configuracaoDoInquilino(tenant), enviado: false };
  let transacao: Transaction | undefined;
  const resultado = await db.transaction(async (tx) => {
    transacao = tx;
    if (!inicio.enviado) await tx.execute(sql.raw(inicio.texto));
    return work(tx);
  }, comInicio(inicio));
  // Committed: what waited for it (depoisDeConfirmar) runs now, off the caller's answer.
  if (transacao) confirmou(transacao, db);
  return resultado;
}

/**
 * Runs `work` inside the tenant's transaction as another company of the same group: `work` gets a
 * copy of the tenant whose `empresa` is that company, and app.empresa_id follows it for the duration
 * (the RLS key, the group, stays). Back to the tenant's company when `work` returns; a refusal thrown
 * by `work` ends the transaction anyway, so nothing is reset then.
 */
export async function naEmpresa<S extends Tenant, T>(tx: Transaction, tenant: S, empresa: string, work: (naLoja: S) => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('app.empresa_id', ${empresa}, true)`);
  const resultado = await work({ ...tenant, empresa });
  await tx.execute(sql`select set_config('app.empresa_id', ${tenant.empresa ?? ''}, true)`);
  return resultado;
}

/** drizzle's dialect writing each parameter as a marker no SQL text of ours contains, to be replaced by its literal. */
class DialetoComMarcas extends PgDialect {
  override escapeParam(num: number): string {
    return `\u0001${num}\u0001`;
  }
}
const dialetoComMarcas = new DialetoComMarcas();

/** A parameter as an SQL literal: node-postgres's own conversion (arrays as '{…}', dates, JSON) and escaping. */
function literalDoParametro(valor: unknown): string {
  if (valor === null || valor === undefined) return 'null';
  if (Buffer.isBuffer(valor)) throw new Error('consultarComoInquilino: parâmetro binário não é aceito');
  return literal(String((pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue(valor)));
}

/** A statement's text with its parameters written in as literals, for a simple-protocol message of several statements. */
export function textoComLiterais(consulta: SQL): string {
  const q = dialetoComMarcas.sqlToQuery(consulta);
  return q.sql.replace(/\u0001(\d+)\u0001/g, (_, n: string) => literalDoParametro(q.params[Number(n)]));
}

/**
 * One read in ONE round trip: the tenant's settings and the query sent together as one simple-protocol
 * message, which PostgreSQL runs as one implicit transaction, so the LOCAL role and settings hold for the
 * query (the row-level security applies as in withTenant) and end with it. The parameters go as literals
 * (node-postgres's escaping). For a report's single statement: withTenant costs BEGIN, COMMIT and a
 * round trip per statement more. Reads only (nothing to commit), and never inside a transaction.
 */
export async function consultarComoInquilino<T extends Record<string, unknown>>(db: Database, tenant: Tenant, consulta: SQL, opcoes: OpcoesDaConsulta = {}): Promise<T[]> {
  return (await consultasComoInquilino<[T]>(db, tenant, [consulta], opcoes))[0];
}

/** What consultasComoInquilino may do besides sending the statements as they are. */
export interface OpcoesDaConsulta {
  /**
   * Each statement PREPAREd once per connection and run by EXECUTE with its parameters as literals, under a generic
   * plan (plan_cache_mode, LOCAL to the message): PostgreSQL neither parses nor plans it again. For reports whose
   * planning is a large part of their time and whose best plan does not change with the period asked (the same
   * indexes for a day or a year: small rollups, partial indexes). On the 10-store year the cancellations' three
   * statements took 2–3 ms to plan and about as much to run.
   */
  preparadas?: boolean;
}

/**
 * Several reads in ONE round trip, as consultarComoInquilino: every statement in the same message and the same
 * implicit transaction (a failing one fails them all), each statement's rows in its place. On the 10-store year
 * a report's round trips were most of its fixed cost: each is about 0.3 ms of waiting and a socket write.
 */
export async function consultasComoInquilino<T extends Record<string, unknown>[]>(db: Database, tenant: Tenant, consultas: SQL[], opcoes: OpcoesDaConsulta = {}): Promise<{ [K in keyof T]: T[K][] }> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  if (opcoes.preparadas) return (await preparadasComoInquilino(pool, tenant, consultas)) as { [K in keyof T]: T[K][] };
  const resultados = (await pool.query([configuracaoDoInquilino(tenant), ...consultas.map(textoComLiterais)].join('; '))) as unknown as pg.QueryResult[];
  return resultados.slice(1).map((r) => r.rows) as { [K in keyof T]: T[K][] };
}

const dialeto = new PgDialect();

/**
 * The names PREPAREd on each connection. A new connection has none (db/client.ts starts each with DISCARD ALL);
 * the server's own list is read again when a name turns out missing or already there (another client of the
 * embedded database's single session prepared it, or a message failed after its PREPARE).
 */
const preparadasNaConexao = new WeakMap<pg.PoolClient, Set<string>>();

/** A prepared statement's name from its text ('i_': node-postgres's named statements, executarPreparado's 'p_', share the namespace). */
const nomeDaPreparada = (texto: string) => `i_${createHash('sha1').update(texto).digest('hex').slice(0, 24)}`;

async function preparadasComoInquilino(pool: pg.Pool, tenant: Tenant, consultas: SQL[]): Promise<Record<string, unknown>[][]> {
  const comandos = consultas.map((c) => {
    const q = dialeto.sqlToQuery(c);
    return { nome: nomeDaPreparada(q.sql), texto: q.sql, parametros: q.params };
  });
  const inicio = `${configuracaoDoInquilino(tenant)}, set_config('plan_cache_mode', 'force_generic_plan', true)`;
  const executar = comandos.map(({ nome, parametros }) => (parametros.length ? `execute ${nome}(${parametros.map(literalDoParametro).join(', ')})` : `execute ${nome}`));
  const client = await pool.connect();
  let perdida: Error | undefined;
  try {
    let feitas: Set<string> = preparadasNaConexao.get(client) ?? new Set();
    preparadasNaConexao.set(client, feitas);
    for (let tentativa = 0; ; tentativa++) {
      const faltam = [...new Map(comandos.filter((c) => !feitas.has(c.nome)).map((c) => [c.nome, c])).values()];
      // PREPARE after the role is set, so the statement is analysed under row-level security as it will run.
      const mensagem = [inicio, ...faltam.map((c) => `prepare ${c.nome} as ${c.texto}`), ...executar].join('; ');
      try {
        const resultados = (await client.query(mensagem)) as unknown as pg.QueryResult[];
        for (const c of faltam) feitas.add(c.nome);
        return resultados.slice(1 + faltam.length).map((r) => r.rows);
      } catch (e) {
        const codigo = (e as { code?: string }).code;
        // 42P05: already prepared; 26000: not prepared. Read what this session has and send the message again, once.
        if (tentativa === 0 && (codigo === '42P05' || codigo === '26000')) {
          const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements');
          feitas = new Set(rows.map((r) => r.name));
          preparadasNaConexao.set(client, feitas);
          continue;
        }
        // An error of the statements leaves the connection usable; one without a server code (the connection lost) does not.
        if (!codigo && e instanceof Error) perdida = e;
        throw e;
      }
    }
  } finally {
    client.release(perdida);
  }
}
