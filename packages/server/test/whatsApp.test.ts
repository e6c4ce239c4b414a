import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarCloudApiDouble } from './cloudApiDouble.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';

/**
 * whatsAppPage (issue 17) against a local double of the Cloud API: connecting keeps the secrets
 * unreadable, Meta's webhook verification, signed messages stored once, statuses moving forward, a reply
 * sent as the Graph API takes it, a failure retried and a refusal ending it, and the wall between groups.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let dublê: Awaited<ReturnType<typeof iniciarCloudApiDouble>>;

const TOKEN = 'EAAG-token-de-acesso-do-demo-1234567890';
const APP_SECRET = 'segredo-do-app-meta-0123456789';
const VERIFY = 'verificacao-do-webhook-2026';
const NUMERO_ID = '109876543210987';
const CLIENTE = '5511987654321';

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  dublê = await iniciarCloudApiDouble(TOKEN);
});
afterAll(async () => {
  await ctx?.close();
  await dublê?.fechar();
});

const conectar = (quem: Api, extra: Record<string, unknown> = {}) =>
  quem('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, numeroExibicao: '(11) 3333-4444', apiUrl: dublê.url, accessToken: TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY, ...extra });

const assinar = (texto: string, segredo = APP_SECRET) => `sha256=${createHmac('sha256', segredo).update(texto).digest('hex')}`;

async function webhook(corpo: unknown, opcoes: { assinatura?: string | null; texto?: string } = {}) {
  const texto = opcoes.texto ?? JSON.stringify(corpo);
  const assinatura = opcoes.assinatura === undefined ? assinar(texto) : opcoes.assinatura;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/integracoes/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(assinatura === null ? {} : { 'x-hub-signature-256': assinatura }) },
    payload: texto,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A Cloud API webhook body as Meta sends it. */
const evento = (valor: Record<string, unknown>, numeroId = NUMERO_ID) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1234567890', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551133334444', phone_number_id: numeroId }, ...valor } }] }],
});
// An hour ago by default: within the customer's 24 hours, so the replies below may go.
const mensagem = (id: string, texto: string, de = CLIENTE, segundos = Math.floor(Date.now() / 1000) - 3600) =>
  evento({ contacts: [{ profile: { name: 'Mariana Souza' }, wa_id: de }], messages: [{ from: de, id, timestamp: String(segundos), type: 'text', text: { body: texto } }] });
const situacao = (wamid: string, status: string, segundos: number, errors?: unknown[]) => evento({ statuses: [{ id: wamid, status, timestamp: String(segundos), recipient_id: CLIENTE, ...(errors ? { errors } : {}) }] });

