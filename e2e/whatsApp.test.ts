import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarCloudApiDouble } from '../packages/server/test/cloudApiDouble.ts';
import { abrirComSessao, api, escolher, escolherOpcao, salvarFormulario, signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const TOKEN = 'EAAG-token-do-teste-de-navegador-123';
const APP_SECRET = 'segredo-do-app-meta-navegador-01';
const NUMERO_ID = '998877665544';
let dublê: Awaited<ReturnType<typeof iniciarCloudApiDouble>>;
beforeAll(async () => {
  dublê = await iniciarCloudApiDouble(TOKEN);
});
afterAll(async () => dublê?.fechar());

/** The Cloud API's side: a customer's message, signed with the app secret. */
async function mensagemDoCliente(id: string, de: string, nome: string, texto: string, o: { horasAtras?: number; conteudo?: Record<string, unknown> } = {}) {
  const quando = String(Math.floor((Date.now() - (o.horasAtras ?? 0) * 3_600_000) / 1000));
  const mensagem = { from: de, id, timestamp: quando, ...(o.conteudo ?? { type: 'text', text: { body: texto } }) };
  const corpo = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: NUMERO_ID }, contacts: [{ wa_id: de, profile: { name: nome } }], messages: [mensagem] } }] }],
  });
  const res = await fetch(`${ctx.server.url}/api/integracoes/whatsapp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(corpo).digest('hex')}` },
    body: corpo,
  });
  expect(res.status).toBe(200);
}

