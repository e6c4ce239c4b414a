import { mensagens } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresa, grupoEmpresarial, registro, sessao, usuario } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('tenant wall', () => {
  it("a Grupo Vizinho user can neither switch to nor see Grupo Demonstração's companies", async () => {
    const token = await signIn(ctx.app, 'admin@vizinho.com.br');
    for (const alvo of ctx.seed.demo.empresas) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: alvo }, ...withCookie(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().data.message).toBe(mensagens.empresaNaoPermitida);
    }
    const own = await ctx.app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) });
    expect(own.json().data.empresas.map((e: { _id: string }) => e._id)).toEqual(ctx.seed.vizinho.empresas);
    expect(own.body).not.toContain('Demonstração');
  });

  it("RLS: under withTenant(Grupo Vizinho) no row of Grupo Demonstração is visible, even unfiltered", async () => {
    const vizinho = { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial, empresa: ctx.seed.vizinho.empresas[0]! };
    const demoId = ctx.seed.demo.grupoEmpresarial;
    const seen = await withTenant(ctx.db, vizinho, async (tx) => ({
      empresa: await tx.select().from(empresa),
      usuario: await tx.select().from(usuario),
      registro: await tx.select().from(registro),
      grupo: await tx.select().from(grupoEmpresarial),
      demoEmpresa: await tx.select().from(empresa).where(eq(empresa.grupoEmpresarialId, demoId)),
    }));
    // The query itself works: the group's own rows are there.
    expect(seen.empresa.length).toBe(1);
    expect(seen.usuario.length).toBe(1);
    expect(seen.registro.length).toBeGreaterThan(0);
    expect(seen.grupo.map((g) => g.nome)).toEqual(['Grupo Vizinho']);
    for (const rows of [seen.empresa, seen.usuario, seen.registro]) {
      expect(rows.every((row) => row.grupoEmpresarialId === vizinho.grupoEmpresarial)).toBe(true);
    }
    expect(seen.demoEmpresa).toHaveLength(0);
  });

  it("RLS: writing a row with the other group's id is refused, and updates cannot reach its rows", async () => {
    const vizinho = { grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial };
    const error = await withTenant(ctx.db, vizinho, (tx) =>
      tx.insert(registro).values({ grupoEmpresarialId: ctx.seed.demo.grupoEmpresarial, recurso: 'pessoa', dados: { nome: 'Intrusa', tipo: 'Física' } }),
    ).then(
      () => null,
      (e: unknown) => e as Error & { cause?: { code?: string; message?: string } },
    );
    // drizzle wraps the driver error; the cause is PostgreSQL's insufficient_privilege from the policy.
    expect(error?.cause?.code).toBe('42501');
    expect(error?.cause?.message).toMatch(/row-level security/);

    const updated = await withTenant(ctx.db, vizinho, (tx) =>
      tx.update(registro).set({ dados: { nome: 'Alterado' } }).where(eq(registro.grupoEmpresarialId, ctx.seed.demo.grupoEmpresarial)).returning(),
    );
    expect(updated).toHaveLength(0);
    const [consumidor] = await ctx.db
      .select()
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, ctx.seed.demo.grupoEmpresarial), eq(registro.id, ctx.seed.demo.clientePadrao)));
    expect(consumidor?.dados.nome).toBe('Consumidor');
  });

  it('RLS: a tenant transaction without a group sees nothing', async () => {
    const rows = await withTenant(ctx.db, { grupoEmpresarial: '' }, (tx) => tx.select().from(sessao));
    expect(rows).toHaveLength(0);
  });

  it('every table with grupo_empresarial_id has forced row-level security', async () => {
    const result = await ctx.db.execute<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(sql`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.relname = 'grupo_empresarial' or exists (
          select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'grupo_empresarial_id' and not a.attisdropped))`);
    expect(result.rows.length).toBeGreaterThanOrEqual(7);
    for (const row of result.rows) expect({ ...row, relrowsecurity: true, relforcerowsecurity: true }).toEqual(row);
  });
});
