import { mensagens } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { memoryMailer } from '../src/mail/mailer.ts';
import { perfilCaixaDemo } from '../src/seed/demo.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, onPostgres, type TestContext } from './harness.ts';
import { freshIp, login, signIn, withCookie } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';

/**
 * A signed-in call is answered from the server's memory (src/session/cacheSessoes.ts); these tests warm
 * that memory first (two calls), then check that every change to what a session resolves is seen by
 * the very next call, in this server and in another one on the same database.
 */

let ctx: TestContext;
let admin: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
});
afterAll(async () => ctx?.close());

const sessao = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/sessao', ...withCookie(token) });

/** Two calls: the first reads the database, the second is answered from memory, the same bytes. */
async function aquecer(app: FastifyInstance, token: string) {
  const lida = await sessao(app, token);
  const guardada = await sessao(app, token);
  expect(lida.statusCode).toBe(200);
  expect(guardada.statusCode).toBe(200);
  expect(guardada.body).toBe(lida.body);
  expect(guardada.headers['content-type']).toBe(lida.headers['content-type']);
}

const telasDoCaixa = async (app: FastifyInstance, token: string) => (await sessao(app, token)).json().data.usuario.permissoes.telas;

async function perfilDoCaixa(telas: Record<string, string[]>) {
  const perfil = (await admin('GET', `/acessoSistema/${ctx.seed.caixa.perfil}`)).body.data;
  const res = await admin('PUT', `/acessoSistema/${perfil._id}`, { telas, version: perfil.version });
  expect(res.status).toBe(200);
}

