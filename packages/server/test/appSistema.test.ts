import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

let n = 0;
/** A KDS board of the demo group's active company, on a station of its own. */
async function tvDaCozinha(): Promise<string> {
  const setor = await criar(api, 'kdsSetor', { descricao: `Chapa ${++n}` });
  const estacao = await criar(api, 'kdsEstacao', { descricao: `Cozinha ${n}`, setores: [setor._id] });
  return (await criar(api, 'appSistema', { descricao: `TV da cozinha ${n}`, tipo: 'KDS', estacao: estacao._id }))._id;
}

/** A device call: no cookie, the device session's token as Bearer. */
const doAparelho = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const entrar = (credencial: string, versao?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/dispositivo/entrar', payload: { credencial, ...(versao ? { versao } : {}) } }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('appSistema: device credentials', () => {
  it('shows the credential once, keeps only its hash, and the device signs in with it (last seen, version)', async () => {
    const app = await tvDaCozinha();
    const antes = await api('GET', `/appSistema/${app}/credencial`);
    expect(antes.body.data).toMatchObject({ ativa: false, emitidaEm: null });

    const emitida = await api('POST', `/appSistema/${app}/credencial`);
    expect(emitida.status).toBe(201);
    const { credencial } = emitida.body.data as { credencial: string };
    expect(credencial).toMatch(/^[\w-]+\.[\w-]{40,}$/);

    // Never again: not in the status, not in the record, not in the table.
    const situacao = await api('GET', `/appSistema/${app}/credencial`);
    expect(situacao.body.data).toMatchObject({ ativa: true, ultimoAcessoEm: null, versaoApp: null });
    expect(JSON.stringify(situacao.body)).not.toContain(credencial.split('.')[1]);
    expect(JSON.stringify((await api('GET', `/appSistema/${app}`)).body)).not.toContain(credencial.split('.')[1]);
    const guardadas = (await ctx.db.execute<Record<string, unknown>>(sql`select * from dispositivo_credencial where app_sistema_id = ${app}`)).rows;
    expect(guardadas).toHaveLength(1);
    expect(JSON.stringify(guardadas)).not.toContain(credencial.split('.')[1]);
    expect(guardadas[0]!.segredo_hash).toMatch(/^[0-9a-f]{64}$/);

    const entrada = await entrar(credencial, '1.4.2');
    expect(entrada.status).toBe(200);
    expect(entrada.body.data.dispositivo).toMatchObject({ appSistema: app, tipo: 'KDS', empresa: ctx.seed.demo.empresas[0] });
    const eu = await doAparelho('GET', '/dispositivo/sessao', entrada.body.data.token);
    expect(eu.status).toBe(200);
    expect(eu.body.data.descricao).toMatch(/^TV da cozinha/);
    const depois = await api('GET', `/appSistema/${app}/credencial`);
    expect(depois.body.data.versaoApp).toBe('1.4.2');
    expect(depois.body.data.ultimoAcessoEm).not.toBeNull();
  });

  it('refuses a wrong secret, and the device session opens no user route', async () => {
    const app = await tvDaCozinha();
    const { credencial } = (await api('POST', `/appSistema/${app}/credencial`)).body.data as { credencial: string };
    const [id] = credencial.split('.');
    const errada = await entrar(`${id}.${'A'.repeat(43)}`);
    expect(errada.status).toBe(401);
    expect(errada.body.data.message).toBe('Credencial do aparelho inválida ou revogada.');
    expect((await entrar('lixo')).status).toBe(401);
    const vazia = await entrar('');
    expect(vazia.status).toBe(400);
    expect(vazia.body.data.message).toMatch(/credencial: Informe a credencial do aparelho\./);

    const { token } = (await entrar(credencial)).body.data as { token: string };
    for (const [method, url] of [['GET', '/sessao'], ['POST', '/appSistema/getPopulate'], ['GET', `/appSistema/${app}/credencial`]] as const) {
      expect((await doAparelho(method, url, token, method === 'POST' ? {} : undefined)).status, url).toBe(401);
    }
    // Nor is the credential itself a session.
    expect((await doAparelho('GET', '/dispositivo/sessao', credencial)).status).toBe(401);
  });

  it('revoking refuses the credential and ends the device session at once; a new one replaces the old', async () => {
    const app = await tvDaCozinha();
    const primeira = (await api('POST', `/appSistema/${app}/credencial`)).body.data.credencial as string;
    const { token } = (await entrar(primeira)).body.data as { token: string };
    const segunda = (await api('POST', `/appSistema/${app}/credencial`)).body.data.credencial as string;
    expect((await entrar(primeira)).status).toBe(401);
    expect((await doAparelho('GET', '/dispositivo/sessao', token)).status).toBe(401);
    const { token: token2 } = (await entrar(segunda)).body.data as { token: string };

    const revogada = await api('POST', `/appSistema/${app}/credencial/revogar`);
    expect(revogada.body.data).toEqual({ revogadas: 1 });
    expect((await entrar(segunda)).status).toBe(401);
    expect((await doAparelho('GET', '/dispositivo/sessao', token2)).status).toBe(401);
    expect((await api('GET', `/appSistema/${app}/credencial`)).body.data).toMatchObject({ ativa: false });
  });

  it('a device deactivated or in the trash cannot sign in', async () => {
    const app = await tvDaCozinha();
    const credencial = (await api('POST', `/appSistema/${app}/credencial`)).body.data.credencial as string;
    const atual = (await api('GET', `/appSistema/${app}`)).body.data;
    await api('PUT', `/appSistema/${app}`, { ativo: false, version: atual.version });
    expect((await entrar(credencial)).status).toBe(401);
    expect((await api('POST', `/appSistema/${app}/credencial`)).status).toBe(409);
    await api('PUT', `/appSistema/${app}`, { ativo: true, version: atual.version + 1 });
    expect((await entrar(credencial)).status).toBe(200);
    await api('DELETE', `/appSistema/${app}`);
    expect((await entrar(credencial)).status).toBe(401);
  });

  it('another group can neither issue, revoke nor read a device credential', async () => {
    const app = await tvDaCozinha();
    const credencial = (await api('POST', `/appSistema/${app}/credencial`)).body.data.credencial as string;
    for (const [method, url] of [['POST', `/appSistema/${app}/credencial`], ['POST', `/appSistema/${app}/credencial/revogar`], ['GET', `/appSistema/${app}/credencial`]] as const) {
      const res = await vizinho(method, url);
      expect(res.status, url).toBe(404);
      expect(res.body.data.message).toBe('Aplicativo do sistema não encontrado.');
    }
    // Still the demo group's, still valid.
    expect((await entrar(credencial)).status).toBe(200);
  });
});
