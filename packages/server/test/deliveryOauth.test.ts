import { createHmac } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { despacharRetornos } from '../src/integrations/delivery/retorno.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { iniciarMarketplaceDouble } from './marketplaceDouble.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * iFood-kind outbound authentication (issue 17): with the integration's OAuth client set (encrypted,
 * never read back), calls to the marketplace carry a bearer token from its token endpoint (client
 * credentials), reused until shortly before it expires, renewed once on a 401; the generic kind keeps
 * the HMAC signature. Against a local marketplace double that issues tokens that expire.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let mkt: Awaited<ReturnType<typeof iniciarMarketplaceDouble>>;
const SEGREDO = 'segredo-do-webhook-oauth-123';
const CLIENTE = { id: 'cliente-ifood-da-loja', segredo: 'segredo-do-cliente-ifood-0123456789' };

beforeAll(async () => {
  mkt = await iniciarMarketplaceDouble();
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
});
afterAll(async () => {
  await ctx?.close();
  await mkt?.fechar();
});

const deps = () => ({ db: ctx.db, chaveSegredos: chavePreguicosa(ctx.config) });
let n = 0;
async function integracao(provedor: 'iFood' | 'Genérico') {
  const merchantId = `oauth-${++n}`;
  const i = await criar(api, 'appIntegracaoDelivery', { descricao: `${provedor} ${merchantId}`, provedor, merchantId, situacaoLoja: 'Aberta', urlApi: mkt.url, terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito });
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/mapa`, { itemExterno: 'X1', descricaoExterna: 'Xis', produto: cenario.ids.xis })).status).toBe(200);
  return { id: i._id, merchantId };
}
const assinar = (texto: string) => createHmac('sha256', SEGREDO).update(texto).digest('hex');
/** An iFood order received and accepted on the screen: its confirm is queued, then sent here. */
async function aceitar(i: { id: string; merchantId: string }, orderId: string) {
  const texto = JSON.stringify({ id: `ev-${orderId}`, code: 'PLC', fullCode: 'PLACED', orderId, merchantId: i.merchantId, createdAt: new Date().toISOString(), order: { displayId: orderId.slice(-4), createdAt: new Date().toISOString(), customer: { name: 'Ana' }, items: [{ id: 'X1', name: 'Xis', quantity: 1, unitPrice: 30 }], total: { deliveryFee: 5 }, commission: 3.5 } });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/ifood/webhook', headers: { 'content-type': 'application/json', 'x-ifood-signature': assinar(texto) }, payload: texto })).statusCode).toBe(200);
  const [p] = (await ctx.db.execute<{ id: string }>(sql`select id from delivery_pedido where integracao_id = ${i.id} and pedido_externo = ${orderId}`)).rows;
  expect((await api('POST', `/appIntegracaoDelivery/pedidos/${p!.id}/aceitar`, {})).status).toBe(200);
  await despacharRetornos(deps());
  return p!.id;
}
const confirmacoes = (orderId: string) => mkt.chamadas.filter((c) => c.url.endsWith(`/orders/${orderId}/confirm`));
const fila = async (pedido: string) => (await ctx.db.execute<{ enviado: boolean; desistiu: boolean; erro: string | null }>(sql`select enviado_em is not null enviado, desistiu_em is not null desistiu, ultimo_erro erro from delivery_retorno where pedido_id = ${pedido}`)).rows[0];

describe('delivery: OAuth 2 tokens on outbound calls to iFood', () => {
  let ifood: { id: string; merchantId: string };

  it('keeps the client id and secret encrypted, never read back; only iFood integrations take them', async () => {
    ifood = await integracao('iFood');
    expect((await api('GET', `/appIntegracaoDelivery/${ifood.id}/oauth`)).body.data).toEqual({ definido: false, definidoEm: null });
    const definido = await api('PUT', `/appIntegracaoDelivery/${ifood.id}/oauth`, { clientId: CLIENTE.id, clientSecret: CLIENTE.segredo });
    expect(definido.status, JSON.stringify(definido.body)).toBe(200);
    const lido = await api('GET', `/appIntegracaoDelivery/${ifood.id}/oauth`);
    expect(lido.body.data.definido).toBe(true);
    const guardado = (await ctx.db.execute(sql`select * from delivery_oauth where integracao_id = ${ifood.id}`)).rows;
    expect(JSON.stringify([lido.body, definido.body, (await api('GET', `/appIntegracaoDelivery/${ifood.id}`)).body, guardado])).not.toMatch(new RegExp(`${CLIENTE.id}|${CLIENTE.segredo}`));

    const generica = await integracao('Genérico');
    const recusada = await api('PUT', `/appIntegracaoDelivery/${generica.id}/oauth`, { clientId: 'x', clientSecret: 'segredo-qualquer-123' });
    expect([recusada.status, recusada.body.data.message]).toEqual([400, 'Client id: só integrações iFood usam OAuth; a genérica assina as chamadas com o segredo do webhook (HMAC).']);
    const semSegredo = await api('PUT', `/appIntegracaoDelivery/${ifood.id}/oauth`, { clientId: CLIENTE.id, clientSecret: '123' });
    expect(semSegredo.status).toBe(400);
    expect(semSegredo.body.data.message).toContain('O client secret tem pelo menos 8 caracteres.');
  });

  it('sends a bearer token from the token endpoint instead of the signature, and reuses it while it lives', async () => {
    mkt.estado.cliente = CLIENTE;
    mkt.estado.validadeS = 3600;
    const antes = mkt.tokensPedidos.length;
    const p1 = await aceitar(ifood, 'oa-1001');
    const p2 = await aceitar(ifood, 'oa-1002');
    expect([await fila(p1), await fila(p2)]).toEqual([{ enviado: true, desistiu: false, erro: null }, { enviado: true, desistiu: false, erro: null }]);
    expect(mkt.tokensPedidos.slice(antes)).toEqual([{ clientId: CLIENTE.id, em: expect.any(Number) }]);
    const [c1, c2] = [confirmacoes('oa-1001'), confirmacoes('oa-1002')];
    expect([c1.length, c2.length]).toEqual([1, 1]);
    expect(c1[0]!.autorizacao).toMatch(/^Bearer \w+$/);
    expect(c2[0]!.autorizacao).toBe(c1[0]!.autorizacao);
    expect(c1[0]!.assinatura).toBeUndefined();
  });

  it('asks a new token when the last is about to expire, before calling', async () => {
    // The marketplace now issues one-second tokens: the one in hand is revoked, its replacement lasts a second.
    mkt.estado.validadeS = 1;
    mkt.revogar();
    await aceitar(ifood, 'oa-2001');
    expect(confirmacoes('oa-2001')).toHaveLength(2);
    const antes = mkt.tokensPedidos.length;
    // Past its renewal point (a fifth of its life before the end) by now.
    await esperar(1_100);
    await aceitar(ifood, 'oa-2002');
    expect(mkt.tokensPedidos.length - antes).toBe(1);
    // It went once, with a live token: no 401 on the way.
    expect(confirmacoes('oa-2002')).toHaveLength(1);
    expect(confirmacoes('oa-2002')[0]!.autorizacao).not.toBe(confirmacoes('oa-2001')[1]!.autorizacao);
    mkt.estado.validadeS = 3600;
  });

  it('on a 401 drops the token, gets a new one and tries once more', async () => {
    // The token in hand is the last test's one-second one: left as it is, it could reach its renewal point
    // between the next two calls (on a busy machine), and the call under test would ask a new one before
    // going instead of meeting the 401. Revoked, the first call ends with a fresh hour-long token either way.
    mkt.revogar();
    await aceitar(ifood, 'oa-3000');
    const antes = mkt.tokensPedidos.length;
    mkt.revogar();
    const p = await aceitar(ifood, 'oa-3001');
    expect(await fila(p)).toEqual({ enviado: true, desistiu: false, erro: null });
    const idas = confirmacoes('oa-3001');
    expect(idas).toHaveLength(2);
    expect(idas[1]!.autorizacao).not.toBe(idas[0]!.autorizacao);
    expect(mkt.tokensPedidos.length - antes).toBe(1);

    // A second 401 with a new token is not tried again: the status is given up with the error.
    mkt.estado.recusarTokens = true;
    const p2 = await aceitar(ifood, 'oa-3002').finally(() => (mkt.estado.recusarTokens = false));
    expect(confirmacoes('oa-3002')).toHaveLength(2);
    expect(await fila(p2)).toEqual({ enviado: false, desistiu: true, erro: 'HTTP 401' });
  });

  it('a token endpoint refusing our client (its secret changed) ends the status with the reason', async () => {
    mkt.revogar();
    mkt.estado.cliente = { id: CLIENTE.id, segredo: 'outro-segredo-que-o-ifood-trocou' };
    try {
      const p = await aceitar(ifood, 'oa-4001');
      expect(await fila(p)).toEqual({ enviado: false, desistiu: true, erro: 'O marketplace recusou o client id/secret (token: HTTP 401).' });
      // The token in hand was refused once (401); the new one was not given.
      expect(confirmacoes('oa-4001')).toHaveLength(1);
    } finally {
      mkt.estado.cliente = CLIENTE;
    }
  });

  it('the generic kind keeps the HMAC signature', async () => {
    mkt.estado.cliente = null;
    const g = await integracao('Genérico');
    expect((await api('POST', `/appIntegracaoDelivery/${g.id}/loja`, { situacao: 'Fechada' })).status).toBe(200);
    await despacharRetornos(deps());
    const [chamada] = mkt.chamadas.filter((c) => c.url === '/api/loja/status').slice(-1);
    expect([chamada!.autorizacao, chamada!.assinatura]).toEqual([undefined, assinar(chamada!.corpo)]);
  });

  it("keeps the wall: another group neither reads nor sets our integration's client", async () => {
    expect((await vizinho('GET', `/appIntegracaoDelivery/${ifood.id}/oauth`)).status).toBe(404);
    expect((await vizinho('PUT', `/appIntegracaoDelivery/${ifood.id}/oauth`, { clientId: 'intruso', clientSecret: 'segredo-do-intruso-123' })).status).toBe(404);
    const [linha] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from delivery_oauth where integracao_id = ${ifood.id}`)).rows;
    expect(linha!.n).toBe(1);
  });
});
