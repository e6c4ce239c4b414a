import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, proximo, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let motivo: string;
/** A burger routed to the kitchen's grill (product group → KDS sector). */
let xisCozinha: string;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
  motivo = (await criar(api, 'descontoMotivo', { descricao: 'Campanha iFood' }))._id;
  const lanches = await criar(api, 'agrupador', { descricao: 'Lanches do delivery' });
  const chapa = await criar(api, 'kdsSetor', { descricao: 'Chapa do delivery' });
  await criar(api, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor: chapa._id });
  const un = await criar(api, 'unidadeMedida', { sigla: 'UND', descricao: 'Unidade do delivery' });
  xisCozinha = (await criar(api, 'produtoGeral', { descricao: 'Xis da chapa', unidade: un._id, agrupador: lanches._id, ncm: '21069090' }))._id;
});
afterAll(async () => ctx?.close());

const SEGREDO = 'segredo-do-webhook-de-teste-123';

/** An integration of the demo group's active company with its webhook secret; its items X1 (xis) mapped unless told. */
async function integracao(extra: Record<string, unknown> = {}, quem: Api = api, comum?: Record<string, unknown>) {
  const merchantId = `loja-${proximo()}`;
  const corpo = comum ?? { terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito, descontoMotivo: motivo };
  const i = await criar(quem, 'appIntegracaoDelivery', { descricao: `iFood ${merchantId}`, provedor: 'iFood', merchantId, situacaoLoja: 'Aberta', ...corpo, ...extra });
  expect((await quem('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
  return { id: i._id, merchantId };
}

const mapear = (id: string, itemExterno: string, produto: string, descricaoExterna = itemExterno) => api('PUT', `/appIntegracaoDelivery/${id}/mapa`, { itemExterno, descricaoExterna, produto });

let n = 0;
/** An iFood-style PLC event: 2 × Xis (R$ 32,90) + 1 × Suco (R$ 9,00), delivery R$ 7,99, the store's R$ 5,00 and iFood's R$ 3,00 off, fee R$ 11,43. */
function pedidoIfood(merchantId: string, orderId = `o-${++n}`, eventoId = `ev-${++n}`) {
  return {
    id: eventoId,
    code: 'PLC',
    fullCode: 'PLACED',
    orderId,
    merchantId,
    createdAt: new Date().toISOString(),
    order: {
      displayId: `48${n}`,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      customer: { name: 'Ana Souza' },
      items: [
        { id: 'X1', name: 'Xis bacon', quantity: 2, unitPrice: 32.9 },
        { id: 'S1', name: 'Suco de laranja 500 ml', quantity: 1, unitPrice: 9, observations: 'Sem gelo' },
      ],
      total: { deliveryFee: 7.99 },
      benefits: [{ sponsorshipValues: [{ name: 'IFOOD', value: 3 }, { name: 'MERCHANT', value: 5 }] }],
      commission: 11.43,
    },
  };
}

const assinar = (corpo: string, segredo = SEGREDO) => createHmac('sha256', segredo).update(corpo).digest('hex');

async function webhook(corpo: unknown, opcoes: { assinatura?: string | null; provedor?: string; texto?: string } = {}) {
  const texto = opcoes.texto ?? JSON.stringify(corpo);
  const assinatura = opcoes.assinatura === undefined ? assinar(texto) : opcoes.assinatura;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/integracoes/delivery/${opcoes.provedor ?? 'ifood'}/webhook`,
    headers: { 'content-type': 'application/json', ...(assinatura === null ? {} : { 'x-ifood-signature': assinatura }) },
    payload: texto,
  });
  return { status: res.statusCode, body: res.json() };
}

const contar = async (tabela: string, integracaoId: string) =>
  Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(tabela)} where integracao_id = ${integracaoId}`)).rows[0]!.n);

const pedidosDe = async (quem: Api, integracaoId: string) => ((await quem('GET', '/appIntegracaoDelivery/pedidos')).body.data as any[]).filter((p) => p.integracao === integracaoId);

describe('delivery webhook: signature and idempotency', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const { id, merchantId } = await integracao();
    const corpo = pedidoIfood(merchantId);
    const sem = await webhook(corpo, { assinatura: null });
    expect(sem.status).toBe(401);
    expect(sem.body.data.message).toBe('Assinatura ausente ou inválida.');
    expect((await webhook(corpo, { assinatura: assinar(JSON.stringify(corpo), 'outro-segredo-qualquer-1234') })).status).toBe(401);
    // Signed, then one byte changed: the signature is over the raw body.
    const texto = JSON.stringify(corpo);
    expect((await webhook(null, { texto: texto.replace('Ana Souza', 'Ana Souzb'), assinatura: assinar(texto) })).status).toBe(401);
    expect(await contar('delivery_evento', id)).toBe(0);
    expect(await contar('delivery_pedido', id)).toBe(0);

    const certo = await webhook(corpo, { assinatura: `sha256=${assinar(JSON.stringify(corpo))}` });
    expect(certo.status).toBe(200);
    expect(certo.body.data).toEqual({ eventoId: corpo.id, duplicado: false });
  });

  it('stores the same event once (200 both times), and the same order under a new event id once', async () => {
    const { id, merchantId } = await integracao({ aceiteAutomatico: false });
    await mapear(id, 'X1', cenario.ids.xis);
    await mapear(id, 'S1', cenario.ids.suco);
    const corpo = pedidoIfood(merchantId);
    const primeira = await webhook(corpo);
    const segunda = await webhook(corpo);
    expect([primeira.status, segunda.status]).toEqual([200, 200]);
    expect([primeira.body.data.duplicado, segunda.body.data.duplicado]).toEqual([false, true]);
    expect((await webhook({ ...corpo, id: `${corpo.id}-retry` })).status).toBe(200);
    expect(await contar('delivery_evento', id)).toBe(2);
    const pedidos = await pedidosDe(api, id);
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]).toMatchObject({ situacao: 'recebido', cliente: 'Ana Souza', venda: null });
  });
});

