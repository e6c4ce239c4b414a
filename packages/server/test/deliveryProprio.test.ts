import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES_DELIVERY_PROPRIO } from '../src/integrations/delivery/proprioRoutes.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * The store's own delivery page (issue 17): set on appIntegracaoDelivery as the channel 'Delivery próprio',
 * its public menu, a customer signed in by a one-time code ordering with an address and a payment, the
 * order becoming a sale of the channel with the CEP's delivery fee and reaching the kitchen board, the
 * status page, the closed-store and minimum refusals, and the wall between groups.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let xis: string;
let estacao: string;
let cardapio: string;
let pagina: string;

interface Resposta {
  status: number;
  body: { data: Record<string, any> };
  cookie?: string;
}
/** The customer's phone: only its own customer cookie (path /api/q), never the back office's. */
async function publico(method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string, ip = '198.51.100.40'): Promise<Resposta> {
  const res = await ctx.app.inject({ method, url: `/api/q/d/loja/${url}`, remoteAddress: ip, ...(cookie ? { cookies: { retaguarda_cliente: cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json(), cookie: res.cookies.find((c) => c.name === 'retaguarda_cliente')?.value };
}

let aparelhos = 0;
/** Signs a customer in on the page with the code read from the test's mailer. */
async function entrar(token: string, para: string, nome: string): Promise<string> {
  const antes = ctx.mailer.enviados.filter((m) => m.para === para).length;
  const ip = `192.0.2.${100 + ++aparelhos}`;
  const pedido = await publico('POST', `${token}/cliente/codigo`, { destino: para }, undefined, ip);
  expect(pedido.status, JSON.stringify(pedido.body)).toBe(200);
  await esperarAte(() => ctx.mailer.enviados.filter((m) => m.para === para).length > antes, 15_000, `o e-mail do código para ${para}`);
  const codigo = /código de acesso é (\d+)/.exec(ctx.mailer.enviados.filter((m) => m.para === para).at(-1)!.texto)![1]!;
  const r = await publico('POST', `${token}/cliente/entrar`, { destino: para, codigo, nome }, undefined, ip);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.cookie!;
}

const endereco = (cep: string) => ({ cep, logradouro: 'Rua das Palmeiras', numero: '120', complemento: 'Apto 31', bairro: 'Cambuí', uf: 'SP', cidade: 'Campinas', referencia: null });
let n = 0;
const pedido = (quantidade: number, extra: Record<string, unknown> = {}) => ({ id: `pagina-delivery-${++n}`, itens: [{ produto: xis, quantidade, observacao: 'Sem cebola' }], endereco: endereco('13025-320'), pagamento: 'Dinheiro', trocoPara: 10000, ...extra });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, admin);
  const un = await criar(admin, 'unidadeMedida', { sigla: 'UDP', descricao: 'Unidade delivery próprio' });
  const lanches = await criar(admin, 'agrupador', { descricao: 'Lanches delivery próprio' });
  const setor = (await criar(admin, 'kdsSetor', { descricao: 'Chapa delivery próprio' }))._id;
  await criar(admin, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor });
  estacao = (await criar(admin, 'kdsEstacao', { descricao: 'Chapa delivery próprio', setores: [setor] }))._id;
  xis = (await criar(admin, 'produtoGeral', { descricao: 'Xis da casa', unidade: un._id, agrupador: lanches._id, ncm: '21069090' }))._id;
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: xis, preco: 2500 });
  const c = await criar(admin, 'cardapio', { descricao: 'Cardápio do delivery próprio', canais: ['Delivery próprio'], secoes: [{ nome: 'Lanches', produtos: [xis] }] });
  expect((await admin('POST', `/cardapio/${c._id}/publicar`, { version: c.version })).status).toBe(200);
  cardapio = c._id;
  await criar(admin, 'provedorOTP', { descricao: 'E-mail da casa', canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 10, tentativas: 3, limitePorHora: 10 });
});
afterAll(async () => ctx?.close());

