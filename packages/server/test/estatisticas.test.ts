import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analisarTabelas } from '../src/db/estatisticas.ts';
import { createTestContext, type TestContext } from './harness.ts';

// The embedded database has no autovacuum: without analisarTabelas its planner never learns a table's
// size, and a join of a year's items to their sales scanned the period once per item.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('planner statistics', () => {
  it('after analisarTabelas every table of the app has been analyzed and the planner knows how many rows registro holds', async () => {
    const n = await analisarTabelas(ctx.db);
    const tabelas = await ctx.db.execute<{ nome: string; analisada: boolean }>(sql`
      select c.relname as nome, c.reltuples >= 0 as analisada from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = 'public' and c.relkind in ('r', 'p')`);
    expect(n).toBe(tabelas.rows.length);
    expect(tabelas.rows.length).toBeGreaterThan(30);
    expect(tabelas.rows.filter((t) => !t.analisada).map((t) => t.nome)).toEqual([]);
    const [registro] = (await ctx.db.execute<{ estimadas: number; contadas: number }>(sql`
      select (select reltuples from pg_class where relname = 'registro' and relnamespace = 'public'::regnamespace)::int as estimadas,
             (select count(*) from registro)::int as contadas`)).rows;
    expect(registro!.contadas).toBeGreaterThan(100);
    expect(registro!.estimadas).toBe(registro!.contadas);
  });
});
