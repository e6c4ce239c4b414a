import { describe, expect, it } from 'vitest';
import { mensagens } from '@retaguarda/domain';
import { expectPath, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('password recovery', () => {
  it('e-mails a one-time link that sets a new password', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/login`);
    await page.getByText('Esqueci minha senha').click();
    await expectPath(page, '/recuperarSenha');
    await page.getByTestId('recuperar-email').fill('admin@demo.com.br');
    await page.getByTestId('recuperar-enviar').click();
    await expect.poll(() => page.getByText(mensagens.recuperacaoEnviada).count()).toBeGreaterThan(0);

    // Without SMTP the message is printed to the server log.
    let link = '';
    await expect
      .poll(() => (link = ctx.server.output().match(/https?:\/\/\S+\/alterarSenha\/[A-Za-z0-9_-]+/)?.[0] ?? ''))
      .not.toBe('');

    await page.goto(link);
    await page.getByTestId('nova-senha').fill('novaSenha123');
    await page.getByTestId('confirmar-senha').fill('novaSenha123');
    await page.getByTestId('alterar-senha-salvar').click();
    await expect.poll(() => page.getByText(mensagens.senhaAlterada).count()).toBeGreaterThan(0);

    await signIn(page, ctx.server.url, { login: 'admin@demo.com.br', senha: 'novaSenha123' });
    await expectPath(page, '/');

    // The link works once.
    const second = await fetch(`${ctx.server.url}/api/alterarSenha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chave: link.split('/').pop(), senha: 'outraSenha456' }),
    });
    expect(second.status).toBe(400);
    expect((await second.json()).data.message).toBe(mensagens.chaveInvalida);
  });
});
