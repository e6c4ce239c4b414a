import { createHmac } from 'node:crypto';
import { contaPadrao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * A marketplace order's payout in the money ledger (issue 17): accepted, the app's wallet gets the gross
 * in and the commission and the store's campaigns out, to their chart accounts, in the sale's transaction;
 * the wallet then holds the net the payout will bring; a cancellation reverses each row.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let carteira: string;
let comissao: string;
const SEGREDO = 'segredo-do-repasse-de-teste-123';

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
  carteira = (await criar(api, 'financeiroConta', { nome: 'Carteira iFood', tipo: 'Carteira de app de delivery', dataSaldoInicial: '2026-01-01' }))._id;
  comissao = (await criar(api, 'financeiroPlanoConta', { codigo: '2.90', nome: 'Comissão do iFood', pai: contaPadrao('2')._id, natureza: 'Despesa' }))._id;
});
afterAll(async () => ctx?.close());

let n = 0;
async function integracao(extra: Record<string, unknown>) {
  const merchantId = `repasse-${++n}`;
  const motivo = (await criar(api, 'descontoMotivo', { descricao: `Campanha ${merchantId}` }))._id;
  const i = await criar(api, 'appIntegracaoDelivery', { descricao: 'iFood Centro', provedor: 'iFood', merchantId, situacaoLoja: 'Aberta', aceiteAutomatico: true, terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito, descontoMotivo: motivo, ...extra });
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/mapa`, { itemExterno: 'X1', descricaoExterna: 'Xis', produto: cenario.ids.xis })).status).toBe(200);
  expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/mapa`, { itemExterno: 'S1', descricaoExterna: 'Suco', produto: cenario.ids.suco })).status).toBe(200);
  return { id: i._id, merchantId };
}

async function webhook(corpo: unknown) {
  const texto = JSON.stringify(corpo);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/delivery/ifood/webhook', headers: { 'content-type': 'application/json', 'x-ifood-signature': createHmac('sha256', SEGREDO).update(texto).digest('hex') }, payload: texto });
  expect(res.statusCode, res.body).toBe(200);
}
/** 2 × Xis R$ 32,90 + Suco R$ 9,00 + entrega R$ 7,99 = R$ 82,79 bruto; loja R$ 5,00 e iFood R$ 3,00 de campanha; comissão R$ 11,43. */
const pedido = (merchantId: string, orderId: string) => ({
  id: `ev-${orderId}`,
  code: 'PLC',
  fullCode: 'PLACED',
  orderId,
  merchantId,
  createdAt: new Date().toISOString(),
  order: {
    displayId: orderId.slice(-4),
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    customer: { name: 'Ana Souza' },
    items: [
      { id: 'X1', name: 'Xis', quantity: 2, unitPrice: 32.9 },
      { id: 'S1', name: 'Suco', quantity: 1, unitPrice: 9 },
    ],
    total: { deliveryFee: 7.99 },
    benefits: [{ sponsorshipValues: [{ name: 'IFOOD', value: 3 }, { name: 'MERCHANT', value: 5 }] }],
    commission: 11.43,
  },
});
const cancelamento = (merchantId: string, orderId: string) => ({ id: `ev-can-${orderId}`, code: 'CAN', fullCode: 'CANCELLED', orderId, merchantId, createdAt: new Date().toISOString(), cancellationReason: 'Cliente desistiu' });

const movimentos = async (integracaoPedido: string) =>
  (
    await ctx.db.execute<{ valor: string; tipo: string; plano: string | null; descricao: string; estorno: boolean }>(sql`
      select m.valor::text valor, m.tipo, m.plano_conta_id plano, m.descricao, m.estorno_de is not null estorno from financeiro_movimento m
      where m.documento_tipo = 'deliveryPedido' and m.documento_id = ${integracaoPedido} order by m.seq`)
  ).rows.map((m) => [Number(m.valor), m.tipo, m.plano, m.estorno]);
