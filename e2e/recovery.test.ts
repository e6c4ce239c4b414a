import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagens } from '@retaguarda/domain';
import { openBrowser, type Browser } from './support/browser.ts';
import { expectPath, signIn } from './support/app.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('password recovery', () => {
  it('e-mails a one-time link that sets a new password', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await page.getByText('Esqueci minha senha').click();
    await expectPath(page, '/recuperarSenha');
    await page.getByTestId('recuperar-email').fill('admin@demo.com.br');
    await page.getByTestId('recuperar-enviar').click();
    await expect.poll(() => page.getByText(mensagens.recuperacaoEnviada).count()).toBeGreaterThan(0);

    // Without SMTP the message is printed to the server log.
    let link = '';
    await expect
      .poll(() => (link = server.output().match(/https?:\/\/\S+\/alterarSenha\/[A-Za-z0-9_-]+/)?.[0] ?? ''))
      .not.toBe('');

    await page.goto(link);
    await page.getByTestId('nova-senha').fill('novaSenha123');
    await page.getByTestId('confirmar-senha').fill('novaSenha123');
    await page.getByTestId('alterar-senha-salvar').click();
    await expect.poll(() => page.getByText(mensagens.senhaAlterada).count()).toBeGreaterThan(0);

    await signIn(page, server.url, { login: 'admin@demo.com.br', senha: 'novaSenha123' });
    await expectPath(page, '/');

    // The link works once.
    const second = await fetch(`${server.url}/api/alterarSenha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chave: link.split('/').pop(), senha: 'outraSenha456' }),
    });
    expect(second.status).toBe(400);
    expect((await second.json()).data.message).toBe(mensagens.chaveInvalida);
  });
});
