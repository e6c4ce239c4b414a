import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depoisDeConfirmar, noSavepoint } from '../src/db/depoisDeConfirmar.ts';
import { registro } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant.ts';
import { newId } from '../src/ids.ts';
import { createTestContext, onPostgres, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const demo = () => ({ grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]! });
const existe = async (id: string) => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from registro where id = ${id}`)).rows[0]!.n === 1;

describe(`work after a tenant transaction commits (db/depoisDeConfirmar.ts) on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs once the transaction committed, where another connection already sees its rows, and only once', async () => {
    const id = newId();
    const vistas: Promise<boolean>[] = [];
    let vezes = 0;
    await withTenant(ctx.db, demo(), async (tx) => {
      await tx.insert(registro).values({ id, grupoEmpresarialId: demo().grupoEmpresarial, recurso: 'pessoa', dados: { nome: 'Depois do commit', tipo: 'Física' } });
      depoisDeConfirmar(tx, (db) => {
        vezes++;
        expect(db).toBe(ctx.db);
        vistas.push(existe(id));
      });
      expect(vezes).toBe(0);
    });
    expect(vezes).toBe(1);
    expect(await Promise.all(vistas)).toEqual([true]);
    // Another transaction of the same pool does not run it again.
    await withTenant(ctx.db, demo(), async (tx) => tx.execute(sql`select 1`));
    expect(vezes).toBe(1);
  });

  it('a rolled-back transaction runs nothing; an action that throws does not fail the stored change nor stop the next one', async () => {
    let corridas = 0;
    await expect(
      withTenant(ctx.db, demo(), async (tx) => {
        depoisDeConfirmar(tx, () => corridas++);
        throw new Error('recusada');
      }),
    ).rejects.toThrow('recusada');
    expect(corridas).toBe(0);

    const id = newId();
    const avisos: string[] = [];
    const aviso = (w: Error) => avisos.push(w.message);
    process.on('warning', aviso);
    try {
      await withTenant(ctx.db, demo(), async (tx) => {
        await tx.insert(registro).values({ id, grupoEmpresarialId: demo().grupoEmpresarial, recurso: 'pessoa', dados: { nome: 'Guardada', tipo: 'Física' } });
        depoisDeConfirmar(tx, () => {
          throw new Error('ação quebrada');
        });
        depoisDeConfirmar(tx, () => corridas++);
      });
      await new Promise((pronto) => setImmediate(pronto));
    } finally {
      process.off('warning', aviso);
    }
    expect(await existe(id)).toBe(true);
    expect(corridas).toBe(1);
    expect(avisos.some((a) => a.includes('ação quebrada'))).toBe(true);
  });

  it('a savepoint hands its work to the transaction around it when released, and drops it when rolled back', async () => {
    const corridas: string[] = [];
    await withTenant(ctx.db, demo(), async (tx) => {
      await noSavepoint(tx, async (sp) => depoisDeConfirmar(sp, () => corridas.push('liberado')));
      await noSavepoint(tx, async (sp) => {
        depoisDeConfirmar(sp, () => corridas.push('desfeito'));
        throw new Error('item sem mapa');
      }).catch(() => undefined);
      expect(corridas).toEqual([]);
    });
    expect(corridas).toEqual(['liberado']);
  });
});
