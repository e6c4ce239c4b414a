import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepararAppTerceirosDemo } from '../src/seed/appTerceirosDemo.ts';
import type { CatalogoDemo } from '../src/seed/catalogoDemo.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, empresasDaSessao, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let empresas: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  empresas = await empresasDaSessao(api);
});
afterAll(async () => ctx?.close());

let n = 0;
/** A client of the demo group and one key of it. */
async function clienteComChave(extra: Record<string, unknown> = {}) {
  const cliente = await criar(api, 'appTerceirosCadastro', { nome: `Contabilidade ${++n}`, escopos: ['produtos:ler', 'vendas:ler'], empresas: [empresas[0]], ...extra });
  const chave = await api('POST', `/appTerceirosCadastro/${cliente._id}/chaves`, { descricao: 'Robô fiscal' });
  expect(chave.status).toBe(201);
  return { cliente: cliente._id, clientId: chave.body.data.clientId as string, clientSecret: chave.body.data.clientSecret as string };
}

type Resposta = { status: number; body: any; headers: Record<string, unknown> };
const responder = (r: { statusCode: number; body: string; headers: Record<string, unknown> }): Resposta => ({ status: r.statusCode, body: r.body ? JSON.parse(r.body) : null, headers: r.headers });

/** The token request as an OAuth library sends it: form-encoded, credentials in HTTP Basic. */
const tokenBasic = (clientId: string, clientSecret: string, campos: Record<string, string> = { grant_type: 'client_credentials' }) =>
  ctx.app
    .inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}` },
      payload: new URLSearchParams(campos).toString(),
    })
    .then(responder);
const tokenJson = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/oauth/token', payload }).then(responder);

/** A call of the client: no cookie, its bearer token, the company in X-Empresa when given. */
const doCliente = (method: 'GET' | 'POST', url: string, token: string, payload?: object, empresa?: string) =>
  ctx.app
    .inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}`, ...(empresa ? { 'x-empresa': empresa } : {}) }, ...(payload ? { payload } : {}) })
    .then(responder);