describe('delivery page settings (appIntegracaoDelivery, channel Delivery próprio)', () => {
  it('refuses a page without its menu or any payment on delivery, naming the field; saved, the public page shows its menu and rules', async () => {
    const base = { descricao: 'Delivery do site', provedor: 'Delivery próprio', merchantId: 'site-centro', terminal: cenario.ids.terminal, formaPagamento: cenario.ids.dinheiro, situacaoLoja: 'Aberta', aceiteAutomatico: true };
    const semCardapio = await admin('POST', '/appIntegracaoDelivery', { ...base, formaDinheiro: cenario.ids.dinheiro });
    expect(semCardapio.status).toBe(400);
    expect(semCardapio.body.data.message).toContain('Escolha o cardápio da página.');
    const semPagamento = await admin('POST', '/appIntegracaoDelivery', { ...base, cardapio });
    expect(semPagamento.status).toBe(400);
    expect(semPagamento.body.data.message).toContain('Ofereça ao menos uma forma de pagamento na entrega.');
    const criada = await criar(admin, 'appIntegracaoDelivery', {
      ...base,
      cardapio,
      taxaEntrega: 900,
      faixasCep: [{ cepInicial: '13025-000', cepFinal: '13025-999', taxa: 500 }],
      pedidoMinimo: 3000,
      tempoEstimado: 40,
      formaDinheiro: cenario.ids.dinheiro,
      formaCartao: cenario.ids.credito,
    });
    pagina = criada._id;
    const menu = await publico('GET', pagina);
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    expect(menu.body.data).toMatchObject({ fechada: null, taxaEntrega: 900, pedidoMinimo: 3000, tempoEstimado: 40, pagamentos: ['Dinheiro', 'Cartão na entrega'], faixasCep: [{ cepInicial: '13025000', cepFinal: '13025999', taxa: 500 }] });
    expect(menu.body.data.secoes[0].itens.map((i: { descricao: string; preco: number }) => [i.descricao, i.preco])).toEqual([['Xis da casa', 2500]]);
    // A marketplace integration's id is no delivery page.
    const ifood = await criar(admin, 'appIntegracaoDelivery', { ...base, provedor: 'iFood', merchantId: 'ifood-x' });
    expect((await publico('GET', ifood._id)).status).toBe(404);
  });
});

