import { mensagens } from '@retaguarda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grupoEmpresarial } from '../src/db/schema/index.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';

/** The generic API tests, adapted to a singleton: one record per group, its _id the group's. */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let grupo: string;
beforeAll(async () => {
  ctx = await createTestContext();
  grupo = ctx.seed.demo.grupoEmpresarial;
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

describe('/api/grupoEmpresarial (one record per group)', () => {
  it('lists and reads only the group the user is in, by the group id', async () => {
    const lista = await api('POST', '/grupoEmpresarial/getPopulate', { filtro: { lixo: false } });
    expect(lista.status).toBe(200);
    expect(lista.body.data).toHaveLength(1);
    expect(lista.body.data[0]).toMatchObject({ _id: grupo, nome: 'Grupo Demonstração', cnpj: null, lixo: false, configuracoes: { fusoHorario: 'America/Sao_Paulo' } });
    const um = await api('GET', `/grupoEmpresarial/${grupo}`);
    expect(um.body.data).toEqual(lista.body.data[0]);
  });

  it('updates name, CNPJ and settings with the version read; the session shows the new name; a stale version is refused', async () => {
    const { version } = (await api('GET', `/grupoEmpresarial/${grupo}`)).body.data;
    const res = await api('PUT', `/grupoEmpresarial/${grupo}`, {
      version,
      nome: 'Grupo Demonstração Holding',
      cnpj: '11.222.333/0001-81',
      configuracoes: { fusoHorario: 'America/Manaus', empresaPadrao: ctx.seed.demo.empresas[1] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nome: 'Grupo Demonstração Holding', cnpj: '11222333000181', version: version + 1, configuracoes: { fusoHorario: 'America/Manaus', empresaPadrao: ctx.seed.demo.empresas[1] } });
    // The typed table (read by sign-in and the session) follows in the same transaction.
    expect((await api('GET', '/sessao')).body.data.grupoEmpresarial).toEqual({ _id: grupo, nome: 'Grupo Demonstração Holding' });
    const [typed] = await ctx.db.select().from(grupoEmpresarial).where(eq(grupoEmpresarial.id, grupo));
    expect(typed!.nome).toBe('Grupo Demonstração Holding');
    const stale = await api('PUT', `/grupoEmpresarial/${grupo}`, { version, nome: 'Perdido' });
    expect(stale.status).toBe(409);
    expect(stale.body.data.message).toBe(mensagens.versaoDesatualizada);
  });

  it('answers 400 naming the field: empty name, bad CNPJ, a company of another group as default', async () => {
    const { version } = (await api('GET', `/grupoEmpresarial/${grupo}`)).body.data;
    for (const [body, campo, rotulo] of [
      [{ nome: '' }, 'nome', 'Nome do grupo'],
      [{ cnpj: '11.222.333/0001-82' }, 'cnpj', 'CNPJ'],
      [{ configuracoes: { empresaPadrao: ctx.seed.vizinho.empresas[0] } }, 'configuracoes.empresaPadrao', 'Empresa padrão'],
    ] as const) {
      const res = await api('PUT', `/grupoEmpresarial/${grupo}`, { version, ...body });
      expect(res.status).toBe(400);
      expect(res.body.data.message).toMatch(new RegExp(`^${rotulo}: `));
      expect(Object.keys(res.body.data.campos)).toEqual([campo]);
    }
  });

  it('refuses creating another group and trashing this one, in Portuguese, changing nothing', async () => {
    const criar = await api('POST', '/grupoEmpresarial', { nome: 'Outro grupo' });
    expect(criar.status).toBe(403);
    expect(criar.body.data.message).toMatch(/^Não é possível criar outro grupo empresarial/);
    const lixo = await api('DELETE', `/grupoEmpresarial/${grupo}`);
    expect(lixo.status).toBe(403);
    expect(lixo.body.data.message).toMatch(/não pode ir para a lixeira/);
    const lista = await api('POST', '/grupoEmpresarial/getPopulate', { filtro: { lixo: { $in: [true, false] } } });
    expect(lista.body.data.map((g: { _id: string; lixo: boolean }) => [g._id, g.lixo])).toEqual([[grupo, false]]);
  });

  it('is invisible and untouchable for a user of another group', async () => {
    const lista = await vizinho('POST', '/grupoEmpresarial/getPopulate', {});
    expect(lista.body.data.map((g: { _id: string }) => g._id)).toEqual([ctx.seed.vizinho.grupoEmpresarial]);
    const antes = (await api('GET', `/grupoEmpresarial/${grupo}`)).body.data;
    for (const [method, url, payload] of [
      ['GET', `/grupoEmpresarial/${grupo}`],
      ['PUT', `/grupoEmpresarial/${grupo}`, { nome: 'Invadido', version: antes.version }],
      ['DELETE', `/grupoEmpresarial/${grupo}`],
    ] as const) {
      const res = await vizinho(method, url, payload);
      expect(res.status).toBe(404);
    }
    expect((await api('GET', `/grupoEmpresarial/${grupo}`)).body.data).toEqual(antes);
  });
});
