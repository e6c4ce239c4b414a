import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** The last code e-mailed to `para` (without SMTP the message goes to the server's log). */
function ultimoCodigo(para: string): string {
  const trechos = ctx.server.output().split(`Para: ${para}.`);
  return trechos.length > 1 ? (/código de acesso é (\d+)/.exec(trechos.at(-1)!)?.[1] ?? '') : '';
}

describe('QR page: customer sign-in with a one-time code', () => {
  it('the manager tests the provider on its screen; a guest signs in on the table page with a code and the order carries their name to the qrCode screen', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    await api('provedorOTP', { descricao: 'Código por e-mail', canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 10, tentativas: 3, limitePorHora: 5 });

    // The provedorOTP screen's test: a code to the manager's e-mail, a wrong one refused, the right one valid.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/provedorOTP`);
    await page.getByTestId('otp-destino').fill('gerente@restaurante.com.br');
    await page.getByTestId('otp-enviar').click();
    await page.getByTestId('otp-enviado').waitFor();
    let codigo = '';
    await expect.poll(() => (codigo = ultimoCodigo('gerente@restaurante.com.br'))).not.toBe('');
    await page.getByTestId('otp-codigo').fill(codigo === '000000' ? '000001' : '000000');
    await page.getByTestId('otp-conferir').click();
    await expect.poll(() => page.getByTestId('otp-resultado').textContent()).toBe('Código recusado: Código: Código incorreto. Restam 2 tentativas.');
    await page.getByTestId('otp-codigo').fill(codigo);
    await page.getByTestId('otp-conferir').click();
    await expect.poll(() => page.getByTestId('otp-resultado').textContent()).toBe('Código válido: o cliente entraria.');
    await fotografar(page, 'provedor-otp-testar');

    const un = await api('unidadeMedida', { sigla: 'UCL', descricao: 'Unidade cliente' });
    const lanches = await api('agrupador', { descricao: 'Lanches do cliente' });
    const p = await api('produtoGeral', { descricao: 'Hambúrguer artesanal', unidade: un._id, agrupador: lanches._id, ncm: '21069090' });
    await api('produtoGeralEmpresa', { produtoGeral: p._id, preco: 3490 });
    const cardapio = await api('cardapio', { descricao: 'Cardápio do salão', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [p._id] }] });
    await api(`cardapio/${cardapio._id}/publicar`, { version: cardapio.version });
    await api('qrCode/config', { cardapio: cardapio._id, taxaServico: '10', ativo: true }, 'put');
    const mesa = await api('qrCode/mesas', { numero: 12, nome: 'Mesa 12', area: 'Salão' });

    const celular = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }).then((c) => c.newPage());
    await celular.goto(`${ctx.server.url}/q/${mesa.token}`);
    await celular.getByTestId('qr-entrar').click();
    await celular.getByTestId('qr-destino').fill('Juliana.Costa@exemplo.com.br');
    await celular.getByTestId('qr-nome').fill('Juliana Costa');
    await celular.getByTestId('qr-pedir-codigo').click();
    await expect.poll(() => celular.getByTestId('qr-codigo-enviado').textContent()).toContain('juliana.costa@exemplo.com.br');
    await expect.poll(() => (codigo = ultimoCodigo('juliana.costa@exemplo.com.br'))).not.toBe('');
    await fotografar(celular, 'qr-cliente-codigo');
    await celular.getByRole('textbox').first().click();
    await celular.keyboard.type(codigo);
    await celular.getByTestId('qr-confirmar-codigo').click();
    await expect.poll(() => celular.getByTestId('qr-cliente').textContent()).toContain('Olá, Juliana Costa!');
    await fotografar(celular, 'qr-cliente-conectado');

    await celular.getByRole('button', { name: 'Adicionar Hambúrguer artesanal' }).click();
    await celular.getByTestId('qr-confirmar-item').click();
    await celular.getByTestId('qr-ver-pedido').click();
    await celular.getByTestId('qr-enviar').click();
    // 34,90 + 10 % = 38,39.
    await expect.poll(() => celular.getByTestId('qr-aviso').textContent()).toBe('Pedido enviado à cozinha! Total R$ 38,39.');
    // Still signed in after reloading the page: the customer's cookie, not the back office's.
    await celular.reload();
    await expect.poll(() => celular.getByTestId('qr-cliente').textContent()).toContain('Juliana Costa');

    await page.goto(`${ctx.server.url}/qrCode`);
    const pedido = page.getByTestId('qr-pedido').first();
    await pedido.waitFor();
    await expect.poll(() => pedido.textContent()).toContain('Juliana Costa');
    await fotografar(page, 'qr-code-pedido-cliente');
    await celular.context().close();
  });
});