describe('ordering on the delivery page', () => {
  it('asks the customer to sign in before ordering', async () => {
    const r = await publico('POST', `${pagina}/pedidos`, pedido(2));
    expect([r.status, r.body.data.message]).toEqual([401, 'Entre com o código que enviamos ao seu e-mail ou telefone para fazer o pedido.']);
  });

  it("a signed-in customer's order becomes a sale of the channel with the CEP's fee, reaches the kitchen board, and its status follows the kitchen and the dispatch", async () => {
    const cookie = await entrar(pagina, 'helena@exemplo.com.br', 'Helena Prado');
    const corpo = pedido(2);
    const r = await publico('POST', `${pagina}/pedidos`, corpo, cookie);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 2 × 25,00 = 50,00 + 5,00 (the CEP's range, not the 9,00 fixed fee) = 55,00.
    expect(r.body.data.pedido).toMatchObject({ codigo: '1', situacao: 'Em preparo', subtotal: 5000, taxaEntrega: 500, total: 5500, pagamento: 'Dinheiro', trocoPara: 10000 });
    // Sent again (a lost answer): the same order, once.
    const deNovo = await publico('POST', `${pagina}/pedidos`, corpo, cookie);
    expect([deNovo.status, deNovo.body.data.duplicado]).toEqual([200, true]);
    const lista = await admin('GET', '/appIntegracaoDelivery/pedidos');
    const doSite = (lista.body.data as { _id: string; integracao: string; cliente: string; situacao: string; venda: string }[]).filter((p) => p.integracao === pagina);
    expect(doSite.map((p) => [p.cliente, p.situacao])).toEqual([['Helena Prado', 'aceito']]);
    // Its items are our products: the orders' screen shows none 'sem produto' and the page has nothing to map.
    expect((lista.body.data as { integracao: string; itens: { mapeado: boolean }[] }[]).filter((p) => p.integracao === pagina).flatMap((p) => p.itens.map((x) => x.mapeado))).toEqual([true]);
    expect((await admin('GET', `/appIntegracaoDelivery/${pagina}/mapa`)).body.data).toEqual({ mapeados: [], naoMapeados: [] });
    const [venda] = (await ctx.db.execute<Record<string, unknown>>(sql`select canal, bruto::int, taxa_entrega::int, total::int, terminal_id from venda where id = ${doSite[0]!.venda}`)).rows;
    expect(venda).toEqual({ canal: 'Delivery próprio', bruto: 5000, taxa_entrega: 500, total: 5500, terminal_id: cenario.ids.terminal });
    const [pago] = (await ctx.db.execute<Record<string, unknown>>(sql`select forma_pagamento_id, valor::int from venda_pagamento where venda_id = ${doSite[0]!.venda}`)).rows;
    expect(pago).toEqual({ forma_pagamento_id: cenario.ids.dinheiro, valor: 5500 });
    // On the grill's board, with the note.
    const quadro = await admin('GET', `/kds/quadro?estacao=${estacao}`);
    const noQuadro = (quadro.body.data.pedidos as { _id: string; vendaId: string | null; itens: { descricao: string; observacao: string | null }[] }[]).filter((p) => p.itens.some((i) => i.descricao === 'Xis da casa'));
    expect(noQuadro.map((p) => p.itens.map((i) => i.observacao))).toEqual([['Sem cebola']]);
    // Bumped on the board: Pronto; dispatched on the delivery screen: Saiu para entrega.
    expect((await admin('POST', `/kds/pedidos/${noQuadro[0]!._id}/pronto?estacao=${estacao}`)).status).toBe(200);
    expect((await publico('GET', `${pagina}/pedidos/${corpo.id}`, undefined, cookie)).body.data.situacao).toBe('Pronto');
    expect((await admin('POST', `/appIntegracaoDelivery/pedidos/${doSite[0]!._id}/despachar`)).status).toBe(200);
    const status = await publico('GET', `${pagina}/pedidos/${corpo.id}`, undefined, cookie);
    expect(status.body.data).toMatchObject({ situacao: 'Saiu para entrega', endereco: { cep: '13025320', bairro: 'Cambuí' } });
  });

  it('refuses below the minimum, a payment the store does not take, change for less than the total and a closed store, in Portuguese, storing nothing', async () => {
    const cookie = await entrar(pagina, 'igor@exemplo.com.br', 'Igor Lima');
    const antes = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from delivery_pedido where integracao_id = ${pagina}`)).rows[0]!.n;
    const pouco = await publico('POST', `${pagina}/pedidos`, pedido(1), cookie);
    expect([pouco.status, pouco.body.data.message]).toEqual([400, 'O pedido mínimo é de R$ 30,00 (sem a entrega): faltam R$ 5,00.']);
    const pix = await publico('POST', `${pagina}/pedidos`, pedido(2, { pagamento: 'Pix' }), cookie);
    expect([pix.status, pix.body.data.message]).toEqual([400, 'Pagamento: a loja não aceita Pix na entrega.']);
    const troco = await publico('POST', `${pagina}/pedidos`, pedido(2, { trocoPara: 5000 }), cookie);
    expect([troco.status, troco.body.data.message]).toEqual([400, 'Troco para: informe um valor a partir de R$ 55,00, o total do pedido.']);
    const semCep = await publico('POST', `${pagina}/pedidos`, pedido(2, { endereco: { ...endereco('130'), bairro: '' } }), cookie);
    expect(semCep.status).toBe(400);
    expect(semCep.body.data.message).toMatch(/CEP|Bairro/);
    expect((await admin('POST', `/appIntegracaoDelivery/${pagina}/loja`, { situacao: 'Fechada' })).status).toBe(200);
    const fechada = await publico('POST', `${pagina}/pedidos`, pedido(2), cookie);
    expect([fechada.status, fechada.body.data.message]).toEqual([409, 'A loja está fechada para delivery agora.']);
    expect((await publico('GET', pagina)).body.data.fechada).toBe('A loja está fechada para delivery agora.');
    expect((await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from delivery_pedido where integracao_id = ${pagina}`)).rows[0]!.n).toBe(antes);
    expect((await admin('POST', `/appIntegracaoDelivery/${pagina}/loja`, { situacao: 'Aberta' })).status).toBe(200);
  });

  it('limits orders per phone like the table page (429 with Retry-After)', async () => {
    const ip = '203.0.113.77';
    LIMITES_DELIVERY_PROPRIO.pedidosPorEndereco.reset(`${pagina}:${ip}`);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await publico('POST', `${pagina}/pedidos`, pedido(2), undefined, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the wall between groups', () => {
  it("another group cannot read or change our page; another customer's cookie sees no order of ours; another group's page does not know our customer", async () => {
    expect((await vizinho('GET', `/appIntegracaoDelivery/${pagina}`)).status).toBe(404);
    expect((await vizinho('POST', `/appIntegracaoDelivery/${pagina}/loja`, { situacao: 'Fechada' })).status).toBe(404);
    expect((await vizinho('GET', '/appIntegracaoDelivery/pedidos')).body.data.map((p: { integracao: string }) => p.integracao)).not.toContain(pagina);
    const helena = (await ctx.db.execute<{ pedido_externo: string }>(sql`select pedido_externo from delivery_pedido where integracao_id = ${pagina} order by criado_em limit 1`)).rows[0]!.pedido_externo;
    const outro = await entrar(pagina, 'joana@exemplo.com.br', 'Joana Reis');
    expect((await publico('GET', `${pagina}/pedidos/${helena}`, undefined, outro)).status).toBe(404);
    // The neighbour's own page: our customer's cookie is nobody there.
    const termV = await criar(vizinho, 'terminal', { descricao: 'Caixa vizinho delivery', tipo: 'PDV' });
    const formaV = await criar(vizinho, 'formaPagamento', { descricao: 'Dinheiro vizinho', tipo: 'Dinheiro' });
    const unV = await criar(vizinho, 'unidadeMedida', { sigla: 'UVZ', descricao: 'Unidade vizinho' });
    const prodV = (await criar(vizinho, 'produtoGeral', { descricao: 'Pastel vizinho', unidade: unV._id, ncm: '21069090' }))._id;
    await criar(vizinho, 'produtoGeralEmpresa', { produtoGeral: prodV, preco: 900 });
    const cv = await criar(vizinho, 'cardapio', { descricao: 'Cardápio vizinho', canais: ['Delivery próprio'], secoes: [{ nome: 'Pastéis', produtos: [prodV] }] });
    expect((await vizinho('POST', `/cardapio/${cv._id}/publicar`, { version: cv.version })).status).toBe(200);
    const pv = await criar(vizinho, 'appIntegracaoDelivery', { descricao: 'Site vizinho', provedor: 'Delivery próprio', merchantId: 'site-vizinho', terminal: termV._id, formaPagamento: formaV._id, formaDinheiro: formaV._id, cardapio: cv._id, situacaoLoja: 'Aberta' });
    expect((await publico('GET', `${pv._id}/cliente`, undefined, outro)).body.data.cliente).toBeNull();
    const la = await publico('POST', `${pv._id}/pedidos`, { ...pedido(1), itens: [{ produto: prodV, quantidade: 1 }] }, outro);
    expect(la.status).toBe(401);
  });
});