async function doTerminal(token: string, corpo: unknown) {
  const res = await fetch(`${ctx.server.url}/api/vendas`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('WhatsApp robot', () => {
  it('connects the robot on the screen, shows a signed customer message and sends the reply through the Cloud API', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/whatsAppPage`);
    await expect.poll(() => page.getByTestId('wa-conexao-situacao').textContent()).toBe('Não conectado');
    await page.getByTestId('wa-phone-number-id').fill(NUMERO_ID);
    await page.getByTestId('wa-waba-id').fill('102290129340398');
    await page.getByTestId('wa-numero').fill('(11) 3030-4040');
    await page.getByLabel('Endereço da API').fill(dublê.url);
    await page.getByTestId('wa-token').fill(TOKEN);
    await page.getByTestId('wa-app-secret').fill(APP_SECRET);
    await page.getByTestId('wa-verify-token').fill('verificacao-do-navegador-1');
    await page.getByTestId('wa-conexao-salvar').click();
    // Connected, and honest about it: nothing sent yet.
    await expect.poll(() => page.getByTestId('wa-conexao-situacao').textContent()).toBe('Conectado — nenhum envio ainda');

    await mensagemDoCliente('wamid.E2E1', '5511987651234', 'Mariana Souza', 'Boa noite! Vocês entregam no Butantã?');
    const item = page.getByTestId('wa-conversa-item').filter({ hasText: 'Mariana Souza' });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.textContent()).toContain('1 não lida');
    await item.click();
    const conversa = page.getByTestId('wa-conversa');
    await conversa.getByText('Boa noite! Vocês entregam no Butantã?').waitFor();
    await page.getByTestId('wa-resposta').fill('Entregamos sim! A taxa para o Butantã é R$ 7,00.');
    await page.getByTestId('wa-enviar').click();
    const resposta = conversa.getByTestId('wa-mensagem').filter({ hasText: 'A taxa para o Butantã é R$ 7,00.' });
    await resposta.getByTestId('wa-mensagem-situacao').filter({ hasText: 'Enviada' }).waitFor({ timeout: 20_000 });
    expect(dublê.recebidos.at(-1)!.corpo).toMatchObject({ to: '5511987651234', type: 'text', text: { body: 'Entregamos sim! A taxa para o Butantã é R$ 7,00.' } });
    await expect.poll(() => item.textContent()).not.toContain('não lidas');

    // The API fails the next one: it stays in the queue with the reason.
    dublê.falharCom({ status: 503, corpo: { error: { message: 'Service temporarily unavailable', code: 2 } } });
    await page.getByTestId('wa-resposta').fill('Qual é o seu endereço?');
    await page.getByTestId('wa-enviar').click();
    const falha = conversa.getByTestId('wa-mensagem').filter({ hasText: 'Qual é o seu endereço?' });
    await falha.getByTestId('wa-mensagem-erro').waitFor({ timeout: 20_000 });
    expect(await falha.textContent()).toContain('Na fila');
    expect(await falha.textContent()).toContain('API do WhatsApp recusou: Service temporarily unavailable (código 2).');
    await fotografar(page, 'whatsapp-conversa');
    await falha.getByRole('button', { name: 'Tentar de novo' }).click();
    await falha.getByTestId('wa-mensagem-situacao').filter({ hasText: 'Enviada' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('wa-conexao-situacao').textContent(), { timeout: 20_000 }).toBe('Conectado');
  });

  it('lists the approved templates, sends one outside the 24 hours, shows files both ways and tells when the sends fail', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/whatsAppPage`);
    dublê.modelos.push(
      { name: 'retomar_atendimento', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Olá {{1}}! Aqui é da {{2}}. Podemos continuar o seu atendimento por aqui?' }] },
      { name: 'pedido_saiu', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: '{{1}}, o pedido {{2}} saiu para entrega e chega até {{3}}.' }] },
      { name: 'cupom_domingo', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Domingo tem pizza em dobro com o cupom {{1}}!' }] },
    );
    await page.getByTestId('wa-modelos-abrir').click();
    await page.getByTestId('wa-modelos-atualizar').click();
    await expect.poll(() => page.getByTestId('wa-modelo').count()).toBe(3);
    expect(await page.getByTestId('wa-modelo').first().textContent()).toContain('pedido_saiu');
    expect(await page.getByTestId('wa-modelos').textContent()).toContain('Em análise');
    await fotografar(page, 'whatsapp-modelos');
    await page.getByTestId('wa-modelos-abrir').click();

    // A customer who wrote 30 hours ago: only a template may go.
    await mensagemDoCliente('wamid.E2E-ANTIGA', '5511976543210', 'Roberto Alves', 'Vocês abrem no feriado?', { horasAtras: 30 });
    await page.getByTestId('wa-conversa-item').filter({ hasText: 'Roberto Alves' }).click();
    const conversa = page.getByTestId('wa-conversa');
    await expect.poll(() => conversa.getByTestId('wa-janela-fechada').textContent()).toMatch(/^Fora da janela de 24 horas: o cliente escreveu pela última vez em \d\d\/\d\d\/\d{4} \d\d:\d\d\. A Meta só aceita um modelo aprovado\.$/);
    expect(await conversa.getByTestId('wa-resposta').count()).toBe(0);
    await escolherOpcao(page, 'wa-modelo-escolha', 'retomar_atendimento (pt_BR)');
    await page.getByTestId('wa-modelo-parametro').nth(1).fill('Pizzaria Demonstração');
    await expect.poll(() => page.getByTestId('wa-modelo-previa').textContent()).toBe('Olá Roberto! Aqui é da Pizzaria Demonstração. Podemos continuar o seu atendimento por aqui?');
    await fotografar(page, 'whatsapp-janela');
    await page.getByTestId('wa-modelo-enviar').click();
    const modelo = conversa.getByTestId('wa-mensagem').filter({ hasText: 'Olá Roberto! Aqui é da Pizzaria Demonstração.' });
    await modelo.getByTestId('wa-mensagem-situacao').filter({ hasText: 'Enviada' }).waitFor({ timeout: 20_000 });
    expect(dublê.recebidos.at(-1)!.corpo.template).toEqual({ name: 'retomar_atendimento', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Roberto' }, { type: 'text', text: 'Pizzaria Demonstração' }] }] });

    // Files: Mariana sends a photo and a receipt; the photo shows inline, the PDF downloads; we answer with a PDF.
    const foto = Buffer.from(
      (await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 320;
        c.height = 220;
        const g = c.getContext('2d')!;
        g.fillStyle = '#6d4c41';
        g.fillRect(0, 0, 320, 220);
        g.fillStyle = '#f4b942';
        g.beginPath();
        g.arc(160, 110, 95, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = '#c0392b';
        for (const [x, y] of [[120, 80], [190, 75], [150, 130], [210, 140], [105, 145], [170, 175]]) {
          g.beginPath();
          g.arc(x!, y!, 14, 0, Math.PI * 2);
          g.fill();
        }
        return c.toDataURL('image/png').split(',')[1]!;
      })) as string,
      'base64',
    );
    dublê.guardarMidia('880001', 'image/png', foto);
    dublê.guardarMidia('880002', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    await mensagemDoCliente('wamid.E2E-FOTO', '5511987651234', 'Mariana Souza', '', { conteudo: { type: 'image', image: { id: '880001', mime_type: 'image/png', sha256: 'x', caption: 'A pizza chegou assim 😕' } } });
    await mensagemDoCliente('wamid.E2E-PDF', '5511987651234', 'Mariana Souza', '', { conteudo: { type: 'document', document: { id: '880002', mime_type: 'application/pdf', sha256: 'x', filename: 'comprovante-pix.pdf' } } });
    await page.getByTestId('wa-conversa-item').filter({ hasText: 'Mariana Souza' }).click();
    await conversa.getByTestId('wa-imagem').waitFor({ timeout: 20_000 });
    await expect.poll(() => conversa.getByTestId('wa-imagem').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await conversa.getByTestId('wa-arquivo-baixar').textContent()).toBe('Baixar comprovante-pix.pdf (1 KB)');
    expect(await conversa.getByTestId('wa-janela').textContent()).toMatch(/^Janela de 24 horas aberta até \d\d\/\d\d\/\d{4} \d\d:\d\d: texto livre e arquivos podem ser enviados\.$/);
    await page.locator('input[type=file]').setInputFiles({ name: 'cupom-desculpas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n') });
    await page.getByTestId('wa-resposta').fill('Desculpe, Mariana! Segue um cupom para o próximo pedido.');
    await page.getByTestId('wa-enviar').click();
    const pdf = conversa.getByTestId('wa-mensagem').filter({ hasText: 'Segue um cupom' });
    await pdf.getByTestId('wa-mensagem-situacao').filter({ hasText: 'Enviada' }).waitFor({ timeout: 20_000 });
    expect(await pdf.getByTestId('wa-arquivo-baixar').textContent()).toBe('Baixar cupom-desculpas.pdf (1 KB)');
    expect(dublê.recebidos.at(-1)!.corpo).toMatchObject({ type: 'document', document: { filename: 'cupom-desculpas.pdf', caption: 'Desculpe, Mariana! Segue um cupom para o próximo pedido.' } });
    await fotografar(page, 'whatsapp-midia');

    // The API refuses the next two: the connection says so, with the reason and when.
    dublê.falharCom(...[1, 2].map(() => ({ status: 400, corpo: { error: { message: '(#131026) Message undeliverable', code: 131026 } } })));
    for (const texto of ['Conseguiu abrir o cupom?', 'Qualquer coisa, estamos aqui.']) {
      await page.getByTestId('wa-resposta').fill(texto);
      await page.getByTestId('wa-enviar').click();
      await conversa.getByTestId('wa-mensagem').filter({ hasText: texto }).getByTestId('wa-mensagem-situacao').filter({ hasText: 'Falhou' }).waitFor({ timeout: 20_000 });
    }
    await expect.poll(() => page.getByTestId('wa-conexao-situacao').textContent(), { timeout: 20_000 }).toBe('Conectado — últimos envios falharam');
    // The status is polled: it may have shown the first failure alone before the second.
    await expect.poll(() => page.getByTestId('wa-envios-falhando').textContent(), { timeout: 20_000 }).toMatch(/^Os últimos 2 envios falharam; o mais recente em \d\d\/\d\d\/\d{4} \d\d:\d\d: API do WhatsApp recusou: \(#131026\) Message undeliverable \(código 131026\)\.Último envio aceito pela API: /);
    await fotografar(page, 'whatsapp-situacao');
  });

  it("previews an automatic message with the latest order, and a campaign brings back a stopped customer's coupon", async () => {
    const { page } = ctx.browser;
    await abrirComSessao(page, ctx.server.url, '/mensagemAutomatica', page.getByTestId('recurso-novo'));
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UNW', descricao: 'Unidade (WhatsApp)' });
    const pizza = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Pizza média calabresa', unidade: un._id, ncm: '19059090' });
    const pix = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'PIX WhatsApp', tipo: 'PIX' });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'Delivery próprio', tipo: 'PDV' });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});
    const cliente = await api<{ _id: string }>(page, 'pessoa', { nome: 'Ana Paula Ribeiro', telefones: [{ tipo: 'Celular', numero: '(11) 99812-3401' }] });
    const hoje = new Date();
    const hojeIso = new Date(hoje.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    await api(page, 'voucherECupomDesconto', { codigo: 'VOLTA10', descricao: 'Volta, cliente', tipoDesconto: 'Percentual', percentual: '10', validoDe: hojeIso });
    for (const [n, dias] of [[1, 40], [2, 33]] as const) {
      const fechado = new Date(hoje.getTime() - dias * 86_400_000);
      await doTerminal(token, { pedidoId: `WA-${n}`, canal: 'Delivery', cliente: cliente._id, abertoEm: new Date(fechado.getTime() - 1_800_000).toISOString(), fechadoEm: fechado.toISOString(), itens: [{ produto: pizza._id, quantidade: '1', precoUnitario: 5290 }], pagamentos: [{ formaPagamento: pix._id, tPag: '17', valor: 5290 }], total: 5290 });
    }

    await page.getByTestId('recurso-novo').click();
    await escolher(page, 'evento', 'Aceito');
    await page.getByTestId('campo-mensagem').fill('{nome}, o pedido {pedido} foi {status}: {itens}, {total}.');
    await page.getByTestId('ma-ver-previa').click();
    await expect.poll(() => page.getByTestId('ma-previa-texto').textContent()).toBe('Ana, o pedido WA-2 foi aceito: Pizza média calabresa, R$ 52,90.');
    await fotografar(page, 'mensagem-automatica-previa');
    // Outside the 24 hours: the approved template, its {{n}} given our variables.
    // The template is chosen in its own section only: the generic form has no text field for it.
    expect(await page.getByTestId('campo-modeloNome').count()).toBe(0);
    expect(await page.getByTestId('campo-parametrosModelo').count()).toBe(0);
    await escolherOpcao(page, 'ma-modelo-escolha', 'pedido_saiu (pt_BR)');
    await page.getByTestId('ma-modelo-parametro').nth(2).click();
    await page.getByRole('option', { name: '{previsao}', exact: true }).click();
    await page.getByTestId('ma-ver-previa').click();
    await expect.poll(() => page.getByTestId('ma-previa-modelo').textContent()).toMatch(/^Ana, o pedido WA-2 saiu para entrega e chega até \d\d:\d\d\.$/);
    await fotografar(page, 'mensagem-automatica-modelo');
    await salvarFormulario(page);

    dublê.modelos.push({ name: 'volta_cliente', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Saudade, {{1}}? Use o cupom {{2}} e ganhe {{3}}.' }] });
    await api(page, 'whatsApp/modelos/atualizar', {});
    await page.goto(`${ctx.server.url}/recuperadorDeVenda`);
    await page.getByTestId('rec-buscar').click();
    await page.getByTestId('rec-clientes').getByRole('cell', { name: 'Ana Paula Ribeiro' }).waitFor();
    expect(await page.getByTestId('rec-encontrados').textContent()).toBe('1 cliente encontrado; 1 com telefone recebe a campanha.');
    await page.getByTestId('rec-nome').fill('Saudade de você');
    await escolherOpcao(page, 'rec-cupom', 'VOLTA10 — Volta, cliente');
    // Ana never wrote to the robot: outside Meta's 24 hours the campaign goes as the approved marketing template.
    await escolherOpcao(page, 'ma-modelo-escolha', 'volta_cliente (pt_BR)');
    await page.getByTestId('ma-modelo-parametro').nth(2).click();
    await page.getByRole('option', { name: '{desconto}', exact: true }).click();
    expect(await page.getByTestId('ma-modelo').textContent()).toContain('Saudade, {nome}? Use o cupom {cupom} e ganhe {desconto}.');
    await page.getByTestId('rec-enviar').click();
    const linha = page.getByTestId('rec-campanha').filter({ hasText: 'Saudade de você' });
    await linha.waitFor();
    expect(await linha.textContent()).toContain('VOLTA10');
    await expect.poll(() => dublê.recebidos.filter((p) => p.corpo.to === '5511998123401').length, { timeout: 20_000 }).toBe(1);
    expect(dublê.recebidos.find((p) => p.corpo.to === '5511998123401')!.corpo.template).toEqual({ name: 'volta_cliente', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: 'VOLTA10' }, { type: 'text', text: '10%' }] }] });
    await fotografar(page, 'recuperador-de-venda');
  });
});
