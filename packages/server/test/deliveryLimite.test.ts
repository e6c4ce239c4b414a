import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES_WEBHOOK } from '../src/integrations/delivery/webhookRoutes.ts';
import { RateLimiter } from '../src/session/rateLimit.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas } from './vendasFixture.ts';

/**
 * The delivery webhook's limits (issue 17): a merchant's signed events per minute (429 with Retry-After,
 * nothing stored), counted per merchant so another store goes on; unsigned tries never count against the
 * merchant, only against the address that sends them.
 */
let ctx: TestContext;
let api: Api;
const SEGREDO = 'segredo-do-limite-de-teste-1234';
const lojas: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const cenario = await prepararVendas(ctx, api);
  for (const merchantId of ['limite-loja-a', 'limite-loja-b']) {
    const i = await criar(api, 'appIntegracaoDelivery', { descricao: `iFood ${merchantId}`, provedor: 'iFood', merchantId, situacaoLoja: 'Fechada', terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito });
    expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
    lojas.push(i._id);
  }
  LIMITES_WEBHOOK.porMerchant = new RateLimiter(3, 60_000);
  LIMITES_WEBHOOK.recusasPorEndereco = new RateLimiter(4, 60_000);
});
// The server tests share modules between files (isolate: false): the limits go back as they were.
const limitesAntes = { ...LIMITES_WEBHOOK };
afterAll(async () => {
  Object.assign(LIMITES_WEBHOOK, limitesAntes);
  await ctx?.close();
});

let n = 0;
const evento = (merchantId: string) => ({ id: `lim-ev-${++n}`, code: 'PLC', fullCode: 'PLACED', orderId: `lim-o-${n}`, merchantId, createdAt: new Date().toISOString(), order: { displayId: `9${n}`, createdAt: new Date().toISOString(), customer: { name: 'Bruna Lima' }, items: [{ id: 'X1', name: 'Xis', quantity: 1, unitPrice: 30 }], total: { deliveryFee: 5 }, commission: 3.6 } });

async function webhook(corpo: unknown, ip: string, assinatura?: string) {
  const texto = JSON.stringify(corpo);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/ifood/webhook', remoteAddress: ip, headers: { 'content-type': 'application/json', 'x-ifood-signature': assinatura ?? createHmac('sha256', SEGREDO).update(texto).digest('hex') }, payload: texto });
  return { status: res.statusCode, body: res.json(), retry: res.headers['retry-after'] };
}
const guardados = async (integracao: string) => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from delivery_evento where integracao_id = ${integracao}`)).rows[0]!.n;

describe('delivery webhook: limits', () => {
  it("past a merchant's events of the minute answers 429 with Retry-After and stores nothing; another merchant goes on", async () => {
    const respostas = [];
    for (let i = 0; i < 4; i++) respostas.push(await webhook(evento('limite-loja-a'), '198.51.100.1'));
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(respostas[3]!.body.data.message).toMatch(/^Muitos eventos desta loja em pouco tempo\. Tente de novo em \d+ s\.$/);
    expect(Number(respostas[3]!.retry)).toBeGreaterThan(0);
    expect(await guardados(lojas[0]!)).toBe(3);
    expect((await webhook(evento('limite-loja-b'), '198.51.100.1')).status).toBe(200);
  });

  it("forged events do not use up the merchant's limit; the address sending them is made to wait", async () => {
    const forjadas = [];
    for (let i = 0; i < 5; i++) forjadas.push((await webhook(evento('limite-loja-b'), '203.0.113.66', 'f'.repeat(64))).status);
    expect(forjadas).toEqual([401, 401, 401, 401, 429]);
    // The marketplace's own signed events for that store still arrive from its address.
    expect((await webhook(evento('limite-loja-b'), '198.51.100.2')).status).toBe(200);
    expect(await guardados(lojas[1]!)).toBe(2);
  });
});
