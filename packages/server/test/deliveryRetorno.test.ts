import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { despacharRetornos } from '../src/integrations/delivery/retorno.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { iniciarCloudApiDouble } from './cloudApiDouble.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * Our statuses sent back to the marketplace (issue 17): accepted, refused, ready, dispatched, in the iFood
 * and generic shapes, signed with the integration's secret, against a local double of the marketplace that
 * the test starts; queued in the decision's transaction and retried while the marketplace is down.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
const SEGREDO = 'segredo-do-retorno-de-teste-123';

/** The marketplace's double: records each call and answers with the next status of `respostas` (200 when none). */
const recebidas: { metodo: string; url: string; corpo: string; assinatura: string | undefined }[] = [];
const respostas: number[] = [];
let marketplace: Server;
let base: string;

beforeAll(async () => {
  marketplace = createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => (corpo += c.toString('utf8')));
    req.on('end', () => {
      recebidas.push({ metodo: req.method!, url: req.url!, corpo, assinatura: (req.headers['x-ifood-signature'] ?? req.headers['x-retaguarda-assinatura']) as string | undefined });
      res.writeHead(respostas.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => marketplace.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(marketplace.address() as AddressInfo).port}/api`;
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((ok) => marketplace?.close(ok));
});

const deps = () => ({ db: ctx.db, chaveSegredos: chavePreguicosa(ctx.config) });
let n = 0;
async function integracao(provedor: 'iFood' | 'Genérico', extra: Record<string, unknown> = {}) {
  const merchantId = `retorno-${++n}`;
  const i = await criar(api, 'appIntegracaoDelivery', { descricao: `${provedor} ${merchantId}`, provedor, merchantId, situacaoLoja: 'Aberta', urlApi: base, terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito, ...extra });
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/mapa`, { itemExterno: 'X1', descricaoExterna: 'Xis', produto: cenario.ids.xis })).status).toBe(200);
  return { id: i._id, merchantId };
}
const assinar = (texto: string) => createHmac('sha256', SEGREDO).update(texto).digest('hex');
async function pedidoIfood(merchantId: string, orderId: string) {
  const texto = JSON.stringify({ id: `ev-${orderId}`, code: 'PLC', fullCode: 'PLACED', orderId, merchantId, createdAt: new Date().toISOString(), order: { displayId: orderId.slice(-4), createdAt: new Date().toISOString(), customer: { name: 'Ana Souza' }, items: [{ id: 'X1', name: 'Xis', quantity: 1, unitPrice: 30 }], total: { deliveryFee: 5 }, commission: 3.5 } });
  const r = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/ifood/webhook', headers: { 'content-type': 'application/json', 'x-ifood-signature': assinar(texto) }, payload: texto });
  expect(r.statusCode, r.body).toBe(200);
}
const idDo = async (integracaoId: string, externo: string) => (await ctx.db.execute<{ id: string }>(sql`select id from delivery_pedido where integracao_id = ${integracaoId} and pedido_externo = ${externo}`)).rows[0]!.id;
const fila = async (pedido: string) =>
  (await ctx.db.execute<{ evento: string; tentativas: number; enviado: boolean; desistiu: boolean; erro: string | null }>(sql`
    select evento, tentativas, enviado_em is not null enviado, desistiu_em is not null desistiu, ultimo_erro erro from delivery_retorno where pedido_id = ${pedido} order by created_at`)).rows;
const para = (trecho: string) => recebidas.filter((r) => r.url.includes(trecho));