async function usuarioDoCaixa(mudanca: Record<string, unknown>) {
  const u = (await admin('GET', `/usuario/${ctx.seed.caixa.usuario}`)).body.data;
  const res = await admin('PUT', `/usuario/${u._id}`, { ...mudanca, version: u.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('signed-in calls answered from memory see every change on the next call', () => {
  it('signing out ends the session at once', async () => {
    const token = await signIn(ctx.app, 'caixa@demo.com.br');
    await aquecer(ctx.app, token);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', ...withCookie(token) })).statusCode).toBe(200);
    const depois = await sessao(ctx.app, token);
    expect(depois.statusCode).toBe(401);
    expect(depois.json().data.message).toBe(mensagens.sessaoExpirada);
  });

  it('changing the own password ends the other sessions at once; recovering it by e-mail ends them all', async () => {
    const esta = await signIn(ctx.app, 'admin@vizinho.com.br');
    const outra = await signIn(ctx.app, 'admin@vizinho.com.br');
    await aquecer(ctx.app, esta);
    await aquecer(ctx.app, outra);
    const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/senha', payload: { senhaAtual: 'demo1234', senha: 'trocada123' }, ...withCookie(esta) });
    expect(troca.statusCode).toBe(200);
    expect((await sessao(ctx.app, outra)).statusCode).toBe(401);
    expect((await sessao(ctx.app, esta)).statusCode).toBe(200);

    await aquecer(ctx.app, esta);
    await ctx.app.inject({ method: 'POST', url: '/api/recuperarSenha', payload: { email: 'admin@vizinho.com.br' }, remoteAddress: freshIp() });
    const email = (await ctx.outbox()).filter((row) => row.para === 'admin@vizinho.com.br').at(-1);
    const chave = email?.texto.match(/\/alterarSenha\/([A-Za-z0-9_-]+)/)?.[1];
    expect(chave).toBeDefined();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/alterarSenha', payload: { chave, senha: 'demo1234' } })).statusCode).toBe(200);
    expect((await sessao(ctx.app, esta)).statusCode).toBe(401);
    expect((await login(ctx.app, 'admin@vizinho.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('a change of the access profile, of the user and of the active company applies to the next call', async () => {
    const token = await signIn(ctx.app, 'caixa@demo.com.br');
    const caixa = apiClient(ctx.app, token);
    await aquecer(ctx.app, token);
    expect((await caixa('POST', '/agrupador', { descricao: 'Do caixa, antes' })).status).toBe(403);

    await perfilDoCaixa({ ...perfilCaixaDemo.telas, agrupador: ['ver', 'criar'] });
    expect(await telasDoCaixa(ctx.app, token)).toMatchObject({ agrupador: ['ver', 'criar'] });
    expect((await caixa('POST', '/agrupador', { descricao: 'Do caixa, depois' })).status).toBe(201);
    await perfilDoCaixa(perfilCaixaDemo.telas);
    expect((await caixa('POST', '/agrupador', { descricao: 'Do caixa, de novo' })).status).toBe(403);

    // The user record: a new name shows, then the user made inactive is signed out.
    await aquecer(ctx.app, token);
    await usuarioDoCaixa({ nome: 'Caixa Renomeado' });
    expect((await sessao(ctx.app, token)).json().data.usuario.nome).toBe('Caixa Renomeado');
    await usuarioDoCaixa({ ativo: false });
    expect((await sessao(ctx.app, token)).statusCode).toBe(401);
    await usuarioDoCaixa({ ativo: true, nome: 'Caixa' });

    // The group's name and the session's company.
    const adminToken = await signIn(ctx.app, 'admin@demo.com.br');
    await aquecer(ctx.app, adminToken);
    const grupo = (await admin('GET', `/grupoEmpresarial/${ctx.seed.demo.grupoEmpresarial}`)).body.data;
    expect((await admin('PUT', `/grupoEmpresarial/${grupo._id}`, { nome: 'Grupo Renomeado', version: grupo.version })).status).toBe(200);
    expect((await sessao(ctx.app, adminToken)).json().data.grupoEmpresarial.nome).toBe('Grupo Renomeado');
    const outra = ctx.seed.demo.empresas[1]!;
    const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: outra }, ...withCookie(adminToken) });
    expect(troca.statusCode).toBe(200);
    expect((await sessao(ctx.app, adminToken)).json().data.empresa._id).toBe(outra);
    const depois = (await admin('GET', `/grupoEmpresarial/${grupo._id}`)).body.data;
    expect((await admin('PUT', `/grupoEmpresarial/${grupo._id}`, { nome: grupo.nome, version: depois.version })).status).toBe(200);
  });

  it('a session kept in memory never answers for another group', async () => {
    const demo = await signIn(ctx.app, 'admin@demo.com.br');
    const vizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
    await aquecer(ctx.app, demo);
    await aquecer(ctx.app, vizinho);
    for (let vez = 0; vez < 3; vez++) {
      expect((await sessao(ctx.app, demo)).json().data.grupoEmpresarial._id).toBe(ctx.seed.demo.grupoEmpresarial);
      expect((await sessao(ctx.app, vizinho)).json().data.grupoEmpresarial._id).toBe(ctx.seed.vizinho.grupoEmpresarial);
    }
    // Each sees its own group's records only, and a change in one group leaves the other's session as it was.
    const doVizinho = apiClient(ctx.app, vizinho);
    expect((await doVizinho('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).status).toBe(404);
    expect((await apiClient(ctx.app, demo)('GET', `/empresa/${ctx.seed.vizinho.empresas[0]}`)).status).toBe(404);
    const antes = (await sessao(ctx.app, vizinho)).json().data;
    await perfilDoCaixa({ ...perfilCaixaDemo.telas, agrupador: ['ver'] });
    expect((await sessao(ctx.app, vizinho)).json().data).toEqual(antes);
    await perfilDoCaixa(perfilCaixaDemo.telas);
  });
});

describe('two servers on the same database', () => {
  /**
   * On PostgreSQL the second server has its own pool and its own listening connection, as another
   * process would: only NOTIFY can tell it. The embedded database takes one server process (DATA_DIR is
   * locked), so there the second app shares the first one's pool, as two apps of one process do.
   */
  let segundo: FastifyInstance;
  let banco: DatabaseHandle | undefined;
  beforeAll(async () => {
    banco = onPostgres ? createDatabase(ctx.banco.url, { max: 2 }) : undefined;
    segundo = await buildApp({ ...(banco ?? { db: ctx.db, pool: ctx.pool }), config: ctx.config, mailer: memoryMailer(), logger: false, avisosDeSessao: onPostgres ? ctx.banco.url : null });
    await segundo.ready();
  });
  afterAll(async () => {
    await segundo?.close();
    await banco?.pool.end();
  });

  it('a change made through one is seen by the other', async () => {
    const token = await signIn(ctx.app, 'caixa@demo.com.br');
    await aquecer(segundo, token);
    await aquecer(ctx.app, token);

    await perfilDoCaixa({ ...perfilCaixaDemo.telas, agrupador: ['ver'] });
    await esperarAte(async () => (await telasDoCaixa(segundo, token)).agrupador?.[0] === 'ver', 30_000, 'o segundo servidor ver o perfil novo');
    await perfilDoCaixa(perfilCaixaDemo.telas);
    await esperarAte(async () => (await telasDoCaixa(segundo, token)).agrupador === undefined, 30_000, 'o segundo servidor ver o perfil de volta');

    await aquecer(segundo, token);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', ...withCookie(token) })).statusCode).toBe(200);
    await esperarAte(async () => (await sessao(segundo, token)).statusCode === 401, 30_000, 'o segundo servidor ver a saída');
  });

  it.skipIf(!onPostgres)('a listening connection that drops serves nothing stale meanwhile and comes back by itself', async () => {
    // Skipped on the embedded database: one process, no listening connection (nothing to drop).
    const ouvintes = async () =>
      (await ctx.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where application_name = 'retaguarda-sessoes' and datname = current_database()`)).rows.map((r) => r.pid);
    const telasNoBanco = (telas: Record<string, string[]>) =>
      ctx.db.execute(sql`update registro set dados = jsonb_set(dados, '{telas}', ${JSON.stringify(telas)}::jsonb) where id = ${ctx.seed.caixa.perfil}`);
    const token = await signIn(ctx.app, 'caixa@demo.com.br');
    await aquecer(segundo, token);

    const antes = await ouvintes();
    expect(antes).toHaveLength(2);
    await ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'retaguarda-sessoes' and datname = current_database()`);
    // Written behind the servers' back (no NOTIFY): without its listener the second server reads the database.
    await telasNoBanco({ ...perfilCaixaDemo.telas, agrupador: ['ver'] });
    await esperarAte(async () => (await telasDoCaixa(segundo, token)).agrupador?.[0] === 'ver', 30_000, 'o segundo servidor ler o perfil do banco');

    await esperarAte(async () => (await ouvintes()).filter((pid) => !antes.includes(pid)).length === 2, 60_000, 'os dois servidores voltarem a escutar');
    // Listening again, it answers from memory (a change behind its back is not seen) and hears the first server's changes.
    await aquecer(segundo, token);
    await telasNoBanco(perfilCaixaDemo.telas);
    expect((await telasDoCaixa(segundo, token)).agrupador).toEqual(['ver']);
    await perfilDoCaixa({ ...perfilCaixaDemo.telas, agrupador: ['ver', 'criar'] });
    await esperarAte(async () => (await telasDoCaixa(segundo, token)).agrupador?.length === 2, 30_000, 'o segundo servidor ver o perfil novo');
    await perfilDoCaixa(perfilCaixaDemo.telas);
  });
});
