import { describe, expect, it } from 'vitest';
import { mensagens } from '@retaguarda/domain';
import { demo, expectPath, signIn, vizinho } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser();

describe('sign-in and session', () => {
  it('signs in with the demonstration login and reaches the index of the active company', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await expectPath(page, '/');
    await expect.poll(() => page.getByTestId('empresa-ativa').textContent()).toContain('Restaurante Demonstração Centro');
    const cookies = await ctx.browser.context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'retaguarda_sessao');
    expect(session?.httpOnly).toBe(true);
    // Local storage keeps the profile, group and company, never a secret.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain('Grupo Demonstração');
    expect(stored).not.toContain(demo.senha);
    expect(stored).not.toContain(session!.value);
  });

  it('refuses a wrong password with a Portuguese message and stays on /login', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/login`);
    await page.getByTestId('login-usuario').fill(demo.login);
    await page.getByTestId('login-senha').fill('senha-errada1');
    await page.getByTestId('login-entrar').click();
    await expect.poll(() => page.getByText('Login ou senha inválidos.').count()).toBeGreaterThan(0);
    await expectPath(page, '/login');
  });

  it('sends a direct visit to a screen without a session to /login', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/estoqueInventario`);
    await expectPath(page, '/login');
    await expect.poll(() => page.title()).toBe('Login');
  });

  it('keeps the session across a reload from local storage and shows the screen by name', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/pessoa`);
    await page.reload();
    await expectPath(page, '/pessoa');
    await expect.poll(() => page.title()).toBe('pessoa');
    await expect.poll(() => page.getByTestId('recurso-titulo').textContent()).toBe('Pessoas');
    // The list loaded with the restored session (the default customer is always there).
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBeGreaterThan(0);
  });

  it('signs out from the user menu and the screens ask for login again', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.getByTestId('menu-usuario').click();
    await page.getByTestId('sair').click();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.length === 0 || !Object.keys(localStorage).some((k) => /usuario/i.test(k)))).toBe(true);
    await page.goto(`${ctx.server.url}/pessoa`);
    await expectPath(page, '/login');
  });

  it('changes the password from the user menu: a wrong current one is refused, the new one signs in', async () => {
    const { page } = ctx.browser;
    // The Vizinho administrator, so the other tests keep the demo password.
    await signIn(page, ctx.server.url, vizinho);
    await page.getByTestId('menu-usuario').click();
    await page.getByTestId('alterar-senha').click();
    await page.getByTestId('senha-atual').fill('naoEhEssa1');
    await page.getByTestId('senha-nova').fill('trocada2026');
    await page.getByTestId('senha-confirmacao').fill('trocada2026');
    await page.getByTestId('senha-salvar').click();
    await expect.poll(() => page.getByTestId('alterar-senha-dialogo-erro').textContent()).toContain(mensagens.senhaAtualIncorreta);

    await page.getByTestId('senha-atual').fill(vizinho.senha);
    await page.getByTestId('senha-salvar').click();
    await expect.poll(() => page.getByText(mensagens.senhaAlterada).count()).toBeGreaterThan(0);
    await page.getByTestId('menu-usuario').click();
    await page.getByTestId('sair').click();
    await expectPath(page, '/login');
    await signIn(page, ctx.server.url, { login: vizinho.login, senha: 'trocada2026' });
    await expect.poll(() => page.getByTestId('empresa-ativa').textContent()).toContain('Vizinho');
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/caminho-que-nao-existe`);
    await expect.poll(() => page.getByTestId('nao-encontrado').count()).toBe(1);
  });
});
