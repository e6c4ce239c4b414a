import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import { transacaoAberta, transacaoEncerrada } from './aposConfirmar.ts';
import { conexaoPerdida } from './conexaoPerdida.ts';

/**
 * A statement to send with BEGIN, in the same round trip (one simple-protocol query: literals only, no
 * parameters). `enviado` says it went: a transaction this module does not run (no pool) leaves it
 * false, and the caller then runs it itself.
 */
export interface InicioDaTransacao {
  texto: string;
  enviado: boolean;
}

const inicios = new WeakMap<PgTransactionConfig, InicioDaTransacao>();
const dialeto = new PgDialect();

/** The config of a transaction that sends `inicio` with its BEGIN. */
export function comInicio(inicio: InicioDaTransacao, config: PgTransactionConfig = {}): PgTransactionConfig {
  const comIt = { ...config };
  inicios.set(comIt, inicio);
  return comIt;
}

interface Liberavel {
  release(erro?: Error | boolean): void;
}
interface SessaoInterna {
  client: unknown;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

const ehPool = (c: unknown) => Boolean(c && typeof c === 'object' && Object.getPrototypeOf(c).constructor.name.includes('Pool'));

/**
 * drizzle-orm 0.45's transaction sends BEGIN before its try/finally: a connection lost during BEGIN is
 * never given back to the pool. With the embedded database's single connection every later request
 * then waits for it, and the server stops taking sales until restarted (seen when the database process
 * was killed on a loaded machine: pool 1 in use, 1 waiting, for good). The same transaction with BEGIN
 * inside, and a connection that was lost destroyed rather than handed to the next request.
 */
export function corrigirTransacaoDoDrizzle(): void {
  const original = NodePgSession.prototype.transaction;
  NodePgSession.prototype.transaction = async function transacao<T>(this: SessaoInterna, trabalho: (tx: NodePgTransaction<never, never>) => Promise<T>, config?: PgTransactionConfig) {
    if (!ehPool(this.client)) return original.call(this as never, trabalho as never, config) as Promise<T>;
    const cliente = await (this.client as { connect(): Promise<Liberavel> }).connect();
    const sessao = new NodePgSession(cliente as never, this.dialect, this.schema, this.options);
    const tx = new NodePgTransaction(this.dialect, sessao as never, this.schema as never);
    let perdida: Error | undefined;
    let confirmada = false;
    transacaoAberta(sessao, this.client as object);
    try {
      // getTransactionConfigSQL is protected in its types; the original calls it the same way.
      const modo = config ? (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): ReturnType<typeof sql> }).getTransactionConfigSQL(config) : undefined;
      const inicio = config && inicios.get(config);
      if (inicio) {
        const textoModo = modo ? dialeto.sqlToQuery(modo).sql : '';
        await tx.execute(sql.raw(`begin${textoModo ? ` ${textoModo}` : ''}; ${inicio.texto}`));
        inicio.enviado = true;
      } else await tx.execute(sql`begin${modo ? sql` ${modo}` : undefined}`);
      try {
        const resultado = await trabalho(tx as never);
        // From here the work may be committed (a connection lost during COMMIT leaves it unknown).
        confirmada = true;
        await tx.execute(sql`commit`);
        return resultado;
      } catch (erro) {
        // The statement's error is the one to report, not the ROLLBACK's on a connection already gone.
        await tx.execute(sql`rollback`).catch(() => undefined);
        throw erro;
      }
    } catch (erro) {
      if (conexaoPerdida(erro)) perdida = erro instanceof Error ? erro : new Error(String(erro));
      throw erro;
    } finally {
      cliente.release(perdida);
      transacaoEncerrada(sessao, confirmada);
    }
  } as typeof NodePgSession.prototype.transaction;
}