const contar = async (tabela: string) => Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int n from ${sql.raw(tabela)}`)).rows[0]!.n);
const conversaDe = async (quem: Api, numero = CLIENTE) => ((await quem('GET', '/whatsApp/conversas')).body.data.conversas as any[]).find((c) => c.numero === numero);
const mensagensDe = async (quem: Api, id: string) => (await quem('GET', `/whatsApp/conversas/${id}`)).body.data.mensagens as any[];

describe('whatsAppPage: connection', () => {
  it('asks for the secrets the first time, naming the missing one', async () => {
    const r = await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, numeroExibicao: '(11) 3333-4444', accessToken: TOKEN, appSecret: APP_SECRET });
    expect(r.status).toBe(400);
    expect(r.body.data.message).toBe('Token de verificação: informe-o para conectar o robô.');
    const ruim = await api('PUT', '/whatsApp/conexao', { phoneNumberId: '10987-x', numeroExibicao: '(11) 3333-4444' });
    expect(ruim.body.data.message).toBe('Phone number ID: Use só os dígitos do Phone number ID (no painel da Meta).');
    const curto = await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, numeroExibicao: '(11) 3333-4444', accessToken: 'curto' });
    expect(curto.body.data.message).toBe('Token de acesso: Pelo menos 20 caracteres.');
  });

  it('connects, keeps the token and app secret encrypted and never answers them', async () => {
    const r = await conectar(api);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lido = await api('GET', '/whatsApp/conexao');
    expect(lido.body.data).toMatchObject({ configurada: true, phoneNumberId: NUMERO_ID, ativo: true, apiUrlEfetiva: dublê.url, webhook: 'http://retaguarda.test/api/integracoes/whatsapp/webhook' });
    expect(JSON.stringify(lido.body)).not.toContain(TOKEN);
    const linha = JSON.stringify((await ctx.db.execute(sql`select * from whatsapp_conexao`)).rows);
    expect(linha).not.toContain(TOKEN);
    expect(linha).not.toContain(APP_SECRET);
    expect(linha).not.toContain(VERIFY);
    // Changing the number without the secrets keeps them.
    expect((await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, numeroExibicao: '(11) 3333-5555', apiUrl: dublê.url })).status).toBe(200);
    expect((await api('GET', '/whatsApp/conexao')).body.data.numeroExibicao).toBe('(11) 3333-5555');
  });

  it("answers Meta's verification with the challenge only for an active robot's verify token", async () => {
    const certo = await ctx.app.inject({ method: 'GET', url: `/api/integracoes/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444` });
    expect(certo.statusCode).toBe(200);
    expect(certo.body).toBe('1158201444');
    expect(certo.headers['content-type']).toMatch(/^text\/plain/);
    const errado = await ctx.app.inject({ method: 'GET', url: '/api/integracoes/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=outro-token-qualquer-123&hub.challenge=1158201444' });
    expect(errado.statusCode).toBe(403);
    expect(errado.body).not.toContain('1158201444');
  });
});

describe('whatsAppPage: receiving', () => {
  it('refuses a missing, wrong or body-altered signature with 401 and stores nothing', async () => {
    const corpo = mensagem('wamid.ENTRADA1', 'Oi, vocês entregam no Butantã?');
    const antes = await contar('whatsapp_mensagem');
    expect((await webhook(corpo, { assinatura: null })).status).toBe(401);
    expect((await webhook(corpo, { assinatura: assinar(JSON.stringify(corpo), 'outro-segredo-qualquer-99') })).status).toBe(401);
    const texto = JSON.stringify(corpo);
    const r = await webhook(null, { texto: texto.replace('Butantã', 'Butanta'), assinatura: assinar(texto) });
    expect(r.status).toBe(401);
    expect(r.body.data.message).toBe('Assinatura ausente ou inválida.');
    expect(await contar('whatsapp_mensagem')).toBe(antes);
    expect(await contar('whatsapp_conversa')).toBe(0);
  });

  it('stores a signed message once, opening its conversation with one unread', async () => {
    const corpo = mensagem('wamid.ENTRADA1', 'Oi, vocês entregam no Butantã?');
    const r = await webhook(corpo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ mensagens: 1, duplicadas: 0, situacoes: 0 });
    const deNovo = await webhook(corpo);
    expect(deNovo.body.data).toEqual({ mensagens: 0, duplicadas: 1, situacoes: 0 });
    const c = await conversaDe(api);
    expect(c).toMatchObject({ nome: 'Mariana Souza', numeroFormatado: '(11) 98765-4321', situacao: 'aberta', naoLidas: 1, ultimaMensagem: 'Oi, vocês entregam no Butantã?' });
    const ms = await mensagensDe(api, c._id);
    expect(ms.map((m) => [m.direcao, m.texto, m.situacao])).toEqual([['entrada', 'Oi, vocês entregam no Butantã?', 'recebida']]);
    expect((await api('POST', `/whatsApp/conversas/${c._id}/lida`)).status).toBe(200);
    expect((await conversaDe(api)).naoLidas).toBe(0);
  });

  it('refuses an unknown number (404), a wrong field (400 naming it) and a body over 256 KB (413)', async () => {
    const desconhecido = await webhook(mensagem('wamid.X', 'oi'), { texto: JSON.stringify(evento({}, '555000111')) });
    expect(desconhecido.status).toBe(404);
    const campo = await webhook(evento({ messages: [{ from: CLIENTE, id: 'wamid.Y', timestamp: 'ontem', type: 'text', text: { body: 'oi' } }] }));
    expect(campo.status).toBe(400);
    expect(campo.body.data.message).toBe('entry.0.changes.0.value.messages.0.timestamp: instante inválido');
    const grande = await webhook(mensagem('wamid.Z', 'x'.repeat(300 * 1024)));
    expect(grande.status).toBe(413);
  });
});

describe('whatsAppPage: sending', () => {
  it('sends a reply as the Graph API takes it; statuses only move forward', async () => {
    const c = await conversaDe(api);
    const r = await api('POST', `/whatsApp/conversas/${c._id}/mensagens`, { texto: 'Entregamos sim! A taxa para o Butantã é R$ 7,00.' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.situacao).toBe('pendente');
    await esperarAte(async () => (await mensagensDe(api, c._id)).at(-1).situacao === 'enviada', 15_000, 'a resposta enviada');
    const pedido = dublê.recebidos.at(-1)!;
    expect(pedido.caminho).toBe(`/v21.0/${NUMERO_ID}/messages`);
    expect(pedido.autorizacao).toBe(`Bearer ${TOKEN}`);
    expect(pedido.corpo).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: CLIENTE, type: 'text', text: { preview_url: false, body: 'Entregamos sim! A taxa para o Butantã é R$ 7,00.' } });
    expect((await conversaDe(api)).situacao).toBe('aguardando');

    const { wamid } = (await ctx.db.execute<{ wamid: string }>(sql`select wamid from whatsapp_mensagem where texto like 'Entregamos sim!%'`)).rows[0]!;
    expect(wamid).toMatch(/^wamid\.DUBLE/);
    expect((await webhook(situacao(wamid, 'delivered', 1_790_000_100))).body.data.situacoes).toBe(1);
    expect((await webhook(situacao(wamid, 'read', 1_790_000_200))).body.data.situacoes).toBe(1);
    // A late 'delivered' does not undo 'read'.
    expect((await webhook(situacao(wamid, 'delivered', 1_790_000_150))).body.data.situacoes).toBe(0);
    expect((await mensagensDe(api, c._id)).at(-1)).toMatchObject({ situacao: 'lida', situacaoEm: new Date(1_790_000_200_000).toISOString() });
  });

  it('keeps a message the API failed queued with its retry time, and sends it on the next try', async () => {
    const c = await conversaDe(api);
    dublê.falharCom({ status: 500, corpo: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    const r = await api('POST', `/whatsApp/conversas/${c._id}/mensagens`, { texto: 'Seu pedido sai em 10 minutos.' });
    const id = r.body.data._id;
    await esperarAte(async () => (await mensagensDe(api, c._id)).find((m) => m._id === id).tentativas === 1 && (await mensagensDe(api, c._id)).find((m) => m._id === id).erro !== null, 15_000, 'a primeira tentativa falhar');
    const m = (await mensagensDe(api, c._id)).find((x) => x._id === id);
    expect(m).toMatchObject({ situacao: 'pendente', tentativas: 1, erro: 'API do WhatsApp recusou: Service temporarily unavailable (código 2).' });
    // Queued in the database: a restart's queue run finds it (its next try a minute after the failure).
    expect(new Date(m.proximaTentativaEm).getTime() - new Date(m.em).getTime()).toBeGreaterThanOrEqual(59_000);
    const outra = await api('POST', `/whatsApp/mensagens/${id}/tentar`);
    expect(outra.body.data).toEqual({ _id: id, situacao: 'enviada', erro: null });
    expect(dublê.recebidos.filter((p) => p.corpo.text?.body === 'Seu pedido sai em 10 minutos.')).toHaveLength(2);
    expect((await api('POST', `/whatsApp/mensagens/${id}/tentar`)).status).toBe(409);
  });

  it('ends a message the API refuses for good (a 4xx), with its reason, until tried by hand', async () => {
    const c = await conversaDe(api);
    dublê.falharCom({ status: 400, corpo: { error: { message: '(#131026) Message undeliverable', code: 131026 } } });
    const id = (await api('POST', `/whatsApp/conversas/${c._id}/mensagens`, { texto: 'Obrigado pela preferência!' })).body.data._id;
    await esperarAte(async () => (await mensagensDe(api, c._id)).find((m) => m._id === id).situacao === 'falhou', 15_000, 'a mensagem falhar');
    expect((await mensagensDe(api, c._id)).find((m) => m._id === id).erro).toBe('API do WhatsApp recusou: (#131026) Message undeliverable (código 131026).');
    expect((await api('GET', '/whatsApp/conversas')).body.data.contagem.falhas).toBe(1);
  });

  it('refuses an empty reply naming the field, and closes and reopens a conversation', async () => {
    const c = await conversaDe(api);
    const vazio = await api('POST', `/whatsApp/conversas/${c._id}/mensagens`, { texto: '  ' });
    expect(vazio.status).toBe(400);
    expect(vazio.body.data.message).toBe('Texto: Escreva a mensagem.');
    expect((await api('POST', `/whatsApp/conversas/${c._id}/situacao`, { situacao: 'encerrada' })).status).toBe(200);
    expect((await conversaDe(api)).situacao).toBe('encerrada');
    // The customer writes again: open again, with the message unread.
    await webhook(mensagem('wamid.ENTRADA2', 'Quero pedir de novo', CLIENTE, Math.floor(Date.now() / 1000) + 1));
    expect(await conversaDe(api)).toMatchObject({ situacao: 'aberta', naoLidas: 1, ultimaMensagem: 'Quero pedir de novo' });
  });
});

describe('whatsAppPage: the wall between groups', () => {
  it("another group reads, answers or retries none of ours, and our number's events never land in its robot", async () => {
    const c = await conversaDe(api);
    expect((await vizinho('GET', '/whatsApp/conexao')).body.data.configurada).toBe(false);
    expect((await vizinho('GET', '/whatsApp/conversas')).body.data.conversas).toEqual([]);
    expect((await vizinho('GET', `/whatsApp/conversas/${c._id}`)).status).toBe(404);
    expect((await vizinho('POST', `/whatsApp/conversas/${c._id}/lida`)).status).toBe(404);
    expect((await vizinho('POST', `/whatsApp/conversas/${c._id}/situacao`, { situacao: 'encerrada' })).status).toBe(404);
    // Without a robot of its own the neighbour cannot send at all; with one, our conversation is still not its.
    const [m] = (await ctx.db.execute<{ id: string }>(sql`select id from whatsapp_mensagem where direcao = 'saida' limit 1`)).rows as { id: string }[];
    expect((await vizinho('POST', `/whatsApp/mensagens/${m!.id}/tentar`)).status).toBe(404);
    // The neighbour types our phone number id with its own app secret: an event signed with ours is still ours.
    expect((await conectar(vizinho, { appSecret: 'segredo-do-vizinho-0123456789', verifyToken: 'verificacao-do-vizinho-1' })).status).toBe(200);
    expect((await vizinho('POST', `/whatsApp/conversas/${c._id}/mensagens`, { texto: 'invasão' })).status).toBe(404);
    await webhook(mensagem('wamid.ENTRADA3', 'Mensagem para a loja certa', '5511911112222', 1_790_001_000));
    expect(await conversaDe(api, '5511911112222')).toMatchObject({ ultimaMensagem: 'Mensagem para a loja certa' });
    expect((await vizinho('GET', '/whatsApp/conversas')).body.data.conversas).toEqual([]);
    // And one signed with the neighbour's goes to the neighbour only.
    const dele = mensagem('wamid.VIZINHO1', 'Oi vizinho', '5511933334444', 1_790_001_100);
    expect((await webhook(dele, { assinatura: assinar(JSON.stringify(dele), 'segredo-do-vizinho-0123456789') })).status).toBe(200);
    expect((await vizinho('GET', '/whatsApp/conversas')).body.data.conversas.map((x: any) => x.numero)).toEqual(['5511933334444']);
    expect(await conversaDe(api, '5511933334444')).toBeUndefined();
  });
});