describe('appTerceiros: OAuth 2 client credentials', () => {
  it('shows the secret once, keeps only its hash, and gives a one-hour bearer token that reads the products of its company', async () => {
    const { cliente, clientId, clientSecret } = await clienteComChave();
    const chaves = await api('GET', `/appTerceirosCadastro/${cliente}/chaves`);
    expect(chaves.body.data).toEqual([expect.objectContaining({ clientId, descricao: 'Robô fiscal', revogadaEm: null, ultimoUsoEm: null })]);
    expect(JSON.stringify(chaves.body)).not.toContain(clientSecret);
    const guardada = await ctx.db.execute(sql`select segredo_hash from app_terceiros_chave where id = ${clientId}`);
    expect(JSON.stringify(guardada.rows)).not.toContain(clientSecret);

    const t = await tokenBasic(clientId, clientSecret);
    expect(t.status).toBe(200);
    expect(t.headers['cache-control']).toBe('no-store');
    expect(t.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'produtos:ler vendas:ler' });

    const un = await criar(api, 'unidadeMedida', { sigla: 'UAPI', descricao: 'Unidade da API' });
    await criar(api, 'produtoGeral', { descricao: 'Xis da API', unidade: un._id, ncm: '21069090' });
    const produtos = await doCliente('GET', '/produtoGeral', t.body.access_token);
    expect(produtos.status).toBe(200);
    expect(produtos.body.data.length).toBeGreaterThan(0);
    const doAdmin = await api('GET', '/produtoGeral');
    expect(produtos.body.data.map((p: { _id: string }) => p._id)).toEqual(doAdmin.body.data.map((p: { _id: string }) => p._id));

    // The same with the credentials in a JSON body, asking for one scope only.
    const soVendas = await tokenJson({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'vendas:ler' });
    expect(soVendas.body.scope).toBe('vendas:ler');
    const vendas = await doCliente('POST', '/relatorioVenda', soVendas.body.access_token, { de: '2026-11-13', ate: '2026-11-20', agrupar: 'dia' });
    expect(vendas.status).toBe(200);
    expect(vendas.body.data).toEqual((await api('POST', '/relatorioVenda', { de: '2026-11-13', ate: '2026-11-20', agrupar: 'dia' })).body.data);
  });

  it('refuses a wrong secret, an unknown client and other grants as RFC 6749 §5.2 says', async () => {
    const { clientId, clientSecret } = await clienteComChave();
    const errado = await tokenBasic(clientId, `${clientSecret}x`);
    expect(errado.status).toBe(401);
    expect(errado.body).toMatchObject({ error: 'invalid_client', valido: false });
    expect(errado.headers['www-authenticate']).toBe('Basic realm="Retaguarda"');
    expect((await tokenJson({ grant_type: 'client_credentials', client_id: 'nao-existe', client_secret: 'x' })).body.error).toBe('invalid_client');
    const senha = await tokenJson({ grant_type: 'password', client_id: clientId, client_secret: clientSecret });
    expect([senha.status, senha.body.error]).toEqual([400, 'unsupported_grant_type']);
    const semGrant = await tokenJson({ client_id: clientId, client_secret: clientSecret });
    expect([semGrant.status, semGrant.body.error]).toEqual([400, 'invalid_request']);
    const escopo = await tokenBasic(clientId, clientSecret, { grant_type: 'client_credentials', scope: 'produtos:ler financeiro:ler' });
    expect([escopo.status, escopo.body.error, escopo.body.error_description]).toEqual([400, 'invalid_scope', 'Escopo não permitido a este aplicativo: financeiro:ler.']);
  });

  it('a revoked key gets no token and its tokens stop at once; an inactive client too', async () => {
    const { cliente, clientId, clientSecret } = await clienteComChave();
    const token = (await tokenBasic(clientId, clientSecret)).body.access_token;
    expect((await doCliente('GET', '/produtoGeral', token)).status).toBe(200);
    const revogada = await api('POST', `/appTerceirosCadastro/${cliente}/chaves/${clientId}/revogar`);
    expect(revogada.status).toBe(200);
    expect(revogada.body.data.revogadaEm).not.toBeNull();
    expect((await api('POST', `/appTerceirosCadastro/${cliente}/chaves/${clientId}/revogar`)).status).toBe(409);
    const depois = await doCliente('GET', '/produtoGeral', token);
    expect(depois.status).toBe(401);
    expect(depois.body.data.message).toMatch(/Token de acesso inválido/);
    expect((await tokenBasic(clientId, clientSecret)).body.error).toBe('invalid_client');

    // A second key of the same client keeps working until the client is switched off.
    expect((await api('POST', `/appTerceirosCadastro/${cliente}/chaves`, {})).body.data.message).toMatch(/descricao: Informe o nome da chave\./);
    const outra = await api('POST', `/appTerceirosCadastro/${cliente}/chaves`, { descricao: 'Reserva' });
    const t2 = (await tokenBasic(outra.body.data.clientId, outra.body.data.clientSecret)).body.access_token;
    expect((await doCliente('GET', '/produtoGeral', t2)).status).toBe(200);
    const registro = (await api('GET', `/appTerceirosCadastro/${cliente}`)).body.data;
    expect((await api('PUT', `/appTerceirosCadastro/${cliente}`, { ...registro, ativo: false })).status).toBe(200);
    expect((await doCliente('GET', '/produtoGeral', t2)).status).toBe(401);
  });

  it('checks every call against the token scopes and the client companies, and opens no other route', async () => {
    const { clientId, clientSecret } = await clienteComChave({ escopos: ['vendas:ler'], empresas });
    const token = (await tokenBasic(clientId, clientSecret)).body.access_token;
    const semEscopo = await doCliente('GET', '/produtoGeral', token, undefined, empresas[0]);
    expect(semEscopo.status).toBe(403);
    expect(semEscopo.body.data.message).toBe('Falta o escopo produtos:ler para esta chamada.');
    expect(semEscopo.headers['www-authenticate']).toContain('insufficient_scope');
    const usuarios = await doCliente('GET', '/usuario', token, undefined, empresas[0]);
    expect([usuarios.status, usuarios.body.data.message]).toEqual([403, 'Esta rota não aceita token de aplicativo de terceiros.']);
    expect((await doCliente('POST', '/produtoGeral', token, { descricao: 'x' }, empresas[0])).status).toBe(403);
    if (empresas.length > 1) {
      const semEmpresa = await doCliente('POST', '/relatorioVenda', token, { de: '2026-11-13', ate: '2026-11-20', agrupar: 'dia' });
      expect([semEmpresa.status, semEmpresa.body.data.message]).toEqual([400, 'Informe a empresa no cabeçalho X-Empresa (uma das empresas deste aplicativo).']);
    }
  });

  it('rate limits each client per minute (429 with Retry-After) and audits every call with its answer', async () => {
    const { cliente, clientId, clientSecret } = await clienteComChave({ limitePorMinuto: 3 });
    const token = (await tokenBasic(clientId, clientSecret)).body.access_token;
    expect((await doCliente('GET', '/produtoGeral', token)).status).toBe(200);
    expect((await doCliente('GET', '/usuario', token)).status).toBe(403);
    const demais = await doCliente('GET', '/produtoGeral', token);
    expect(demais.status).toBe(429);
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0);
    expect(demais.body.data.message).toMatch(/^Limite de 3 chamadas por minuto deste aplicativo atingido/);

    // Each call is audited after its answer has gone (onResponse): the last one may land a moment later.
    const chamadas = async () => (await api('GET', `/appTerceirosCadastro/${cliente}/chamadas`)).body.data;
    await esperarAte(async () => (await chamadas()).chamadas.length === 4, 15_000, 'as quatro chamadas auditadas');
    const auditoria = await chamadas();
    expect(auditoria.chamadas.map((c: { metodo: string; rota: string; status: number }) => `${c.metodo} ${c.rota} ${c.status}`)).toEqual([
      'GET /api/produtoGeral 429',
      'GET /api/usuario 403',
      'GET /api/produtoGeral 200',
      'POST /api/oauth/token 200',
    ]);
    expect(auditoria).toMatchObject({ ultimas24h: 4, recusadas24h: 2 });
    const chaves = (await api('GET', `/appTerceirosCadastro/${cliente}/chaves`)).body.data;
    expect(chaves[0].ultimoUsoEm).not.toBeNull();
  });

  it('keeps the wall between groups: another group sees no client, key or audit, and a token reads only its own group', async () => {
    const { cliente, clientId, clientSecret } = await clienteComChave();
    for (const [m, url, corpo] of [
      ['GET', `/appTerceirosCadastro/${cliente}`],
      ['GET', `/appTerceirosCadastro/${cliente}/chaves`],
      ['POST', `/appTerceirosCadastro/${cliente}/chaves`, { descricao: 'Invasora' }],
      ['POST', `/appTerceirosCadastro/${cliente}/chaves/${clientId}/revogar`],
      ['GET', `/appTerceirosCadastro/${cliente}/chamadas`],
    ] as [string, string, object?][]) {
      expect((await vizinho(m as 'GET', url, m === 'POST' ? (corpo ?? {}) : undefined)).status, url).toBe(404);
    }
    const token = (await tokenBasic(clientId, clientSecret)).body.access_token;
    const vizinhoEmpresas = await empresasDaSessao(vizinho);
    const outra = await doCliente('GET', '/produtoGeral', token, undefined, vizinhoEmpresas[0]);
    expect([outra.status, outra.body.data.message]).toEqual([403, 'Este aplicativo não tem acesso a esta empresa.']);
    const produtoVizinho = (await vizinho('GET', '/produtoGeral')).body.data[0];
    if (produtoVizinho) expect((await doCliente('GET', `/produtoGeral/${produtoVizinho._id}`, token)).status).toBe(404);
    // A client cannot be given another group's company.
    const alheia = await api('POST', '/appTerceirosCadastro', { nome: 'Intruso', escopos: ['produtos:ler'], empresas: [vizinhoEmpresas[0]] });
    expect(alheia.status).toBe(400);
  });
});

