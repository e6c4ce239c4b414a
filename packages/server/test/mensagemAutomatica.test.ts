import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant.ts';
import { mensagemDoEvento, mensagemDoPedidoQr } from '../src/integrations/mensagemAutomatica/notificar.ts';
import { iniciarCloudApiDouble } from './cloudApiDouble.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * mensagemAutomatica (issue 17): templates per order event checked by the shared template check, the
 * preview with the company's latest order, and the message enqueued with the event (a marketplace
 * order received, accepted, refused; a terminal sale with a customer) and sent by the robot once.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let dublê: Awaited<ReturnType<typeof iniciarCloudApiDouble>>;
const TOKEN = 'EAAG-token-mensagens-automaticas-123';
const SEGREDO = 'segredo-do-webhook-de-teste-123';
const APP_SECRET = 'segredo-do-app-meta-0123456789';
const NUMERO_ID = '100200300400';

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  dublê = await iniciarCloudApiDouble(TOKEN);
  cenario = await prepararVendas(ctx, api);
});
afterAll(async () => {
  await ctx?.close();
  await dublê?.fechar();
});

const enviadasPara = (numero: string) => dublê.recebidos.filter((p) => p.corpo.to === numero).map((p) => p.corpo.text.body as string);
const filaDe = async (numero: string) =>
  (await ctx.db.execute<{ texto: string; origem: string; situacao: string }>(sql`select m.texto, m.origem, m.situacao from whatsapp_mensagem m join whatsapp_conversa c on c.grupo_empresarial_id = m.grupo_empresarial_id and c.id = m.conversa_id where c.numero = ${numero} and m.direcao = 'saida' order by m.created_at, m.id`)).rows;