describe('delivery orders into sales', () => {
  it('lists an unmapped item, refuses to accept until it is mapped, then the sale has the exact centavos and the payout is kept', async () => {
    const { id, merchantId } = await integracao({ aceiteAutomatico: true });
    await mapear(id, 'X1', xisCozinha);
    const corpo = pedidoIfood(merchantId);
    expect((await webhook(corpo)).status).toBe(200);
    // Automatic acceptance could not map S1: the order waits, saying why.
    const [pedido] = await pedidosDe(api, id);
    expect(pedido).toMatchObject({ situacao: 'recebido', venda: null, motivo: 'Mapeie os itens antes de aceitar: Suco de laranja 500 ml.' });
    expect(pedido.itens.map((i: any) => [i.id, i.mapeado])).toEqual([['X1', true], ['S1', false]]);
    const mapa = (await api('GET', `/appIntegracaoDelivery/${id}/mapa`)).body.data;
    expect(mapa.naoMapeados).toEqual([{ itemExterno: 'S1', descricaoExterna: 'Suco de laranja 500 ml', pedidos: 1 }]);
    expect(mapa.mapeados).toEqual([{ itemExterno: 'X1', descricaoExterna: 'X1', produto: xisCozinha, produtoDescricao: 'Xis da chapa' }]);
    const cedo = await api('POST', `/appIntegracaoDelivery/pedidos/${pedido._id}/aceitar`);
    expect(cedo.status).toBe(409);
    expect(cedo.body.data.message).toBe('Mapeie os itens antes de aceitar: Suco de laranja 500 ml.');

    expect((await mapear(id, 'S1', cenario.ids.suco, 'Suco de laranja 500 ml')).status).toBe(200);
    expect((await api('GET', `/appIntegracaoDelivery/${id}/mapa`)).body.data.naoMapeados).toEqual([]);
    const aceito = await api('POST', `/appIntegracaoDelivery/pedidos/${pedido._id}/aceitar`);
    expect(aceito.status).toBe(200);
    // 2 × 32,90 + 9,00 + 7,99 − 5,00 (the store's campaign) = 77,79.
    expect(aceito.body.data).toMatchObject({ situacao: 'aceito', total: 7779 });
    const [venda] = (
      await ctx.db.execute<Record<string, unknown>>(
        sql`select canal, bruto::int, desconto::int, taxa_entrega::int, total::int, terminal_id, pedido_id from venda where id = ${aceito.body.data.venda}`,
      )
    ).rows;
    expect(venda).toEqual({ canal: 'Delivery', bruto: 7480, desconto: 500, taxa_entrega: 799, total: 7779, terminal_id: cenario.ids.terminal, pedido_id: corpo.orderId });
    const [pagamento] = (await ctx.db.execute<Record<string, unknown>>(sql`select forma_pagamento_id, t_pag, valor::int from venda_pagamento where venda_id = ${aceito.body.data.venda}`)).rows;
    expect(pagamento).toEqual({ forma_pagamento_id: cenario.ids.credito, t_pag: '03', valor: 7779 });
    // The kitchen got it, in the same transaction.
    expect((await ctx.db.execute(sql`select 1 from kds_pedido where venda_id = ${aceito.body.data.venda}`)).rows).toHaveLength(1);
    const [depois] = await pedidosDe(api, id);
    // Gross 82,79 (items + delivery); net = 82,79 − 5,00 − 11,43 = 66,36; iFood's 3,00 does not lower it.
    expect(depois).toMatchObject({ situacao: 'aceito', venda: aceito.body.data.venda, motivo: null, repasse: { bruto: 8279, comissao: 1143, taxaEntrega: 799, campanhas: 500, subsidio: 300, liquido: 6636 } });
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${pedido._id}/aceitar`)).status).toBe(409);
  });

  it('accepts at once with the store open and every item mapped, and a cancellation event cancels the sale', async () => {
    const { id, merchantId } = await integracao({ aceiteAutomatico: true });
    await mapear(id, 'X1', cenario.ids.xis);
    await mapear(id, 'S1', cenario.ids.suco);
    const corpo = pedidoIfood(merchantId);
    expect((await webhook(corpo)).status).toBe(200);
    const [pedido] = await pedidosDe(api, id);
    expect(pedido.situacao).toBe('aceito');
    expect(pedido.venda).toBeTruthy();

    const cancelamento = { id: `ev-can-${++n}`, code: 'CAN', orderId: corpo.orderId, merchantId, createdAt: new Date().toISOString(), cancellationReason: 'Cliente desistiu' };
    expect((await webhook(cancelamento)).status).toBe(200);
    expect((await webhook(cancelamento)).body.data.duplicado).toBe(true);
    const [depois] = await pedidosDe(api, id);
    expect(depois).toMatchObject({ situacao: 'cancelado', motivo: 'Cliente desistiu' });
    const [venda] = (await ctx.db.execute<Record<string, unknown>>(sql`select cancelada, cancelada_por, motivo_cancelamento from venda where id = ${pedido.venda}`)).rows;
    expect(venda).toEqual({ cancelada: true, cancelada_por: 'iFood', motivo_cancelamento: 'Cliente desistiu' });
  });

  it('a closed store keeps orders for a decision; a refusal needs a reason', async () => {
    const { id, merchantId } = await integracao({ aceiteAutomatico: true });
    await mapear(id, 'X1', cenario.ids.xis);
    await mapear(id, 'S1', cenario.ids.suco);
    const pausa = await api('POST', `/appIntegracaoDelivery/${id}/loja`, { situacao: 'Pausada' });
    expect(pausa.status).toBe(400);
    expect(pausa.body.data.message).toMatch(/motivo.*Informe o motivo da pausa/i);
    expect((await api('POST', `/appIntegracaoDelivery/${id}/loja`, { situacao: 'Pausada', motivo: 'Cozinha cheia' })).body.data).toEqual({ situacaoLoja: 'Pausada', motivoPausa: 'Cozinha cheia', ate: null });
    expect((await api('GET', `/appIntegracaoDelivery/${id}`)).body.data).toMatchObject({ situacaoLoja: 'Pausada', motivoPausa: 'Cozinha cheia' });
    expect((await webhook(pedidoIfood(merchantId))).status).toBe(200);
    const [pedido] = await pedidosDe(api, id);
    expect(pedido.situacao).toBe('recebido');
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${pedido._id}/recusar`, { motivo: '' })).status).toBe(400);
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${pedido._id}/recusar`, { motivo: 'Sem entregador' })).body.data).toEqual({ _id: pedido._id, situacao: 'recusado' });
    expect((await pedidosDe(api, id))[0]).toMatchObject({ situacao: 'recusado', motivo: 'Sem entregador', venda: null });
  });
});

describe('delivery webhook: hostile input', () => {
  // Its own test, the first of these: once answered 404 when danfe.test.ts had run before it in the same worker
  // (pdf.js's core-js JSON.parse; test/textoPdf.ts). A failure prints what this process's JSON.parse makes of the text.
  it('answers 400 to broken JSON before looking anything up', async () => {
    const texto = '{"merchantId": "x",';
    const quebrado = await webhook(null, { texto, assinatura: 'a'.repeat(64) });
    const aqui = (() => {
      try {
        return JSON.stringify(JSON.parse(texto));
      } catch (e) {
        return `JSON.parse recusa: ${(e as Error).message}`;
      }
    })();
    expect(quebrado.status, `${JSON.stringify(quebrado.body)} · ${aqui}`).toBe(400);
    expect(quebrado.body.data.message).toMatch(/^Conteúdo: envie um JSON válido/);
  });

  it('answers 413 to a huge body, 400 to NUL, 404 to an unknown merchant without naming anyone', async () => {
    const { id, merchantId } = await integracao();
    const enorme = JSON.stringify({ ...pedidoIfood(merchantId), lixo: 'x'.repeat(300 * 1024) });
    expect((await webhook(null, { texto: enorme, assinatura: assinar(enorme) })).status).toBe(413);
    const nulo = pedidoIfood(merchantId);
    nulo.order.customer.name = 'Ana\u0000';
    const comNulo = await webhook(nulo);
    expect(comNulo.status).toBe(400);
    expect(comNulo.body.data.message).toMatch(/order\.customer\.name: caractere nulo/);
    const errado = { ...pedidoIfood(merchantId) } as any;
    errado.order.items[0].unitPrice = 'trinta';
    const campo = await webhook(errado);
    expect(campo.status).toBe(400);
    expect(campo.body.data.message).toMatch(/^order\.items\.0\.unitPrice: /);
    expect(await contar('delivery_evento', id)).toBe(0);

    const desconhecido = await webhook(pedidoIfood('loja-que-nao-existe'));
    expect(desconhecido.status).toBe(404);
    expect(JSON.stringify(desconhecido.body)).not.toMatch(/Demonstra|Vizinho|iFood loja/);
    // The generic provider does not answer for an iFood integration.
    expect((await webhook(pedidoIfood(merchantId), { provedor: 'generico' })).status).toBe(404);
    expect((await webhook(pedidoIfood(merchantId), { provedor: 'rappi' })).status).toBe(404);
  });
});

describe('delivery: the wall between groups', () => {
  it('a webhook for group A never creates anything in group B, and B cannot read or act on A', async () => {
    const a = await integracao({ aceiteAutomatico: false });
    // Group B typed the same merchant id, with its own secret and its own terminal and payment method.
    const terminalB = await criar(vizinho, 'terminal', { descricao: 'PDV vizinho', tipo: 'PDV' });
    const formaB = await criar(vizinho, 'formaPagamento', { descricao: 'iFood vizinho', tipo: 'Outros' });
    const b = await criar(vizinho, 'appIntegracaoDelivery', { descricao: 'iFood do vizinho', provedor: 'iFood', merchantId: a.merchantId, terminal: terminalB._id, formaPagamento: formaB._id });
    expect((await vizinho('PUT', `/appIntegracaoDelivery/${b._id}/segredo`, { segredo: 'segredo-do-grupo-vizinho-9876' })).status).toBe(200);

    expect((await webhook(pedidoIfood(a.merchantId))).status).toBe(200);
    expect(await contar('delivery_pedido', a.id)).toBe(1);
    expect(await contar('delivery_pedido', b._id)).toBe(0);
    expect(await contar('delivery_evento', b._id)).toBe(0);
    const [pedidoA] = await pedidosDe(api, a.id);
    expect((await vizinho('GET', '/appIntegracaoDelivery/pedidos')).body.data).toEqual([]);
    expect((await vizinho('POST', `/appIntegracaoDelivery/pedidos/${pedidoA._id}/aceitar`)).status).toBe(404);
    expect((await vizinho('POST', `/appIntegracaoDelivery/pedidos/${pedidoA._id}/recusar`, { motivo: 'x' })).status).toBe(404);
    for (const [metodo, url, corpo] of [
      ['GET', `/appIntegracaoDelivery/${a.id}/segredo`],
      ['PUT', `/appIntegracaoDelivery/${a.id}/segredo`, { segredo: 'tentando-trocar-o-segredo' }],
      ['GET', `/appIntegracaoDelivery/${a.id}/mapa`],
      ['PUT', `/appIntegracaoDelivery/${a.id}/mapa`, { itemExterno: 'X1', descricaoExterna: 'X', produto: cenario.ids.xis }],
      ['POST', `/appIntegracaoDelivery/${a.id}/loja`, { situacao: 'Fechada' }],
    ] as const) {
      expect((await vizinho(metodo, url, corpo)).status, `${metodo} ${url}`).toBe(404);
    }
    // The secret is stored encrypted: not in the table as typed.
    const guardado = (await ctx.db.execute<{ segredo_cifrado: string }>(sql`select segredo_cifrado from delivery_segredo where integracao_id = ${a.id}`)).rows[0]!;
    expect(guardado.segredo_cifrado).toMatch(/^v1\./);
    expect(guardado.segredo_cifrado).not.toContain(SEGREDO);
  });
});
