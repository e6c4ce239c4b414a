import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarCloudApiDouble } from './cloudApiDouble.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';

/**
 * whatsAppPage beyond text (issue 17), against the local double of the Cloud API: the WABA's approved
 * templates listed and refreshed, Meta's 24-hour window (our 409 and Meta's 131047 saying the same),
 * a template sent outside it, files received (downloaded through the media endpoint into storage) and
 * sent (uploaded, then sent by id) with their limits, the connection's status told by the real last
 * sends, and the wall between groups on each new route.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let dublê: Awaited<ReturnType<typeof iniciarCloudApiDouble>>;

const TOKEN = 'EAAG-token-modelos-e-midia-1234567890';
const APP_SECRET = 'segredo-do-app-modelos-0123456789';
const NUMERO_ID = '109876543219999';
const WABA = '204060801000';
const RECENTE = '5511987650001';
const ANTIGO = '5511987650002';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  tokenNosso = await signIn(ctx.app, 'admin@demo.com.br');
  tokenVizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
  api = apiClient(ctx.app, tokenNosso);
  vizinho = apiClient(ctx.app, tokenVizinho);
  dublê = await iniciarCloudApiDouble(TOKEN);
  const r = await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, numeroExibicao: '(11) 3333-0000', apiUrl: dublê.url, accessToken: TOKEN, appSecret: APP_SECRET, verifyToken: 'verificacao-modelos-2026' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await dublê?.fechar();
});

async function webhook(mensagens: unknown[], statuses: unknown[] = []) {
  const texto = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: NUMERO_ID }, messages: mensagens, statuses } }] }] });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/integracoes/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(texto).digest('hex')}` }, payload: texto });
  expect(res.statusCode, res.body).toBe(200);
}
const segundos = (msAtras: number) => String(Math.floor((Date.now() - msAtras) / 1000));
const texto = (de: string, id: string, corpo: string, msAtras: number) => ({ from: de, id, timestamp: segundos(msAtras), type: 'text', text: { body: corpo } });
const conversaDe = async (numero: string) => ((await api('GET', '/whatsApp/conversas')).body.data.conversas as any[]).find((c) => c.numero === numero);
const detalhe = async (id: string, quem = api) => (await quem('GET', `/whatsApp/conversas/${id}`)).body.data;
const enviarArquivo = (quem: Api | null, conversa: string, tipo: string, bytes: Buffer, consulta = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/whatsApp/conversas/${conversa}/arquivo${consulta}`, headers: { 'content-type': tipo }, payload: bytes, ...withCookie(quem === vizinho ? tokenVizinho : tokenNosso) });
let tokenNosso = '';
let tokenVizinho = '';

describe('approved templates', () => {
  it('asks for the WABA id, then lists every page of templates with their {{n}} counted, approved first', async () => {
    const semWaba = await api('POST', '/whatsApp/modelos/atualizar');
    expect(semWaba.status).toBe(409);
    expect(semWaba.body.data.message).toBe('Informe o WABA ID (a conta do WhatsApp Business) na conexão para listar os modelos aprovados.');
    expect((await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, wabaId: 'abc', numeroExibicao: '(11) 3333-0000' })).body.data.message).toBe('WABA ID: Use só os dígitos do WABA ID (no painel da Meta).');
    expect((await api('PUT', '/whatsApp/conexao', { phoneNumberId: NUMERO_ID, wabaId: WABA, numeroExibicao: '(11) 3333-0000', apiUrl: dublê.url })).status).toBe(200);
    dublê.modelos.push(
      { name: 'promocao_rodizio', language: 'pt_BR', status: 'REJECTED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Rodízio pela metade, {{1}}!' }] },
      { name: 'retomar_conversa', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Olá {{1}}, aqui é da {{2}}. Podemos continuar o seu atendimento?' }, { type: 'FOOTER', text: 'Responda para falar conosco' }] },
      { name: 'pedido_pronto', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Seu pedido {{1}} está pronto para retirada.' }] },
    );
    const r = await api('POST', '/whatsApp/modelos/atualizar');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.modelos.map((m: any) => [m.nome, m.situacao, m.parametros, m.aprovado])).toEqual([
      ['pedido_pronto', 'APPROVED', 1, true],
      ['retomar_conversa', 'APPROVED', 2, true],
      ['promocao_rodizio', 'REJECTED', 1, false],
    ]);
    // Two pages of two: the double's paging.next was followed, with the bearer and the fields asked for.
    const listagens = dublê.recebidos.filter((p) => p.caminho.includes('/message_templates'));
    expect(listagens.map((p) => p.caminho)).toEqual([
      `/v21.0/${WABA}/message_templates?fields=name,language,status,category,components&limit=100`,
      `/v21.0/${WABA}/message_templates?fields=name%2Clanguage%2Cstatus%2Ccategory%2Ccomponents&limit=100&after=2`,
    ]);
    expect(listagens.every((p) => p.autorizacao === `Bearer ${TOKEN}`)).toBe(true);
    // Cached: the screen reads them without calling the API.
    const antes = dublê.recebidos.length;
    const lido = await api('GET', '/whatsApp/modelos');
    expect(lido.body.data).toMatchObject({ wabaId: WABA, modelos: [{ nome: 'pedido_pronto', corpo: 'Seu pedido {{1}} está pronto para retirada.', categoria: 'UTILITY', idioma: 'pt_BR' }, {}, {}] });
    expect(dublê.recebidos.length).toBe(antes);
  });

  it("says the API's reason when the listing fails, keeping the last list", async () => {
    dublê.falharCom({ status: 400, corpo: { error: { message: '(#100) Tried accessing nonexisting field (message_templates)', code: 100 } } });
    const r = await api('POST', '/whatsApp/modelos/atualizar');
    expect(r.status).toBe(502);
    expect(r.body.data.message).toBe('Não foi possível ler os modelos: API do WhatsApp recusou: (#100) Tried accessing nonexisting field (message_templates) (código 100).');
    expect((await api('GET', '/whatsApp/modelos')).body.data.modelos).toHaveLength(3);
  });
});

describe("Meta's 24-hour window", () => {
  it('lets a reply go within 24 hours of the customer, and refuses it after with a Portuguese 409', async () => {
    await webhook([texto(RECENTE, 'wamid.R1', 'Vocês têm opção sem glúten?', 2 * 3_600_000), texto(ANTIGO, 'wamid.A1', 'Obrigado!', 30 * 3_600_000)]);
    const recente = await conversaDe(RECENTE);
    const antigo = await conversaDe(ANTIGO);
    const j = (await detalhe(recente._id)).janela;
    expect(j.aberta).toBe(true);
    expect(new Date(j.fechaEm).getTime() - new Date(j.ultimaEntradaEm).getTime()).toBe(24 * 3_600_000);
    expect((await detalhe(antigo._id)).janela.aberta).toBe(false);
    expect((await api('POST', `/whatsApp/conversas/${recente._id}/mensagens`, { texto: 'Temos sim: a pizza de massa de grão-de-bico.' })).status).toBe(201);
    const fora = await api('POST', `/whatsApp/conversas/${antigo._id}/mensagens`, { texto: 'Oi, tudo bem?' });
    expect(fora.status).toBe(409);
    expect(fora.body.data.message).toBe('Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.');
    expect(dublê.recebidos.some((p) => p.corpo.text?.body === 'Oi, tudo bem?')).toBe(false);
  });

  it('sends an approved template outside it, checked against the list (name, approval, parameters)', async () => {
    const antigo = await conversaDe(ANTIGO);
    const errado = await api('POST', `/whatsApp/conversas/${antigo._id}/modelo`, { nome: 'retomar_conversa', idioma: 'pt_BR', parametros: ['Lúcia'] });
    expect(errado.status).toBe(400);
    expect(errado.body.data.message).toBe('Parâmetros: o modelo retomar_conversa tem 2 parâmetro(s); foram informados 1.');
    expect((await api('POST', `/whatsApp/conversas/${antigo._id}/modelo`, { nome: 'promocao_rodizio', idioma: 'pt_BR', parametros: ['Lúcia'] })).body.data.message).toBe('Modelo: promocao_rodizio não está aprovado pela Meta (situação REJECTED).');
    expect((await api('POST', `/whatsApp/conversas/${antigo._id}/modelo`, { nome: 'nao_existe', idioma: 'pt_BR', parametros: [] })).body.data.message).toBe('Modelo: nao_existe (pt_BR) não está na lista de modelos da conta; atualize a lista.');
    const r = await api('POST', `/whatsApp/conversas/${antigo._id}/modelo`, { nome: 'retomar_conversa', idioma: 'pt_BR', parametros: ['Lúcia', 'Pizzaria Demo'] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await esperarAte(async () => (await detalhe(antigo._id)).mensagens.at(-1).situacao === 'enviada', 15_000, 'o modelo enviado');
    expect(dublê.recebidos.at(-1)!.corpo).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: ANTIGO,
      type: 'template',
      template: { name: 'retomar_conversa', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Lúcia' }, { type: 'text', text: 'Pizzaria Demo' }] }] },
    });
    expect((await detalhe(antigo._id)).mensagens.at(-1).texto).toBe('Olá Lúcia, aqui é da Pizzaria Demo. Podemos continuar o seu atendimento?');
  });

  it("maps Meta's 131047, in the send's answer or in a failed status, to the same message", async () => {
    const recente = await conversaDe(RECENTE);
    dublê.falharCom({ status: 400, corpo: { error: { message: '(#131047) Re-engagement message', code: 131047, error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' } } } });
    const id = (await api('POST', `/whatsApp/conversas/${recente._id}/mensagens`, { texto: 'Mais alguma dúvida?' })).body.data._id;
    await esperarAte(async () => (await detalhe(recente._id)).mensagens.find((m: any) => m._id === id).situacao === 'falhou', 15_000, 'a recusa da Meta');
    expect((await detalhe(recente._id)).mensagens.find((m: any) => m._id === id).erro).toBe('Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.');
    // Accepted first, then failed by the status webhook.
    const { wamid } = (await ctx.db.execute<{ wamid: string }>(sql`select wamid from whatsapp_mensagem where texto = 'Temos sim: a pizza de massa de grão-de-bico.'`)).rows[0]!;
    await webhook([], [{ id: wamid, status: 'failed', timestamp: segundos(0), recipient_id: RECENTE, errors: [{ code: 131047, title: 'Re-engagement message' }] }]);
    expect((await detalhe(recente._id)).mensagens.find((m: any) => m.texto.startsWith('Temos sim')).erro).toBe('Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.');
  });
});

describe('files', () => {
  it("downloads a received image and PDF through the media endpoint into storage; one over the limit says so", async () => {
    dublê.guardarMidia('7001001001', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    dublê.guardarMidia('7001001002', 'application/pdf', PDF);
    dublê.guardarMidia('7001001003', 'audio/ogg', Buffer.alloc(17 * 1024 * 1024, 1));
    await webhook([
      { from: RECENTE, id: 'wamid.M1', timestamp: segundos(60_000), type: 'image', image: { id: '7001001001', mime_type: 'image/jpeg', sha256: 'x', caption: 'Olha a pizza que chegou' } },
      { from: RECENTE, id: 'wamid.M2', timestamp: segundos(50_000), type: 'document', document: { id: '7001001002', mime_type: 'application/pdf', sha256: 'x', filename: 'comprovante.pdf' } },
      { from: RECENTE, id: 'wamid.M3', timestamp: segundos(40_000), type: 'audio', audio: { id: '7001001003', mime_type: 'audio/ogg; codecs=opus', voice: true } },
    ]);
    const recente = await conversaDe(RECENTE);
    await esperarAte(async () => (await detalhe(recente._id)).mensagens.filter((m: any) => m.midia && (m.midia.disponivel || m.midia.erro)).length === 3, 15_000, 'os arquivos baixados');
    const ms = (await detalhe(recente._id)).mensagens.filter((m: any) => m.midia);
    expect(ms.map((m: any) => [m.texto, m.midia.tipo, m.midia.disponivel, m.midia.tamanho])).toEqual([
      ['Olha a pizza que chegou', 'imagem', true, 8],
      ['[documento] comprovante.pdf', 'documento', true, PDF.length],
      ['[áudio]', 'audio', false, null],
    ]);
    expect(ms[2].midia.erro).toBe('Arquivo de 17,0 MB: acima do limite de 16,0 MB; veja-o no celular.');
    const imagem = await ctx.app.inject({ method: 'GET', url: `/api/whatsApp/mensagens/${ms[0]._id}/arquivo`, ...withCookie(tokenNosso) });
    expect(imagem.statusCode).toBe(200);
    expect(imagem.headers['content-type']).toBe('image/jpeg');
    expect(imagem.headers['content-disposition']).toMatch(/^inline;/);
    expect(imagem.rawPayload.equals(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]))).toBe(true);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/whatsApp/mensagens/${ms[1]._id}/arquivo`, ...withCookie(tokenNosso) });
    expect(pdf.headers['content-disposition']).toBe("attachment; filename*=UTF-8''comprovante.pdf");
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    // Media info then the bytes, both with the robot's token.
    expect(dublê.recebidos.filter((p) => p.caminho === '/v21.0/7001001001' || p.caminho === '/arquivos/7001001001').map((p) => p.autorizacao)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('sends an image or a PDF from the reply box: uploaded to the media endpoint, then sent by its id', async () => {
    const recente = await conversaDe(RECENTE);
    const r = await enviarArquivo(api, recente._id, 'image/png', PNG, '?nome=cardapio.png&legenda=Nosso%20card%C3%A1pio%20de%20hoje');
    expect(r.statusCode, r.body).toBe(201);
    await esperarAte(async () => (await detalhe(recente._id)).mensagens.at(-1).situacao === 'enviada', 15_000, 'a imagem enviada');
    const upload = dublê.recebidos.filter((p) => p.caminho === `/v21.0/${NUMERO_ID}/media`).at(-1)!;
    expect(upload.corpo).toEqual({ messaging_product: 'whatsapp', type: 'image/png' });
    expect(upload.arquivo!.bytes.equals(PNG)).toBe(true);
    expect(upload.arquivo!.nome).toBe('cardapio.png');
    const envio = dublê.recebidos.at(-1)!.corpo;
    expect(envio).toMatchObject({ to: RECENTE, type: 'image', image: { caption: 'Nosso cardápio de hoje' } });
    expect(dublê.midias.get(envio.image.id)!.bytes.equals(PNG)).toBe(true);

    expect((await enviarArquivo(api, recente._id, 'application/pdf', PDF, '?nome=pedido-1301.pdf')).statusCode).toBe(201);
    await esperarAte(async () => (await detalhe(recente._id)).mensagens.at(-1).situacao === 'enviada', 15_000, 'o PDF enviado');
    expect(dublê.recebidos.at(-1)!.corpo).toMatchObject({ type: 'document', document: { filename: 'pedido-1301.pdf' } });
    expect((await detalhe(recente._id)).mensagens.at(-1)).toMatchObject({ texto: '[documento] pedido-1301.pdf', midia: { tipo: 'documento', disponivel: true } });
  });

  it('refuses another type, a content that is not what it says, a file over its limit, and a file outside the window', async () => {
    const recente = await conversaDe(RECENTE);
    const gif = await enviarArquivo(api, recente._id, 'image/gif', Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(415);
    const mentira = await enviarArquivo(api, recente._id, 'image/png', PDF);
    expect(mentira.statusCode).toBe(400);
    expect(mentira.json().data.message).toBe('Arquivo: o conteúdo não é uma imagem JPG ou PNG.');
    const grande = await enviarArquivo(api, recente._id, 'image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().data.message).toBe('Arquivo: A imagem passa de 5 MB, o limite do WhatsApp.');
    const antigo = await conversaDe(ANTIGO);
    const fora = await enviarArquivo(api, antigo._id, 'application/pdf', PDF);
    expect(fora.statusCode).toBe(409);
    expect(fora.json().data.message).toBe('Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.');
  });
});

describe('the connection tells how the sends really go', () => {
  it('says the last sends failed, with the reason and when, and recovers when one is accepted', async () => {
    const recente = await conversaDe(RECENTE);
    expect((await api('GET', '/whatsApp/conexao')).body.data.envios).toMatchObject({ estado: 'ok', falhasDesdeSucesso: 0, ultimoErro: null });
    dublê.falharCom(...Array.from({ length: 2 }, () => ({ status: 400, corpo: { error: { message: '(#131026) Message undeliverable', code: 131026 } } })));
    await api('POST', `/whatsApp/conversas/${recente._id}/mensagens`, { texto: 'Primeira' });
    await api('POST', `/whatsApp/conversas/${recente._id}/mensagens`, { texto: 'Segunda' });
    await esperarAte(async () => (await api('GET', '/whatsApp/conexao')).body.data.envios.falhasDesdeSucesso === 2, 15_000, 'duas falhas');
    const falhando = (await api('GET', '/whatsApp/conexao')).body.data;
    expect(falhando).toMatchObject({ ativo: true, envios: { estado: 'falhando', ultimoErro: 'API do WhatsApp recusou: (#131026) Message undeliverable (código 131026).', falhasDesdeSucesso: 2 } });
    expect(new Date(falhando.envios.ultimaFalhaEm).getTime()).toBeGreaterThan(new Date(falhando.envios.ultimoSucessoEm).getTime());
    await api('POST', `/whatsApp/conversas/${recente._id}/mensagens`, { texto: 'Terceira' });
    await esperarAte(async () => (await api('GET', '/whatsApp/conexao')).body.data.envios.estado === 'ok', 15_000, 'um envio aceito');
  });
});

describe('the wall between groups', () => {
  it("another group neither lists our templates nor sends templates or files to our conversations, nor downloads our files", async () => {
    const recente = await conversaDe(RECENTE);
    expect((await vizinho('GET', '/whatsApp/modelos')).body.data).toEqual({ wabaId: null, atualizadosEm: null, modelos: [] });
    expect((await vizinho('POST', '/whatsApp/modelos/atualizar')).status).toBe(409);
    expect((await vizinho('POST', `/whatsApp/conversas/${recente._id}/modelo`, { nome: 'pedido_pronto', idioma: 'pt_BR', parametros: ['1'] })).status).toBe(404);
    expect((await enviarArquivo(vizinho, recente._id, 'application/pdf', PDF)).statusCode).toBe(404);
    const [m] = (await ctx.db.execute<{ id: string }>(sql`select id from whatsapp_mensagem where midia->>'arquivo' is not null limit 1`)).rows as { id: string }[];
    expect((await ctx.app.inject({ method: 'GET', url: `/api/whatsApp/mensagens/${m!.id}/arquivo`, ...withCookie(tokenVizinho) })).statusCode).toBe(404);
    expect((await vizinho('GET', '/whatsApp/conexao')).body.data.envios.estado).toBe('semEnvios');
  });
});
