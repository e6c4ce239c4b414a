import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { comInicio, corrigirTransacaoDoDrizzle } from './transacaoSegura.ts';

corrigirTransacaoDoDrizzle();

/** A pool of one connection whose statements fail as `falhar` says; it records how it was given back. */
class FakePool {
  devolucoes: (Error | boolean | undefined)[] = [];
  feitas: string[] = [];
  constructor(private readonly falhar: (texto: string) => Error | null) {}
  async connect() {
    return {
      query: async (q: { text: string } | string) => {
        const texto = typeof q === 'string' ? q : q.text;
        this.feitas.push(texto);
        const erro = this.falhar(texto);
        if (erro) throw erro;
        return { rows: [], rowCount: 0, fields: [] };
      },
      release: (erro?: Error | boolean) => void this.devolucoes.push(erro),
    };
  }
}

const perdida = () => new Error('Connection terminated unexpectedly');
/** The driver's error under drizzle's "Failed query" wrapper. */
const causa = (p: Promise<unknown>) => p.then(() => 'resolveu', (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message));

describe('a transaction on a pool (drizzle with BEGIN inside its try)', () => {
  it('gives the connection back, destroyed, when it is lost during BEGIN', async () => {
    const pool = new FakePool((t) => (t === 'begin' ? perdida() : null));
    const db = drizzle(pool as never);
    expect(await causa(db.transaction(async () => 'nunca'))).toMatch(/Connection terminated/);
    expect(pool.devolucoes).toHaveLength(1);
    expect(pool.devolucoes[0]).toBeInstanceOf(Error);
  });

  it('reports a statement error (not the ROLLBACK on a dead connection) and gives the connection back', async () => {
    const pool = new FakePool((t) => (t === 'select 1' ? perdida() : t === 'rollback' ? new Error('Client was closed and is not queryable') : null));
    const db = drizzle(pool as never);
    expect(await causa(db.transaction((tx) => tx.execute(sql`select 1`)))).toMatch(/Connection terminated/);
    expect(pool.devolucoes).toHaveLength(1);
    expect(pool.devolucoes[0]).toBeInstanceOf(Error);
  });

  it('a statement refused by the database keeps the connection for the next request', async () => {
    const recusa = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const pool = new FakePool((t) => (t === 'insert' ? recusa : null));
    const db = drizzle(pool as never);
    expect(await causa(db.transaction((tx) => tx.execute(sql`insert`)))).toMatch(/duplicate key/);
    expect(pool.feitas).toEqual(['begin', 'insert', 'rollback']);
    expect(pool.devolucoes).toEqual([undefined]);
  });

  it('commits and gives the connection back when the work succeeds', async () => {
    const pool = new FakePool(() => null);
    const db = drizzle(pool as never);
    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 1`), 'ok'))).toBe('ok');
    expect(pool.feitas).toEqual(['begin', 'select 1', 'commit']);
    expect(pool.devolucoes).toEqual([undefined]);
  });
});

describe('a statement sent with BEGIN (comInicio)', () => {
  it('goes in the same query as BEGIN, once, and is marked sent', async () => {
    const pool = new FakePool(() => null);
    const db = drizzle(pool as never);
    const inicio = { texto: "select set_config('app.x', 'y', true)", enviado: false };
    await db.transaction((tx) => tx.execute(sql`select 1`), comInicio(inicio, { isolationLevel: 'repeatable read' }));
    expect(pool.feitas).toEqual(["begin isolation level repeatable read; select set_config('app.x', 'y', true)", 'select 1', 'commit']);
    expect(inicio.enviado).toBe(true);
  });
});