/** The customer writes to the robot (a signed Cloud API webhook): their 24-hour window opens at `em`. */
async function clienteEscreve(numero: string, texto: string, em: Date) {
  const corpo = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: NUMERO_ID }, messages: [{ from: numero, id: `wamid.${numero}.${em.getTime()}`, timestamp: String(Math.floor(em.getTime() / 1000)), type: 'text', text: { body: texto } }] } }] }],
  });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(corpo).digest('hex')}` }, payload: corpo });
  expect(res.statusCode, res.body).toBe(200);
}

async function webhookGenerico(corpo: unknown) {
  const texto = JSON.stringify(corpo);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/integracoes/delivery/generico/webhook',
    headers: { 'content-type': 'application/json', 'x-retaguarda-assinatura': createHmac('sha256', SEGREDO).update(texto).digest('hex') },
    payload: texto,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('mensagemAutomatica: templates', () => {
  it('refuses an unknown variable naming it, and a second message for the same event', async () => {
    const r = await api('POST', '/mensagemAutomatica', { evento: 'Aceito', mensagem: 'Oi {cliente}, pedido {pedido} aceito!' });
    expect(r.status).toBe(400);
    expect(r.body.data.message).toBe('Mensagem: Variável desconhecida: {cliente}. Use {nome}, {pedido}, {status}, {previsao}, {loja}, {total}, {itens}.');
    const previa = await api('POST', '/mensagemAutomatica/previa', { evento: 'Aceito', mensagem: 'Oi {nomee}' });
    expect(previa.status).toBe(400);
    expect(previa.body.data.message).toBe('Mensagem: Variável desconhecida: {nomee}. Use {nome}, {pedido}, {status}, {previsao}, {loja}, {total}, {itens}.');
    await criar(api, 'mensagemAutomatica', { evento: 'Recebido', mensagem: 'Olá {nome}! Recebemos o pedido {pedido} ({itens}), total {total}. {loja}' });
    expect((await api('POST', '/mensagemAutomatica', { evento: 'Recebido', mensagem: 'Outra' })).status).toBe(409);
    await criar(api, 'mensagemAutomatica', { evento: 'Aceito', mensagem: '{nome}, o pedido {pedido} foi {status} e chega até {previsao}.', minutosPrevisao: 40 });
    await criar(api, 'mensagemAutomatica', { evento: 'Cancelado', mensagem: '{nome}, o pedido {pedido} foi cancelado.' });
    await criar(api, 'mensagemAutomatica', { evento: 'Entregue', mensagem: 'Obrigado, {nome}! Pedido {pedido} entregue: {itens}, {total}.' });
  });

  it('sends nothing while the robot is not connected, and the event still happens', async () => {
    const cliente = await criar(api, 'pessoa', { nome: 'Carlos Pereira', telefones: [{ tipo: 'Celular', numero: '(11) 97777-1111' }] });
    const r = await cenario.enviar({ pedidoId: 'sem-robo-1', canal: 'Balcão', cliente: cliente._id, abertoEm: '2026-11-20T12:01:00-03:00', fechadoEm: '2026-11-20T12:05:00-03:00', itens: [{ produto: cenario.ids.suco, quantidade: '1', precoUnitario: 900 }], pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 900, troco: 0 }], total: 900 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await filaDe('5511977771111')).toEqual([]);
  });
});

describe('mensagemAutomatica: sent with the event', () => {
  beforeAll(async () => {
    const c = await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, wabaId: '200300400500', numeroExibicao: '(11) 3000-0000', apiUrl: dublê.url, accessToken: TOKEN, appSecret: APP_SECRET, verifyToken: 'verificacao-mensagens-1' });
    expect(c.status).toBe(200);
  });

  it("a terminal sale with a customer sends 'Entregue' to the customer's cell phone, once", async () => {
    const cliente = await criar(api, 'pessoa', { nome: 'Fernanda Lima', telefones: [{ tipo: 'Residencial', numero: '(11) 3222-1111' }, { tipo: 'Celular', numero: '(11) 98888-2222' }] });
    // She wrote that morning: the sale at 12:05 is within her 24 hours, so the text goes.
    await clienteEscreve('5511988882222', 'Bom dia, vocês abrem hoje?', new Date('2026-11-20T09:00:00-03:00'));
    const venda = {
      pedidoId: 'balcao-77',
      canal: 'Balcão',
      cliente: cliente._id,
      abertoEm: '2026-11-20T12:01:00-03:00',
      fechadoEm: '2026-11-20T12:05:00-03:00',
      itens: [
        { produto: cenario.ids.xis, quantidade: '2', precoUnitario: 3290 },
        { produto: cenario.ids.suco, quantidade: '1', precoUnitario: 900 },
      ],
      pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 7480, troco: 0 }],
      total: 7480,
    };
    expect((await cenario.enviar(venda)).status).toBe(201);
    // The terminal resends (a lost answer): still one message.
    expect((await cenario.enviar(venda)).status).toBe(200);
    const esperado = 'Obrigado, Fernanda! Pedido balcao-77 entregue: 2x Xis bacon, Suco de laranja, R$ 74,80.';
    // It leaves once the sale's transaction commits (the server's queue, db/depoisDeConfirmar.ts), and only once.
    await esperarAte(async () => (await filaDe('5511988882222')).every((m) => m.situacao === 'enviada'), 30_000, 'a mensagem da venda na API');
    expect(await filaDe('5511988882222')).toEqual([{ texto: esperado, origem: 'mensagemAutomatica', situacao: 'enviada' }]);
    expect(enviadasPara('5511988882222')).toEqual([esperado]);
  });

  it("previews with the company's latest order", async () => {
    const r = await api('POST', '/mensagemAutomatica/previa', { evento: 'Aceito', mensagem: '{nome}, o pedido {pedido} foi {status}: {itens}, {total} na {loja}.', minutosPrevisao: 40 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pedido).toEqual({ origem: 'venda', numero: 'balcao-77', cliente: 'Fernanda Lima', total: 7480, em: '2026-11-20T15:05:00.000Z' });
    const loja = (await ctx.db.execute<{ nome: string }>(sql`select nome_fantasia nome from empresa where id = ${ctx.seed.demo.empresas[0]}`)).rows[0]!.nome;
    expect(r.body.data.texto).toBe(`Fernanda, o pedido balcao-77 foi aceito: 2x Xis bacon, Suco de laranja, R$ 74,80 na ${loja}.`);
  });

  it('a marketplace order with a phone gets Recebido and Aceito; a refused one Cancelado', async () => {
    const i = await criar(api, 'appIntegracaoDelivery', { descricao: 'Delivery próprio', provedor: 'Genérico', merchantId: 'loja-msg-1', situacaoLoja: 'Aberta', terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito });
    expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/segredo`, { segredo: SEGREDO })).status).toBe(200);
    expect((await api('PUT', `/appIntegracaoDelivery/${i._id}/mapa`, { itemExterno: 'X1', descricaoExterna: 'Xis bacon', produto: cenario.ids.xis })).status).toBe(200);
    const pedido = (id: string, codigo: string, telefone: string) => ({
      eventoId: `ev-${id}`,
      tipo: 'pedido.criado',
      merchantId: 'loja-msg-1',
      em: '2026-11-28T18:30:00-03:00',
      pedido: { id, codigo, cliente: 'João Batista', telefone, criadoEm: '2026-11-28T18:29:00-03:00', itens: [{ id: 'X1', nome: 'Xis bacon', quantidade: '2', precoUnitario: 3290 }], taxaEntrega: 700 },
    });
    expect((await webhookGenerico(pedido('p1', '1201', '(51) 99999-3333'))).status).toBe(200);
    const [recebido] = (await api('GET', '/appIntegracaoDelivery/pedidos')).body.data.filter((p: any) => p.codigo === '1201');
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${recebido._id}/aceitar`)).status).toBe(200);
    const textos = (await filaDe('5551999993333')).map((m) => m.texto);
    expect(textos[0]).toMatch(/^Olá João! Recebemos o pedido #1201 \(2x Xis bacon\), total R\$ 72,80\. /);
    expect(textos[1]).toMatch(/^João, o pedido #1201 foi aceito e chega até \d\d:\d\d\.$/);
    expect(textos).toHaveLength(2);

    expect((await webhookGenerico(pedido('p2', '1202', '(51) 98888-4444'))).status).toBe(200);
    const [outro] = (await api('GET', '/appIntegracaoDelivery/pedidos')).body.data.filter((p: any) => p.codigo === '1202');
    expect((await api('POST', `/appIntegracaoDelivery/pedidos/${outro._id}/recusar`, { motivo: 'Fora da área' })).status).toBe(200);
    expect((await filaDe('5551988884444')).map((m) => m.texto).at(-1)).toBe('João, o pedido #1202 foi cancelado.');
  });

  it("a QR Code order of a customer signed in on the table's page gets 'Recebido' on their cell phone, once", async () => {
    const paula = await criar(api, 'pessoa', { nome: 'Paula Rezende', telefones: [{ tipo: 'Celular', numero: '(11) 97777-3333' }] });
    const sessao = (await api('GET', '/sessao')).body.data;
    const pedido = { grupoEmpresarial: sessao.grupoEmpresarial._id ?? sessao.grupoEmpresarial, empresa: sessao.empresa._id, id: 'qr-pedido-teste', pedido: '7-1', pessoa: paula._id, total: 2300, itens: [{ descricao: 'Pão de queijo', quantidade: 2 }, { descricao: 'Café', quantidade: 1 }], em: new Date() };
    const tenant = { grupoEmpresarial: pedido.grupoEmpresarial, empresa: pedido.empresa };
    expect(await withTenant(ctx.db, tenant, (tx) => mensagemDoPedidoQr(tx, pedido))).toMatchObject({ nova: true });
    // The same order recorded again (a resend of the page) sends nothing more.
    expect(await withTenant(ctx.db, tenant, (tx) => mensagemDoPedidoQr(tx, pedido))).toMatchObject({ nova: false });
    const fila = await filaDe('5511977773333');
    expect(fila).toHaveLength(1);
    expect(fila[0]!.texto).toBe(`Olá Paula! Recebemos o pedido 7-1 (2x Pão de queijo, Café), total R$ 23,00. ${sessao.empresa.nomeFantasia}`);
    // Paula never wrote to the robot: outside Meta's 24 hours, with no template chosen, the text is kept as failed saying why, never sent.
    expect(fila[0]!.situacao).toBe('falhou');
    const { erro } = (await ctx.db.execute<{ erro: string }>(sql`select ultimo_erro erro from whatsapp_mensagem where chave = 'auto:qr:qr-pedido-teste:Recebido'`)).rows[0]!;
    expect(erro).toBe('Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado. Escolha um modelo aprovado na mensagem automática "Recebido".');
  });

  it('outside the 24 hours sends the approved template chosen, its {{n}} filled with our variables; an unknown variable is 400 naming it', async () => {
    dublê.modelos.push(
      { name: 'pedido_a_caminho', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'HEADER', format: 'TEXT', text: 'Seu pedido' }, { type: 'BODY', text: 'Olá {{1}}! O pedido {{2}} saiu para entrega e chega até {{3}}.' }] },
      { name: 'promocao_domingo', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Domingo tem pizza em dobro, {{1}}!' }] },
      { name: 'pedido_a_caminho', language: 'en_US', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}}! Order {{2}} is on its way.' }] },
    );
    expect((await api('POST', '/whatsApp/modelos/atualizar')).status).toBe(200);
    const ruim = await api('POST', '/mensagemAutomatica', { evento: 'Saiu para entrega', mensagem: '{nome}, saiu!', modeloNome: 'pedido_a_caminho', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {cliente}, {previsao}' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe('Parâmetros do modelo: Variável desconhecida: {cliente}. Use {nome}, {pedido}, {status}, {previsao}, {loja}, {total}, {itens}.');
    // The preview checks the template against the account's list: the parameter count, and approval.
    const poucos = await api('POST', '/mensagemAutomatica/previa', { evento: 'Saiu para entrega', mensagem: '{nome}, saiu!', modeloNome: 'pedido_a_caminho', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {pedido}' });
    expect(poucos.body.data.message).toBe('Parâmetros: o modelo pedido_a_caminho tem 3 parâmetro(s); foram informados 2.');
    const pendente = await api('POST', '/mensagemAutomatica/previa', { evento: 'Saiu para entrega', mensagem: '{nome}, saiu!', modeloNome: 'promocao_domingo', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}' });
    expect(pendente.body.data.message).toBe('Modelo: promocao_domingo não está aprovado pela Meta (situação PENDING).');
    await criar(api, 'mensagemAutomatica', { evento: 'Saiu para entrega', mensagem: '{nome}, o pedido {pedido} saiu!', modeloNome: 'pedido_a_caminho', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {pedido}, {previsao}', minutosPrevisao: 30 });
    const previa = await api('POST', '/mensagemAutomatica/previa', { evento: 'Saiu para entrega', mensagem: '{nome}, o pedido {pedido} saiu!', modeloNome: 'pedido_a_caminho', modeloIdioma: 'pt_BR', parametrosModelo: '{nome}, {pedido}, {previsao}', minutosPrevisao: 30 });
    expect(previa.body.data.modelo).toMatchObject({ nome: 'pedido_a_caminho', idioma: 'pt_BR' });
    expect(previa.body.data.modelo.texto).toMatch(/^Olá \S+! O pedido \S+ saiu para entrega e chega até \d\d:\d\d\.$/);

    const sessao = (await api('GET', '/sessao')).body.data;
    const tenant = { grupoEmpresarial: sessao.grupoEmpresarial._id ?? sessao.grupoEmpresarial, empresa: sessao.empresa._id };
    const evento = { ...tenant, evento: 'Saiu para entrega' as const, chave: 'delivery:teste-modelo', telefone: '(11) 96666-5555', nome: 'Gustavo Prado', pedido: '#1301', total: 5000, itens: 'Pizza', em: new Date('2026-11-27T20:00:00-03:00') };
    const m = await withTenant(ctx.db, tenant, (tx) => mensagemDoEvento(tx, evento));
    expect(m).toMatchObject({ nova: true });
    await esperarAte(() => dublê.recebidos.some((p) => p.corpo.to === '5511966665555'), 30_000, 'o modelo na API');
    expect(dublê.recebidos.find((p) => p.corpo.to === '5511966665555')!.corpo).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511966665555',
      type: 'template',
      template: { name: 'pedido_a_caminho', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Gustavo' }, { type: 'text', text: '#1301' }, { type: 'text', text: '20:30' }] }] },
    });
    // The conversation shows it as the customer reads it.
    expect((await filaDe('5511966665555'))[0]!.texto).toBe('Olá Gustavo! O pedido #1301 saiu para entrega e chega até 20:30.');
  });

  it("an order on the store's own delivery page of a customer signed in by code gets 'Recebido' (then 'Aceito') on the pessoa's cell phone", async () => {
    await criar(api, 'provedorOTP', { descricao: 'E-mail da casa', canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 10, tentativas: 3, limitePorHora: 5 });
    // Marta signs in with her e-mail; the message goes to the Celular of her record.
    await criar(api, 'pessoa', { nome: 'Marta Ramos', enderecosEletronicos: [{ tipo: 'E-mail', endereco: 'marta@exemplo.com.br' }], telefones: [{ tipo: 'Celular', numero: '(11) 96666-4444' }] });
    const un = await criar(api, 'unidadeMedida', { sigla: 'UPM', descricao: 'Unidade pastel' });
    const pastel = (await criar(api, 'produtoGeral', { descricao: 'Pastel de carne', unidade: un._id, ncm: '19022000' }))._id;
    await criar(api, 'produtoGeralEmpresa', { produtoGeral: pastel, preco: 1200 });
    const c = await criar(api, 'cardapio', { descricao: 'Cardápio do site', canais: ['Delivery próprio'], secoes: [{ nome: 'Pastéis', produtos: [pastel] }] });
    expect((await api('POST', `/cardapio/${c._id}/publicar`, { version: c.version })).status).toBe(200);
    const pagina = await criar(api, 'appIntegracaoDelivery', { descricao: 'Site', provedor: 'Delivery próprio', merchantId: 'site-mensagens', terminal: cenario.ids.terminal, formaPagamento: cenario.ids.dinheiro, formaDinheiro: cenario.ids.dinheiro, cardapio: c._id, taxaEntrega: 500, situacaoLoja: 'Aberta', aceiteAutomatico: true });
    const publico = (url: string, payload: object, cookie?: string) => ctx.app.inject({ method: 'POST', url: `/api/q/d/loja/${pagina._id}/${url}`, payload, ...(cookie ? { cookies: { retaguarda_cliente: cookie } } : {}) });
    const antes = ctx.mailer.enviados.length;
    expect((await publico('cliente/codigo', { destino: 'marta@exemplo.com.br' })).statusCode).toBe(200);
    await esperarAte(() => ctx.mailer.enviados.length > antes, 15_000, 'o e-mail do código');
    const codigo = /código de acesso é (\d+)/.exec(ctx.mailer.enviados.at(-1)!.texto)![1]!;
    const entrou = await publico('cliente/entrar', { destino: 'marta@exemplo.com.br', codigo });
    const cookie = entrou.cookies.find((k) => k.name === 'retaguarda_cliente')!.value;
    const endereco = { cep: '01310100', logradouro: 'Avenida Paulista', numero: '900', bairro: 'Bela Vista', uf: 'SP', cidade: 'São Paulo' };
    const pedido = await publico('pedidos', { id: 'site-mensagem-1', itens: [{ produto: pastel, quantidade: 3 }], endereco, pagamento: 'Dinheiro' }, cookie);
    expect(pedido.statusCode, pedido.body).toBe(201);
    const sessao = (await api('GET', '/sessao')).body.data;
    // 3 × 12,00 + 5,00 of delivery; accepted at once, so 'Aceito' follows, as a marketplace's order.
    const textos = (await filaDe('5511966664444')).map((m) => m.texto);
    expect(textos[0]).toBe(`Olá Marta! Recebemos o pedido #1 (3x Pastel de carne), total R$ 41,00. ${sessao.empresa.nomeFantasia}`);
    expect(textos.slice(1).map((t) => t.replace(/\d\d:\d\d/, 'HH:MM'))).toEqual(['Marta, o pedido #1 foi aceito e chega até HH:MM.']);
  });

  it("another group neither sees our messages nor previews with our orders", async () => {
    const eventos = async (quem: Api) => ((await quem('POST', '/mensagemAutomatica/getPopulate', { filtro: {}, limit: 50, skip: 0 })).body.data as { evento: string }[]).map((m) => m.evento).sort();
    expect(await eventos(api)).toEqual(['Aceito', 'Cancelado', 'Entregue', 'Recebido', 'Saiu para entrega']);
    expect(await eventos(vizinho)).toEqual([]);
    const previa = await vizinho('POST', '/mensagemAutomatica/previa', { evento: 'Aceito', mensagem: '{nome} {pedido}' });
    expect([409, 200]).toContain(previa.status);
    expect(JSON.stringify(previa.body)).not.toContain('Fernanda');
    expect(JSON.stringify(previa.body)).not.toContain('balcao-77');
  });
});