describe('the OpenAPI document and the API clients', () => {
  it('shows the oauth2 client credentials scheme with its scopes and, on each operation a scope opens, that scope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toMatchObject({
      tokenUrl: '/api/oauth/token',
      scopes: { 'produtos:ler': expect.any(String), 'vendas:ler': expect.any(String), 'estoque:ler': expect.any(String), 'financeiro:ler': expect.any(String) },
    });
    expect(doc.paths['/api/produtoGeral/{_id}'].get.security).toEqual([{ sessao: [] }, { oauth2: ['produtos:ler'] }]);
    expect(doc.paths['/api/relatorioVenda'].post.security).toEqual([{ sessao: [] }, { oauth2: ['vendas:ler'] }]);
    expect(doc.paths['/api/usuario'].get.security).toEqual([{ sessao: [] }]);
    expect(doc.paths['/api/oauth/token'].post.security).toEqual([]);
  });
});

describe('the demonstration API clients', () => {
  it('shows the accounting firm with a revoked key, a live one and a day of audited calls, and the OTP provider; a second run adds nothing', async () => {
    const s = { id: 'demo', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    const catalogo = { lojas: empresas.map((empresa) => ({ empresa })) } as unknown as CatalogoDemo;
    await prepararAppTerceirosDemo(ctx.db, s, catalogo);
    await prepararAppTerceirosDemo(ctx.db, s, catalogo);
    const clientes = (await api('POST', '/appTerceirosCadastro/getPopulate', { filtro: { nome: { $in: ['Contabilidade Exata', 'Painel BI da rede'] } }, sort: 'nome' })).body.data;
    expect(clientes.map((c: { nome: string; escopos: string[] }) => [c.nome, c.escopos])).toEqual([
      ['Contabilidade Exata', ['vendas:ler', 'financeiro:ler']],
      ['Painel BI da rede', ['produtos:ler', 'vendas:ler', 'estoque:ler']],
    ]);
    const chaves = (await api('GET', `/appTerceirosCadastro/${clientes[0]._id}/chaves`)).body.data;
    expect(chaves.map((c: { descricao: string; revogadaEm: string | null; ultimoUsoEm: string | null }) => [c.descricao, c.revogadaEm !== null, c.ultimoUsoEm !== null])).toEqual([
      ['Robô fiscal', false, true],
      ['Robô fiscal (2025)', true, true],
    ]);
    const auditoria = (await api('GET', `/appTerceirosCadastro/${clientes[0]._id}/chamadas`)).body.data;
    expect(auditoria.chamadas).toHaveLength(12);
    expect(auditoria).toMatchObject({ ultimas24h: 8, recusadas24h: 2 });
    expect(auditoria.chamadas[0]).toMatchObject({ metodo: 'POST', rota: '/api/financeiroResumo', status: 200 });
    // And the group's OTP providers, once each: the e-mail one in use, an SMS one in reserve (inactive).
    const provedores = (await api('POST', '/provedorOTP/getPopulate', { filtro: {}, sort: { descricao: 1 }, limit: 10, skip: 0 })).body.data;
    expect(provedores.map((p: { descricao: string; canal: string; ativo: boolean }) => [p.descricao, p.canal, p.ativo])).toEqual([
      ['Código de acesso por e-mail', 'E-mail', true],
      ['Código de acesso por SMS (reserva)', 'SMS', false],
    ]);
  });
});