const saldo = async (conta: string) => Number((await ctx.db.execute<{ saldo: string }>(sql`select saldo::text from financeiro_saldo where conta_id = ${conta}`)).rows[0]?.saldo ?? 0);
const pedidoDe = async (integracaoId: string, orderId: string) => (await ctx.db.execute<{ id: string; situacao: string }>(sql`select id, situacao from delivery_pedido where integracao_id = ${integracaoId} and pedido_externo = ${orderId}`)).rows[0]!;

describe('delivery payouts in the money ledger', () => {
  it("an accepted order posts the gross in and the commission and the store's campaigns out of the app's wallet, to the centavo; the wallet holds the net", async () => {
    const i = await integracao({ financeiroConta: carteira, planoContaComissao: comissao });
    await webhook(pedido(i.merchantId, 'ord-1001'));
    const p = await pedidoDe(i.id, 'ord-1001');
    expect(p.situacao).toBe('aceito');
    expect(await movimentos(p.id)).toEqual([
      [8279, 'entrada', contaPadrao('1.03')._id, false],
      [-1143, 'saida', comissao, false],
      [-500, 'saida', contaPadrao('7.02')._id, false],
    ]);
    // 82,79 − 11,43 − 5,00 = 66,36: what the payout will bring, as kept for the order.
    expect(await saldo(carteira)).toBe(6636);
    const [repasse] = (await ctx.db.execute<{ liquido: number }>(sql`select liquido from delivery_repasse where pedido_id = ${p.id}`)).rows;
    expect(repasse!.liquido).toBe(6636);
  });

  it('a cancelled order reverses each row by a new one, and the wallet is back', async () => {
    const antes = await saldo(carteira);
    const i = await integracao({ financeiroConta: carteira });
    await webhook(pedido(i.merchantId, 'ord-2002'));
    expect(await saldo(carteira)).toBe(antes + 6636);
    await webhook(cancelamento(i.merchantId, 'ord-2002'));
    const p = await pedidoDe(i.id, 'ord-2002');
    expect(p.situacao).toBe('cancelado');
    expect(await movimentos(p.id)).toEqual([
      [8279, 'entrada', contaPadrao('1.03')._id, false],
      [-1143, 'saida', contaPadrao('2.03')._id, false],
      [-500, 'saida', contaPadrao('7.02')._id, false],
      [-8279, 'estorno', contaPadrao('1.03')._id, true],
      [1143, 'estorno', contaPadrao('2.03')._id, true],
      [500, 'estorno', contaPadrao('7.02')._id, true],
    ]);
    expect(await saldo(carteira)).toBe(antes);
    // The same cancellation again changes nothing.
    await webhook({ ...cancelamento(i.merchantId, 'ord-2002'), id: 'ev-can-ord-2002-bis' });
    expect((await movimentos(p.id)).length).toBe(6);
  });

  it('posts nothing for an integration without a wallet, and an order only received (not accepted) posts nothing', async () => {
    const sem = await integracao({});
    await webhook(pedido(sem.merchantId, 'ord-3003'));
    expect((await pedidoDe(sem.id, 'ord-3003')).situacao).toBe('aceito');
    expect(await movimentos((await pedidoDe(sem.id, 'ord-3003')).id)).toEqual([]);
    const manual = await integracao({ financeiroConta: carteira, aceiteAutomatico: false });
    await webhook(pedido(manual.merchantId, 'ord-3004'));
    const p = await pedidoDe(manual.id, 'ord-3004');
    expect(await movimentos(p.id)).toEqual([]);
    // Accepted by hand: posted then, by the user.
    const aceito = await api('POST', `/appIntegracaoDelivery/pedidos/${p.id}/aceitar`, {});
    expect(aceito.status, JSON.stringify(aceito.body)).toBe(200);
    expect((await movimentos(p.id)).map((m) => m[0])).toEqual([8279, -1143, -500]);
  });

  it("keeps the wall: another group's integration cannot point at our wallet", async () => {
    const r = await vizinho('POST', '/appIntegracaoDelivery', { descricao: 'Intrusa', provedor: 'iFood', merchantId: 'intrusa-1', financeiroConta: carteira, terminal: 'x', formaPagamento: 'y' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.data)).toContain('financeiroConta');
  });
});