describe('delivery: statuses back to the marketplace', () => {
  it("an automatic acceptance is told to iFood's confirm endpoint, signed with the integration's secret", async () => {
    const i = await integracao('iFood', { aceiteAutomatico: true });
    await pedidoIfood(i.merchantId, 'ret-1001');
    await esperarAte(() => para('/orders/ret-1001/').length === 1, 15_000, 'o confirm no marketplace');
    const [confirm] = para('/orders/ret-1001/');
    expect([confirm!.metodo, confirm!.url, confirm!.corpo]).toEqual(['POST', '/api/order/v1.0/orders/ret-1001/confirm', '{}']);
    expect(confirm!.assinatura).toBe(assinar('{}'));
    await esperarAte(async () => (await fila(await idDo(i.id, 'ret-1001')))[0]?.enviado === true, 15_000, 'o retorno marcado como enviado');
  });

  it('a marketplace nobody answers at is said in Portuguese, with the socket\'s reason, and tried again', async () => {
    // Nothing listens on this port here: the connection is refused at once.
    const i = await integracao('iFood', { urlApi: 'http://127.0.0.1:65535' });
    await pedidoIfood(i.merchantId, 'ret-1500');
    const id = await idDo(i.id, 'ret-1500');
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/aceitar`, {})).status).toBe(200);
    await esperarAte(async () => (await fila(id))[0]?.tentativas === 1, 15_000, 'a primeira tentativa');
    expect(await fila(id)).toEqual([{ evento: 'aceito', tentativas: 1, enviado: false, desistiu: false, erro: 'Sem resposta do marketplace (ECONNREFUSED).' }]);
  });

  it('with the marketplace down, the status waits and is sent on the next try; ready and dispatched follow', async () => {
    const i = await integracao('iFood');
    await pedidoIfood(i.merchantId, 'ret-2002');
    const id = await idDo(i.id, 'ret-2002');
    respostas.push(503);
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/aceitar`, {})).status).toBe(200);
    await esperarAte(async () => (await fila(id))[0]?.tentativas === 1, 15_000, 'a primeira tentativa');
    expect(await fila(id)).toEqual([{ evento: 'aceito', tentativas: 1, enviado: false, desistiu: false, erro: 'HTTP 503' }]);
    const [espera] = (await ctx.db.execute<{ minutos: number }>(sql`select round(extract(epoch from proxima_em - updated_at) / 60)::int minutos from delivery_retorno where pedido_id = ${id}`)).rows;
    expect(espera!.minutos).toBe(1);
    // A minute later (moved by hand): the marketplace is back.
    await ctx.db.execute(sql`update delivery_retorno set proxima_em = now() where pedido_id = ${id}`);
    await despacharRetornos(deps());
    expect(await fila(id)).toEqual([{ evento: 'aceito', tentativas: 2, enviado: true, desistiu: false, erro: null }]);
    expect(para('/orders/ret-2002/').map((r) => r.url)).toEqual(['/api/order/v1.0/orders/ret-2002/confirm', '/api/order/v1.0/orders/ret-2002/confirm']);

    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/pronto`, {})).status).toBe(200);
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/despachar`, {})).status).toBe(200);
    await esperarAte(() => para('/orders/ret-2002/').length === 4, 15_000, 'o pronto e o despacho');
    expect(para('/orders/ret-2002/').slice(2).map((r) => r.url).sort()).toEqual(['/api/order/v1.0/orders/ret-2002/dispatch', '/api/order/v1.0/orders/ret-2002/readyToPickup']);
    // Told once: dispatching again queues nothing new.
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/despachar`, {})).status).toBe(200);
    await despacharRetornos(deps());
    expect((await fila(id)).map((f) => f.evento)).toEqual(['aceito', 'pronto', 'despachado']);
    const naTela = ((await api('GET', '/appIntegracaoDelivery/pedidos')).body.data as { _id: string; retornos: unknown[] }[]).find((p) => p._id === id);
    expect(naTela!.retornos).toEqual(['aceito', 'pronto', 'despachado'].map((evento) => ({ evento, situacao: 'enviado', erro: null })));
  });

  it("a refusal goes to the generic marketplace's status endpoint with the reason; a 4xx ends it at once", async () => {
    const i = await integracao('Genérico');
    const texto = JSON.stringify({ eventoId: 'ev-g-1', tipo: 'pedido.criado', merchantId: i.merchantId, em: new Date().toISOString(), pedido: { id: 'g-3003', codigo: '3003', criadoEm: new Date().toISOString(), cliente: 'Caio', itens: [{ id: 'X1', nome: 'Xis', quantidade: '1', precoUnitario: 3000 }], taxaEntrega: 500, comissao: 350 } });
    const r = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/generico/webhook', headers: { 'content-type': 'application/json', 'x-retaguarda-assinatura': assinar(texto) }, payload: texto });
    expect(r.statusCode, r.body).toBe(200);
    const id = await idDo(i.id, 'g-3003');
    respostas.push(422);
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/recusar`, { motivo: 'Sem entregador' })).status).toBe(200);
    await esperarAte(async () => (await fila(id))[0]?.desistiu === true, 15_000, 'a recusa desistida');
    expect(await fila(id)).toEqual([{ evento: 'recusado', tentativas: 1, enviado: false, desistiu: true, erro: 'HTTP 422' }]);
    const [chamada] = para('/pedidos/g-3003/');
    expect([chamada!.url, JSON.parse(chamada!.corpo), chamada!.assinatura]).toEqual(['/api/pedidos/g-3003/status', { status: 'recusado', motivo: 'Sem entregador' }, assinar(chamada!.corpo)]);
    const naTela = ((await api('GET', '/appIntegracaoDelivery/pedidos')).body.data as { _id: string; retornos: unknown[] }[]).find((p) => p._id === id);
    expect(naTela!.retornos).toEqual([{ evento: 'recusado', situacao: 'desistido', erro: 'HTTP 422' }]);
    // Nothing to tell for an order that was not accepted.
    const pronto = await api('POST', `/appIntegracaoDelivery/pedidos/${id}/pronto`, {});
    expect([pronto.status, pronto.body.data.message]).toEqual([409, 'O pedido #3003 não está aceito (está recusado).']);
  });

  it("dispatching sends the customer the group's 'Saiu para entrega' message through the robot, once", async () => {
    const dublê = await iniciarCloudApiDouble('EAAG-token-retorno-123');
    try {
      expect((await api('PUT', '/whatsApp/conexao', { phoneNumberId: '100200300499', numeroExibicao: '(11) 3000-0099', apiUrl: dublê.url, accessToken: 'EAAG-token-retorno-123', appSecret: 'segredo-do-app-meta-0123456789', verifyToken: 'verificacao-retorno-1' })).status).toBe(200);
      await criar(api, 'mensagemAutomatica', { evento: 'Saiu para entrega', mensagem: '{nome}, o pedido {pedido} saiu para entrega!' });
      const i = await integracao('Genérico', { aceiteAutomatico: true });
      const texto = JSON.stringify({ eventoId: 'ev-g-5', tipo: 'pedido.criado', merchantId: i.merchantId, em: new Date().toISOString(), pedido: { id: 'g-5005', codigo: '5005', criadoEm: new Date().toISOString(), cliente: 'Beatriz', telefone: '(11) 98765-4321', itens: [{ id: 'X1', nome: 'Xis', quantidade: '1', precoUnitario: 3000 }], taxaEntrega: 500, comissao: 350 } });
      expect((await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/generico/webhook', headers: { 'content-type': 'application/json', 'x-retaguarda-assinatura': assinar(texto) }, payload: texto })).statusCode).toBe(200);
      const id = await idDo(i.id, 'g-5005');
      for (let vez = 0; vez < 2; vez++) expect((await api('POST', `/appIntegracaoDelivery/pedidos/${id}/despachar`, {})).status).toBe(200);
      const mensagens = (await ctx.db.execute<{ texto: string }>(sql`select m.texto from whatsapp_mensagem m join whatsapp_conversa c on c.grupo_empresarial_id = m.grupo_empresarial_id and c.id = m.conversa_id where c.numero = '5511987654321' and m.origem = 'mensagemAutomatica'`)).rows;
      expect(mensagens.map((m) => m.texto)).toEqual(['Beatriz, o pedido #5005 saiu para entrega!']);
    } finally {
      await dublê.fechar();
    }
  });

  it("keeps the wall: another group cannot mark our order ready or dispatched", async () => {
    const i = await integracao('iFood', { aceiteAutomatico: true });
    await pedidoIfood(i.merchantId, 'ret-4004');
    const id = await idDo(i.id, 'ret-4004');
    expect((await vizinho('POST', `/appIntegracaoDelivery/pedidos/${id}/pronto`, {})).status).toBe(404);
    expect((await vizinho('POST', `/appIntegracaoDelivery/pedidos/${id}/despachar`, {})).status).toBe(404);
  });
});
