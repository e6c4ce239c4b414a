import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, empresasDaSessao, type Api } from './resourceApi.ts';

/**
 * The pedidos:escrever scope (issue 17): a third party's client posts an order to the company's kitchen
 * with its bearer token, once per pedidoId; refused without the scope, with a user's session, with a
 * product of another group; audited like every client call; shown in the OpenAPI document with its scope.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let empresas: string[];
let estacao: string;
let lanche: string;

type Resposta = { status: number; body: any };
const doCliente = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }).then((r): Resposta => ({ status: r.statusCode, body: r.json() }));

/** A client of `quem`'s group with `escopos`, and a token of one of its keys. */
async function tokenDe(quem: Api, escopos: string[], empresa: string) {
  const cliente = await criar(quem, 'appTerceirosCadastro', { nome: `Parceiro ${escopos.join(' ')} ${Math.random()}`, escopos, empresas: [empresa] });
  const chave = (await quem('POST', `/appTerceirosCadastro/${cliente._id}/chaves`, { descricao: 'Servidor do parceiro' })).body.data;
  const r = await ctx.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'client_credentials', client_id: chave.clientId, client_secret: chave.clientSecret } });
  expect(r.statusCode, r.body).toBe(200);
  return { cliente: cliente._id, token: r.json().access_token as string };
}

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  empresas = await empresasDaSessao(api);
  const un = await criar(api, 'unidadeMedida', { sigla: 'UPT', descricao: 'Unidade parceiro' });
  const grupo = await criar(api, 'agrupador', { descricao: 'Lanches do parceiro' });
  const setor = (await criar(api, 'kdsSetor', { descricao: 'Chapa do parceiro' }))._id;
  await criar(api, 'kdsSetorCadastroGrupo', { agrupador: grupo._id, setor });
  estacao = (await criar(api, 'kdsEstacao', { descricao: 'Chapa do parceiro', setores: [setor] }))._id;
  lanche = (await criar(api, 'produtoGeral', { descricao: 'Misto quente do parceiro', unidade: un._id, agrupador: grupo._id, ncm: '21069090' }))._id;
});
afterAll(async () => ctx?.close());

const pedido = (pedidoId: string, produto = lanche) => ({ pedidoId, cliente: 'Renata (app Parceiro)', itens: [{ produto, quantidade: '2', modificadores: [], observacao: 'bem passado' }] });

describe('pedidos:escrever', () => {
  it('a client with the scope sends an order to the kitchen once per pedidoId, and the call is audited', async () => {
    const { cliente, token } = await tokenDe(api, ['pedidos:escrever'], empresas[0]!);
    const primeiro = await doCliente('POST', '/pedidos', token, pedido('P-1001'));
    expect(primeiro.status, JSON.stringify(primeiro.body)).toBe(201);
    expect(primeiro.body.data).toMatchObject({ enviado: true, pedido: { pedidoId: 'P-1001', cliente: 'Renata (app Parceiro)' } });
    const repetido = await doCliente('POST', '/pedidos', token, pedido('P-1001'));
    expect([repetido.status, repetido.body.data.enviado]).toEqual([200, false]);
    const quadro = await api('GET', `/kds/quadro?estacao=${estacao}`);
    const cartoes = (quadro.body.data.pedidos as { pedidoId: string; itens: { descricao: string; quantidade: string; observacao: string }[] }[]).filter((p) => p.pedidoId === 'P-1001');
    expect(cartoes.map((c) => c.itens.map((i) => [i.descricao, i.quantidade, i.observacao]))).toEqual([[['Misto quente do parceiro', '2.000', 'bem passado']]]);
    const chamadas = async () => (await api('GET', `/appTerceirosCadastro/${cliente}/chamadas`)).body.data.chamadas as { metodo: string; rota: string; status: number }[];
    await esperarAte(async () => (await chamadas()).length === 3, 15_000, 'as três chamadas auditadas');
    expect((await chamadas()).map((c) => `${c.metodo} ${c.rota} ${c.status}`)).toEqual(['POST /api/pedidos 200', 'POST /api/pedidos 201', 'POST /api/oauth/token 200']);
  });

  it('is refused without the scope (403 naming it), with a user session, and for a bad body (400 naming the field)', async () => {
    const { token } = await tokenDe(api, ['produtos:ler'], empresas[0]!);
    const sem = await doCliente('POST', '/pedidos', token, pedido('P-2001'));
    expect([sem.status, sem.body.data.message]).toEqual([403, 'Falta o escopo pedidos:escrever para esta chamada.']);
    const usuario = await api('POST', '/pedidos', pedido('P-2002'));
    expect([usuario.status, usuario.body.data.message]).toEqual([403, 'Esta rota é só para aplicativos de terceiros: use um token Bearer com o escopo pedidos:escrever.']);
    const { token: escreve } = await tokenDe(api, ['pedidos:escrever'], empresas[0]!);
    const vazio = await doCliente('POST', '/pedidos', escreve, { pedidoId: 'P-2003', itens: [] });
    expect([vazio.status, vazio.body.data.message]).toEqual([400, expect.stringMatching(/Informe pelo menos um item\./)]);
  });

  it('keeps the wall: another group\'s client cannot order our product, and its order never reaches our board', async () => {
    const { token } = await tokenDe(vizinho, ['pedidos:escrever'], (await empresasDaSessao(vizinho))[0]!);
    const alheio = await doCliente('POST', '/pedidos', token, pedido('V-1'));
    expect([alheio.status, alheio.body.data.message]).toEqual([400, `Produto: não encontrado nesta empresa: ${lanche}.`]);
    const quadro = await api('GET', `/kds/quadro?estacao=${estacao}`);
    expect((quadro.body.data.pedidos as { pedidoId: string }[]).some((p) => p.pedidoId === 'V-1')).toBe(false);
  });

  it('is in the OpenAPI document with its scope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes['pedidos:escrever']).toBe('Enviar pedidos à cozinha da empresa (POST /api/pedidos)');
    expect(doc.paths['/api/pedidos'].post.security).toEqual([{ oauth2: ['pedidos:escrever'] }]);
  });
});
