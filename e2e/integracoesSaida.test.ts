import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/**
 * Issue 17's outbound pieces on screen: an SMS provider's token section and its Testar answer (no token yet:
 * the server's 409 in Portuguese), the store's status with what the marketplace heard (here a marketplace
 * that is down: waiting for a retry, with the error), and an iFood integration's OAuth client section.
 */
describe('integrations: SMS provider, store status told to the marketplace, iFood OAuth', () => {
  it('shows each with its state', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const sms = await api<{ _id: string }>(page, 'provedorOTP', { descricao: 'SMS da rede', canal: 'SMS', remetenteSms: 'Demo' });
    await page.goto(`${ctx.server.url}/provedorOTP`);
    await page.getByTestId('otp-destino').fill('(11) 98765-4321');
    await page.getByTestId('otp-enviar').click();
    await expect.poll(() => page.getByTestId('otp-resultado').textContent()).toContain('defina o token do provedor de SMS');
    await fotografar(page, 'provedorOTP-sms-testar');
    await page.goto(`${ctx.server.url}/provedorOTP?editar=${sms._id}`);
    await page.getByTestId('otp-token-sms').waitFor();
    // The token is set on the form and only its date comes back.
    await page.getByTestId('otp-token-valor').fill('token-do-gateway-sms-123');
    await page.getByTestId('otp-token-sms').getByRole('button').click();
    await page.getByTestId('otp-token-sms').getByText(/Definido em|definido em/).waitFor();
    expect(await page.getByTestId('otp-token-valor').inputValue()).toBe('');
    await fotografar(page, 'provedorOTP-sms-token');

    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'App genérico', tipo: 'PDV' });
    const forma = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'App (pago no app)', tipo: 'Outros' });
    // A marketplace that is down (a closed port): the status waits for its retry and says why.
    const generica = await api<{ _id: string }>(page, 'appIntegracaoDelivery', { descricao: 'App de entregas da região', provedor: 'Genérico', merchantId: `regiao-${Date.now()}`, terminal: terminal._id, formaPagamento: forma._id, situacaoLoja: 'Aberta', urlApi: 'http://127.0.0.1:9/api' });
    expect((await page.request.post(`${ctx.server.url}/api/appIntegracaoDelivery/${generica._id}/loja`, { data: { situacao: 'Pausada', motivo: 'Chuva forte', minutos: 30 } })).status()).toBe(200);
    const ifood = await api<{ _id: string }>(page, 'appIntegracaoDelivery', { descricao: 'iFood Loja Centro', provedor: 'iFood', merchantId: `centro-${Date.now()}`, terminal: terminal._id, formaPagamento: forma._id, situacaoLoja: 'Fechada' });
    expect((await page.request.post(`${ctx.server.url}/api/appIntegracaoDelivery/${ifood._id}/loja`, { data: { situacao: 'Aberta' } })).status()).toBe(200);
    await page.goto(`${ctx.server.url}/appIntegracaoDelivery`);
    await expect.poll(() => page.getByTestId('delivery-loja-aviso').allTextContents(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringContaining('Aguardando reenvio ao marketplace: Pausada')]));
    await fotografar(page, 'appIntegracaoDelivery-situacao-avisada');
    await page.goto(`${ctx.server.url}/appIntegracaoDelivery?editar=${ifood._id}`);
    await page.getByTestId('delivery-oauth').waitFor();
    await fotografar(page, 'appIntegracaoDelivery-ifood-oauth');
  });
});
