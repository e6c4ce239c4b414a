import { createHmac } from 'node:crypto';
import { dataBr, hojeNoFuso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarCloudApiDouble } from './cloudApiDouble.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * recuperadorDeVenda (issue 17): who stopped ordering (at least M orders, none in N days), a campaign with
 * a coupon sent through the robot to those with a phone, and its result to the centavo: who ordered again
 * within the window, how many orders (with the coupon or not) and the revenue; the wall between groups.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let dublê: Awaited<ReturnType<typeof iniciarCloudApiDouble>>;
const TOKEN = 'EAAG-token-recuperador-0123456789';
const APP_SECRET = 'segredo-do-app-meta-0123456789';
const DIA = 86_400_000;
const ids = {} as Record<'ana' | 'bruno' | 'carla' | 'davi' | 'eva', string>;
let cupom: string;
let seq = 0;

/** A counter sale of `total` centavos (juices at R$ 9,00… or one line of that price) closed `dias` days ago. */
async function venda(cliente: string, dias: number, total: number, extra: Record<string, unknown> = {}) {
  const fechado = new Date(Date.now() - dias * DIA);
  const r = await cenario.enviar({
    pedidoId: `rec-${++seq}`,
    canal: 'Delivery',
    cliente,
    abertoEm: new Date(fechado.getTime() - 20 * 60_000).toISOString(),
    fechadoEm: fechado.toISOString(),
    itens: [{ produto: cenario.ids.xis, quantidade: '1', precoUnitario: total }],
    pagamentos: [{ formaPagamento: cenario.ids.credito, tPag: '03', valor: total }],
    total,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  dublê = await iniciarCloudApiDouble(TOKEN);
  cenario = await prepararVendas(ctx, api);
  const pessoa = async (nome: string, celular: string | null) => (await criar(api, 'pessoa', { nome, telefones: celular ? [{ tipo: 'Celular', numero: celular }] : [] }))._id;
  ids.ana = await pessoa('Ana Ribeiro', '(11) 91111-0001');
  ids.bruno = await pessoa('Bruno Costa', '(11) 91111-0002');
  ids.carla = await pessoa('Carla Dias', '(11) 91111-0003');
  ids.davi = await pessoa('Davi Rocha', '(11) 91111-0004');
  ids.eva = await pessoa('Eva Martins', null);
  for (const d of [90, 80, 70]) await venda(ids.ana, d, 5000);
  for (const d of [60, 45]) await venda(ids.bruno, d, 4200);
  await venda(ids.carla, 50, 3000);
  for (const d of [40, 10]) await venda(ids.davi, d, 2500);
  for (const d of [100, 90, 80]) await venda(ids.eva, d, 1990);
  const validoAte = hojeNoFuso(new Date(Date.now() + 30 * DIA));
  cupom = (await criar(api, 'voucherECupomDesconto', { codigo: 'VOLTA10', descricao: 'Recuperação', tipoDesconto: 'Percentual', percentual: '10', validoDe: hojeNoFuso(), validoAte }))._id;
});
afterAll(async () => {
  await ctx?.close();
  await dublê?.fechar();
});

/** The customer writes to the robot (a signed Cloud API webhook): their 24-hour window opens at `em`. */
async function clienteEscreve(numero: string, texto: string, em: Date) {
  const corpo = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: '300400500600' }, messages: [{ from: numero, id: `wamid.${numero}.${em.getTime()}`, timestamp: String(Math.floor(em.getTime() / 1000)), type: 'text', text: { body: texto } }] } }] }],
  });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(corpo).digest('hex')}` }, payload: corpo });
  expect(res.statusCode, res.body).toBe(200);
}

const MENSAGEM = '{nome}, sentimos sua falta! Use o cupom {cupom} e ganhe {desconto} até {validade}.';
const campanha = (extra: Record<string, unknown> = {}) => ({ nome: 'Volta, cliente!', diasSemPedido: 30, minimoPedidos: 2, janelaDias: 7, cupom, mensagem: MENSAGEM, ...extra });

describe('recuperadorDeVenda', () => {
  it('lists who ordered at least M times and not in N days, the most recent first', async () => {
    const r = await api('POST', '/recuperadorDeVenda/clientes', { diasSemPedido: 30, minimoPedidos: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.clientes.map((c: any) => [c.nome, c.numero, c.pedidos, c.receita, c.diasSemPedido])).toEqual([
      ['Bruno Costa', '5511911110002', 2, 8400, 45],
      ['Ana Ribeiro', '5511911110001', 3, 15000, 70],
      ['Eva Martins', null, 3, 5970, 80],
    ]);
    expect(r.body.data.comTelefone).toBe(2);
    const ruim = await api('POST', '/recuperadorDeVenda/clientes', { diasSemPedido: 2, minimoPedidos: 2 });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe('Dias sem pedido: No mínimo 7.');
  });

  it('refuses an unknown variable, a message without the coupon, and a coupon ending before the campaign, naming the field', async () => {
    const semRobo = await api('POST', '/recuperadorDeVenda/campanhas', campanha());
    expect(semRobo.status).toBe(409);
    expect(semRobo.body.data.message).toBe('O robô do WhatsApp não está conectado: configure-o em Integrações → WhatsApp.');
    const c = await api('PUT', '/whatsApp/conexao', { phoneNumberId: '300400500600', numeroExibicao: '(11) 3000-1000', apiUrl: dublê.url, accessToken: TOKEN, appSecret: APP_SECRET, verifyToken: 'verificacao-recuperador-1' });
    expect(c.status).toBe(200);
    const desconhecida = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ mensagem: 'Oi {cliente}, use {cupom}' }));
    expect(desconhecida.body.data.message).toBe('Mensagem: Variável desconhecida: {cliente}. Use {nome}, {cupom}, {desconto}, {validade}, {loja}, {dias}.');
    const semCupom = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ mensagem: 'Oi {nome}, volte!' }));
    expect(semCupom.body.data.message).toBe('Mensagem: A mensagem precisa de {cupom}.');
    const curto = await criar(api, 'voucherECupomDesconto', { codigo: 'CURTO5', tipoDesconto: 'Valor', valor: 500, validoDe: hojeNoFuso(), validoAte: hojeNoFuso() });
    const vence = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ cupom: curto._id }));
    expect(vence.status).toBe(400);
    expect(vence.body.data.message).toBe(`Cupom: CURTO5 precisa estar ativo e valer de hoje até o fim da campanha (${dataBr(hojeNoFuso(new Date(Date.now() + 7 * DIA)))}).`);
    const variavel = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ modeloNome: 'volta_cupom', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {codigo}' }));
    expect(variavel.status).toBe(400);
    expect(variavel.body.data.message).toBe('Parâmetros do modelo: Variável desconhecida: {codigo}. Use {nome}, {cupom}, {desconto}, {validade}, {loja}, {dias}.');
    const foraDaLista = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ modeloNome: 'nao_existe', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}' }));
    expect(foraDaLista.status).toBe(400);
    expect(foraDaLista.body.data.message).toBe('Modelo: nao_existe (pt_BR) não está na lista de modelos da conta; atualize a lista.');
    expect(Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from recuperador_campanha`)).rows[0]!.n)).toBe(0);
  });

  it('sends the coupon to each stopped customer with a phone (text within their 24 hours, the approved template outside) and counts who came back within the window, to the centavo', async () => {
    // The account's approved marketing template; Bruno wrote to the robot two hours ago, Ana never did.
    dublê.modelos.push({ name: 'volta_cupom', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Olá {{1}}! Use o cupom {{2}} e ganhe {{3}}.' }] });
    expect((await api('PUT', '/whatsApp/conexao', { phoneNumberId: '300400500600', wabaId: '700800900', numeroExibicao: '(11) 3000-1000', apiUrl: dublê.url })).status).toBe(200);
    expect((await api('POST', '/whatsApp/modelos/atualizar')).status).toBe(200);
    await clienteEscreve('5511911110002', 'Oi, vocês ainda entregam?', new Date(Date.now() - 2 * 3_600_000));
    const r = await api('POST', '/recuperadorDeVenda/campanhas', campanha({ modeloNome: 'volta_cupom', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {cupom}, {desconto}' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.alcancados).toBe(2);
    const validade = dataBr(hojeNoFuso(new Date(Date.now() + 30 * DIA)));
    // The double also recorded the templates' GET: wait for a message to each of the two numbers.
    await esperarAte(() => ['5511911110001', '5511911110002'].every((n) => dublê.recebidos.some((p) => p.corpo.to === n)), 15_000, 'as duas mensagens na API');
    const enviada = (numero: string) => dublê.recebidos.find((p) => p.corpo.to === numero)!.corpo;
    expect(enviada('5511911110002').text.body).toBe(`Bruno, sentimos sua falta! Use o cupom VOLTA10 e ganhe 10% até ${validade}.`);
    expect(enviada('5511911110001').template).toEqual({ name: 'volta_cupom', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'VOLTA10' }, { type: 'text', text: '10%' }] }] });
    // The campaign went out ten days ago: its 7-day window ended three days ago.
    await ctx.db.execute(sql`update recuperador_campanha set enviada_em = now() - interval '10 days' where id = ${r.body.data._id}`);
    await venda(ids.ana, 8, 4500, { cupom: 'volta10' });
    await venda(ids.ana, 5, 3200);
    await venda(ids.bruno, 1, 6000); // after the window
    await venda(ids.carla, 6, 2800); // not in the campaign
    const lista = await api('GET', '/recuperadorDeVenda/campanhas');
    expect(lista.body.data).toHaveLength(1);
    expect(lista.body.data[0]).toMatchObject({ nome: 'Volta, cliente!', cupom: 'VOLTA10', janelaDias: 7 });
    expect(lista.body.data[0].resultado).toEqual({ alcancados: 2, voltaram: 1, pedidos: 2, pedidosComCupom: 1, receita: 7700, entregues: 0, falhas: 0 });
    const detalhe = await api('GET', `/recuperadorDeVenda/campanhas/${r.body.data._id}`);
    expect(detalhe.body.data.clientes.map((c: any) => [c.nome, c.pedidosAntes, c.mensagem, c.pedidos, c.receita, c.comCupom])).toEqual([
      ['Ana Ribeiro', 3, 'enviada', 2, 7700, 1],
      ['Bruno Costa', 2, 'enviada', 0, 0, 0],
    ]);
  });

  it('another group sees none of our campaigns or customers', async () => {
    const [c] = (await ctx.db.execute<{ id: string }>(sql`select id from recuperador_campanha`)).rows;
    expect((await vizinho('GET', '/recuperadorDeVenda/campanhas')).body.data).toEqual([]);
    expect((await vizinho('GET', `/recuperadorDeVenda/campanhas/${c!.id}`)).status).toBe(404);
    expect((await vizinho('POST', '/recuperadorDeVenda/clientes', { diasSemPedido: 30, minimoPedidos: 1 })).body.data.clientes).toEqual([]);
    const usar = await vizinho('POST', '/recuperadorDeVenda/campanhas', campanha());
    expect(usar.status).toBe(400);
    expect(usar.body.data.message).toBe('Cupom: escolha um cupom de desconto cadastrado.');
  });
});
