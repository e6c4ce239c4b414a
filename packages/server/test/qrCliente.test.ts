import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES_CLIENTE } from '../src/integrations/qrCode/qrClienteRoutes.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * The customer's sign-in on a table's QR page (issue 17): a one-time code by e-mail through the group's
 * provedorOTP, a customer session of its own cookie (only /api/q), the pessoa found or created by the
 * e-mail, and the table's orders carrying it; never across groups, never a back-office session.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let burger: string;
let estacao: string;
let mesa: { token: string };
let mesaVizinha: { token: string };

interface Resposta {
  status: number;
  body: { data: Record<string, any> };
  cookie?: { value: string; path?: string; httpOnly?: boolean; maxAge?: number };
}
/** The phone's calls: only its own customer cookie, never the back office's. */
async function publico(method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string, ip = '198.51.100.20'): Promise<Resposta> {
  const res = await ctx.app.inject({ method, url: `/api/q/${url}`, remoteAddress: ip, ...(cookie ? { cookies: { retaguarda_cliente: cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json(), cookie: res.cookies.find((c) => c.name === 'retaguarda_cliente') };
}

let aparelhos = 0;
async function codigoPara(para: string): Promise<string> {
  const antes = ctx.mailer.enviados.filter((m) => m.para === para).length;
  // Each from a phone of its own: the per-address limit has a test of its own.
  const r = await publico('POST', `${mesa.token}/cliente/codigo`, { destino: para }, undefined, `192.0.2.${++aparelhos}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await esperarAte(() => ctx.mailer.enviados.filter((m) => m.para === para).length > antes, 15_000, `o e-mail do código para ${para}`);
  return /código de acesso é (\d+)/.exec(ctx.mailer.enviados.filter((m) => m.para === para).at(-1)!.texto)![1]!;
}
const errado = (codigo: string) => (codigo === '000000' ? '000001' : '000000');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const un = await criar(admin, 'unidadeMedida', { sigla: 'UCQ', descricao: 'Unidade cliente QR' });
  const lanches = await criar(admin, 'agrupador', { descricao: 'Lanches cliente QR' });
  const setor = (await criar(admin, 'kdsSetor', { descricao: 'Chapa cliente QR' }))._id;
  await criar(admin, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor });
  estacao = (await criar(admin, 'kdsEstacao', { descricao: 'Chapa cliente QR', setores: [setor] }))._id;
  burger = (await criar(admin, 'produtoGeral', { descricao: 'X-Salada cliente', unidade: un._id, agrupador: lanches._id, ncm: '21069090' }))._id;
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: burger, preco: 2500 });
  const c = await criar(admin, 'cardapio', { descricao: 'Cardápio cliente QR', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [burger] }] });
  expect((await admin('POST', `/cardapio/${c._id}/publicar`, { version: c.version })).status).toBe(200);
  expect((await admin('PUT', '/qrCode/config', { cardapio: c._id, taxaServico: '10', ativo: true })).status).toBe(200);
  mesa = (await admin('POST', '/qrCode/mesas', { numero: 21, nome: 'Mesa 21', area: 'Salão' })).body.data;
  const mv = await vizinho('POST', '/qrCode/mesas', { numero: 3, nome: 'Mesa 3', area: '' });
  expect(mv.status, JSON.stringify(mv.body)).toBe(201);
  mesaVizinha = mv.body.data;
});
afterAll(async () => ctx?.close());

describe('QR page: customer sign-in with a one-time code', () => {
  it('offers no sign-in while the group has no active provider', async () => {
    const r = await publico('GET', `${mesa.token}/cliente`);
    expect(r.body.data).toEqual({ cliente: null, canal: null });
    const codigo = await publico('POST', `${mesa.token}/cliente/codigo`, { destino: 'ana@exemplo.com.br' });
    expect(codigo.status).toBe(409);
    await criar(admin, 'provedorOTP', { descricao: 'E-mail da casa', canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 10, tentativas: 3, limitePorHora: 3 });
    expect((await publico('GET', `${mesa.token}/cliente`)).body.data).toEqual({ cliente: null, canal: 'E-mail' });
  });

  it('a wrong code counts an attempt and opens nothing; the right one opens a customer session on /api/q and creates the customer', async () => {
    const para = 'carla.cliente@exemplo.com.br';
    const codigo = await codigoPara(para);
    const ruim = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo: errado(codigo), nome: 'Carla Mendes' });
    expect([ruim.status, ruim.body.data.message]).toEqual([400, 'Código: Código incorreto. Restam 2 tentativas.']);
    expect(ruim.cookie).toBeUndefined();
    const bom = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: ' Carla.Cliente@Exemplo.com.br ', codigo, nome: 'Carla Mendes' });
    expect(bom.status, JSON.stringify(bom.body)).toBe(200);
    expect(bom.body.data).toEqual({ cliente: { nome: 'Carla Mendes', destino: para } });
    expect(bom.cookie).toMatchObject({ path: '/api/q', httpOnly: true, maxAge: 7200 });
    expect((await publico('GET', `${mesa.token}/cliente`, undefined, bom.cookie!.value)).body.data.cliente).toEqual({ nome: 'Carla Mendes', destino: para });
    // The customer is in the registry, with the e-mail; only the cookie's hash is stored.
    const pessoas = await admin('GET', '/pessoa?limit=200');
    const carla = ((pessoas.body.data.items ?? pessoas.body.data) as { nome: string; cliente: boolean; enderecosEletronicos: { endereco: string }[] }[]).filter((p) => p.nome === 'Carla Mendes');
    expect(carla.map((p) => [p.cliente, p.enderecosEletronicos.map((e) => e.endereco)])).toEqual([[true, [para]]]);
    const [s] = (await ctx.db.execute<{ token_hash: string }>(sql`select token_hash from cliente_sessao where destino = ${para}`)).rows;
    expect(s!.token_hash).not.toBe(bom.cookie!.value);
    // The used code does not open a second time.
    const deNovo = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo });
    expect(deNovo.status).toBe(410);
  });

  it('the order sent while signed in carries the customer to the record, the back office list and the kitchen card; one without the cookie stays anonymous', async () => {
    const para = 'diego@exemplo.com.br';
    // Diego is already a customer: signing in finds him by the e-mail instead of creating another.
    const diego = await criar(admin, 'pessoa', { nome: 'Diego Rocha', enderecosEletronicos: [{ tipo: 'E-mail', endereco: 'Diego@Exemplo.com.br' }] });
    const codigo = await codigoPara(para);
    const entrou = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo, nome: 'Outro nome' });
    expect(entrou.body.data.cliente).toEqual({ nome: 'Diego Rocha', destino: para });
    const pedido = await publico('POST', `${mesa.token}/pedidos`, { id: 'cliente-pedido-1', itens: [{ produto: burger, quantidade: 2 }] }, entrou.cookie!.value);
    expect(pedido.status, JSON.stringify(pedido.body)).toBe(201);
    // 2 × 25,00 = 50,00 + 10 % = 55,00.
    expect(pedido.body.data.pedido).toMatchObject({ total: 5500, cliente: { _id: diego._id, nome: 'Diego Rocha' } });
    const anonimo = await publico('POST', `${mesa.token}/pedidos`, { id: 'cliente-pedido-2', itens: [{ produto: burger, quantidade: 1 }] });
    expect(anonimo.body.data.pedido.cliente).toBeNull();
    const gravados = (await ctx.db.execute<{ cliente_id: string; pessoa_id: string | null }>(sql`select cliente_id, pessoa_id from qr_pedido where cliente_id like 'cliente-pedido-%' order by cliente_id`)).rows;
    expect(gravados).toEqual([{ cliente_id: 'cliente-pedido-1', pessoa_id: diego._id }, { cliente_id: 'cliente-pedido-2', pessoa_id: null }]);
    const lista = await admin('GET', '/qrCode/atividade');
    const naLista = (lista.body.data.pedidos as { _id: string; cliente: { nome: string } | null }[]).find((p) => p._id === pedido.body.data.pedido._id);
    expect(naLista?.cliente?.nome).toBe('Diego Rocha');
    const quadro = await admin('GET', `/kds/quadro?estacao=${estacao}`);
    expect((quadro.body.data.pedidos as { mesa: string; cliente: string | null }[]).filter((p) => p.mesa === '21').map((p) => p.cliente)).toEqual(['Diego Rocha', null]);
    // Leaving ends the session: the same cookie no longer orders as Diego.
    expect((await publico('POST', `${mesa.token}/cliente/sair`, {}, entrou.cookie!.value)).status).toBe(200);
    const depois = await publico('POST', `${mesa.token}/pedidos`, { id: 'cliente-pedido-3', itens: [{ produto: burger, quantidade: 1 }] }, entrou.cookie!.value);
    expect(depois.body.data.pedido.cliente).toBeNull();
  });

  it('an expired code is refused (410) and the destination may ask only its hourly limit of codes (429)', async () => {
    const para = 'eva@exemplo.com.br';
    const codigo = await codigoPara(para);
    await ctx.db.execute(sql`update otp_codigo set expira_em = now() - interval '1 second' where destino = ${para}`);
    const tarde = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo });
    expect([tarde.status, tarde.body.data.message]).toEqual([410, 'Código: Código expirado ou já usado: peça outro.']);
    await codigoPara(para);
    await codigoPara(para);
    const quarto = await publico('POST', `${mesa.token}/cliente/codigo`, { destino: para });
    expect(quarto.status).toBe(429);
    expect(quarto.body.data.message).toMatch(/^Destino: muitos códigos pedidos na última hora; tente de novo em \d+ min\.$/);
  });

  it('the last wrong attempt ends the code, even for the right one', async () => {
    const para = 'fabio@exemplo.com.br';
    const codigo = await codigoPara(para);
    const respostas = [];
    for (let i = 0; i < 3; i++) respostas.push((await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo: errado(codigo) })).status);
    expect(respostas).toEqual([400, 400, 429]);
    expect((await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo })).status).toBe(429);
  });

  it('one phone asking codes for many inboxes is stopped by its address', async () => {
    LIMITES_CLIENTE.codigosPorEndereco.reset('203.0.113.99');
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await publico('POST', `${mesa.token}/cliente/codigo`, { destino: `spray${i}@exemplo.com.br` }, undefined, '203.0.113.99')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('the wall: our customer cookie is nobody at another group\'s table, and our code does not sign in there; it never opens the back office', async () => {
    const para = 'gil@exemplo.com.br';
    const codigo = await codigoPara(para);
    const la = await publico('POST', `${mesaVizinha.token}/cliente/entrar`, { destino: para, codigo });
    // The other group has no provider: nothing of ours is read there.
    expect(la.status).toBe(409);
    const entrou = await publico('POST', `${mesa.token}/cliente/entrar`, { destino: para, codigo });
    expect(entrou.status).toBe(200);
    expect((await publico('GET', `${mesaVizinha.token}/cliente`, undefined, entrou.cookie!.value)).body.data.cliente).toBeNull();
    const backOffice = await ctx.app.inject({ method: 'GET', url: '/api/pessoa', cookies: { retaguarda_cliente: entrou.cookie!.value } });
    expect(backOffice.statusCode).toBe(401);
  });
});
