import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { consultarComoInquilino, consultasComoInquilino } from '../src/db/tenant.ts';
import { createTestContext, onPostgres, type TestContext } from './harness.ts';

/** consultarComoInquilino: a read in one round trip under the tenant's row-level security, leaving nothing behind. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('consultarComoInquilino', () => {
  it("sees only the tenant's rows, even unfiltered, as the app role", async () => {
    const vizinho = { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial, empresa: ctx.seed.vizinho.empresas[0]! };
    const linhas = await consultarComoInquilino<{ grupo: string; papel: string; empresa: string }>(
      ctx.db,
      vizinho,
      sql`select distinct grupo_empresarial_id as grupo, current_user as papel, current_setting('app.empresa_id') as empresa from empresa`,
    );
    expect(linhas).toEqual([{ grupo: vizinho.grupoEmpresarial, papel: 'retaguarda_app', empresa: vizinho.empresa }]);
    const demo = await consultarComoInquilino(ctx.db, vizinho, sql`select id from empresa where grupo_empresarial_id = ${ctx.seed.demo.grupoEmpresarial}`);
    expect(demo).toEqual([]);
  });

  it('sends parameters as literals that stay data: quotes, backslashes, arrays, numbers and null', async () => {
    const g = { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]! };
    const texto = "O'Brien \\ '); drop table empresa; --";
    const [l] = await consultarComoInquilino<{ t: string; a: string[]; n: number; nulo: null; ids: string[] }>(
      ctx.db,
      g,
      sql`select ${texto}::text t, ${sql.param(['a"b', "c'd", 'e,f'])}::text[] a, ${42}::int n, ${null}::text nulo,
        array(select id from empresa where id = any(${sql.param([...ctx.seed.demo.empresas])}::text[]) order by id) ids`,
    );
    expect(l).toEqual({ t: texto, a: ['a"b', "c'd", 'e,f'], n: 42, nulo: null, ids: [...ctx.seed.demo.empresas].sort() });
    expect((await ctx.db.execute(sql`select count(*)::int n from empresa`)).rows[0]).toMatchObject({ n: expect.any(Number) });
  });

  it('leaves the connection as it found it: the role and settings end with the query, and an error takes them too', async () => {
    const g = { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]! };
    const depois = async () => (await ctx.db.execute<{ papel: string; grupo: string | null }>(sql`select current_user as papel, nullif(current_setting('app.grupo_empresarial_id', true), '') as grupo`)).rows[0]!;
    const antes = await depois();
    expect(antes.papel).not.toBe('retaguarda_app');
    await consultarComoInquilino(ctx.db, g, sql`select 1`);
    expect(await depois()).toEqual(antes);
    await expect(consultarComoInquilino(ctx.db, g, sql`select 1/0`)).rejects.toThrow(/division by zero/);
    expect(await depois()).toEqual(antes);
  });

  it('several statements in one message: each its own rows, all under the tenant; one failing fails them all and leaves nothing', async () => {
    const vizinho = { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial, empresa: ctx.seed.vizinho.empresas[0]! };
    const [grupos, papeis, vazio] = await consultasComoInquilino<[{ grupo: string }, { papel: string; empresa: string }, { id: string }]>(ctx.db, vizinho, [
      sql`select distinct grupo_empresarial_id as grupo from empresa`,
      sql`select current_user as papel, current_setting('app.empresa_id') as empresa`,
      sql`select id from empresa where grupo_empresarial_id = ${ctx.seed.demo.grupoEmpresarial}`,
    ]);
    expect(grupos).toEqual([{ grupo: vizinho.grupoEmpresarial }]);
    expect(papeis).toEqual([{ papel: 'retaguarda_app', empresa: vizinho.empresa }]);
    expect(vazio).toEqual([]);
    await expect(consultasComoInquilino(ctx.db, vizinho, [sql`select 1`, sql`select 1/0`])).rejects.toThrow(/division by zero/);
    const depois = (await ctx.db.execute<{ papel: string }>(sql`select current_user as papel`)).rows[0]!;
    expect(depois.papel).not.toBe('retaguarda_app');
  });

  it('prepared statements: PREPAREd once per connection under the tenant and run by EXECUTE under a generic plan; a name the session lost or already had is read again', async () => {
    // One connection, so every call below meets the same session (the embedded database has one anyway).
    const uma = onPostgres ? createDatabase(ctx.banco.url, { max: 1 }) : undefined;
    const db: Database = uma?.db ?? ctx.db;
    try {
      const vizinho = { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial, empresa: ctx.seed.vizinho.empresas[0]! };
      const consulta = (texto: string, divisor: number) =>
        sql`select current_user as papel, ${texto}::text as t, count(*)::int as n, 1 / ${divisor}::int as um from empresa where grupo_empresarial_id in (${ctx.seed.demo.grupoEmpresarial}, ${vizinho.grupoEmpresarial})`;
      const rodar = (texto: string, divisor = 1) => consultarComoInquilino<{ papel: string; t: string; n: number; um: number }>(db, vizinho, consulta(texto, divisor), { preparadas: true });
      const doVizinho = ctx.seed.vizinho.empresas.length;
      // Fails after its PREPARE: the session keeps the statement while this process does not count it as prepared.
      await expect(rodar('x', 0)).rejects.toThrow(/division by zero/);
      expect(await rodar("O'Brien")).toEqual([{ papel: 'retaguarda_app', t: "O'Brien", n: doVizinho, um: 1 }]);
      expect(await rodar('outro')).toEqual([{ papel: 'retaguarda_app', t: 'outro', n: doVizinho, um: 1 }]);
      const preparadas = async () =>
        (await db.execute<{ name: string; generic_plans: number; custom_plans: number }>(sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'i\_%'`)).rows;
      const [uma1, ...outras] = await preparadas();
      expect(outras).toEqual([]);
      expect(uma1).toMatchObject({ generic_plans: 3, custom_plans: 0 });
      // Dropped behind its back: prepared again.
      await db.execute(sql.raw(`deallocate ${uma1!.name}`));
      expect(await rodar('de novo')).toEqual([{ papel: 'retaguarda_app', t: 'de novo', n: doVizinho, um: 1 }]);
      expect((await db.execute<{ papel: string }>(sql`select current_user as papel`)).rows[0]!.papel).not.toBe('retaguarda_app');
    } finally {
      await uma?.pool.end();
    }
  });
});
