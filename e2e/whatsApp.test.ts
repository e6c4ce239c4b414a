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
async function mensagemDoCliente(id: string, de: string, nome: string, texto: string) {
  const corpo = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: NUMERO_ID }, contacts: [{ wa_id: de, profile: { name: nome } }], messages: [{ from: de, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: texto } }] } }] }],
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
    await page.getByTestId('wa-numero').fill('(11) 3030-4040');
    await page.getByLabel('Endereço da API').fill(dublê.url);
    await page.getByTestId('wa-token').fill(TOKEN);
    await page.getByTestId('wa-app-secret').fill(APP_SECRET);
    await page.getByTestId('wa-verify-token').fill('verificacao-do-navegador-1');
    await page.getByTestId('wa-conexao-salvar').click();
    // Exactly: 'Não conectado' contains the word too.
    await expect.poll(() => page.getByTestId('wa-conexao-situacao').textContent()).toBe('Conectado');

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
    // The coupon has no end: the message gives the campaign's (7 days), dd/mm/aaaa.
    const fimCampanha = new Date(hoje.getTime() - 3 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
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
    await salvarFormulario(page);

    await page.goto(`${ctx.server.url}/recuperadorDeVenda`);
    await page.getByTestId('rec-buscar').click();
    await page.getByTestId('rec-clientes').getByRole('cell', { name: 'Ana Paula Ribeiro' }).waitFor();
    expect(await page.getByTestId('rec-encontrados').textContent()).toBe('1 cliente encontrado; 1 com telefone recebe a campanha.');
    await page.getByTestId('rec-nome').fill('Saudade de você');
    await escolherOpcao(page, 'rec-cupom', 'VOLTA10 — Volta, cliente');
    await page.getByTestId('rec-enviar').click();
    const linha = page.getByTestId('rec-campanha').filter({ hasText: 'Saudade de você' });
    await linha.waitFor();
    expect(await linha.textContent()).toContain('VOLTA10');
    await expect.poll(() => dublê.recebidos.filter((p) => p.corpo.to === '5511998123401').length, { timeout: 20_000 }).toBe(1);
    expect(dublê.recebidos.find((p) => p.corpo.to === '5511998123401')!.corpo.text.body).toMatch(new RegExp(`^Oi Ana, sentimos sua falta! São 33 dias sem o seu pedido\\. Use o cupom VOLTA10 e ganhe 10% até ${fimCampanha}\\. `));
    await fotografar(page, 'recuperador-de-venda');
  });
});
