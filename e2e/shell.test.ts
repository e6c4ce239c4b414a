import { describe, expect, it } from 'vitest';
import { expectPath, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser();

describe('application shell', () => {
  it('switching the company reloads the visible screen from the server', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const empresa = page.getByTestId('empresa-ativa');
    await expect.poll(() => empresa.textContent()).toContain('Restaurante Demonstração Centro');
    const reloads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/sessao' && request.method() === 'GET') reloads.push(request.url());
    });
    await page.getByTestId('troca-empresa').click();
    await page.getByRole('option', { name: 'Restaurante Demonstração Shopping' }).click();
    await expect.poll(() => empresa.textContent()).toContain('Restaurante Demonstração Shopping');
    expect(reloads.length).toBeGreaterThan(0);
    // The server holds the company too: a reload shows the same one.
    await page.reload();
    await expect.poll(() => page.getByTestId('empresa-ativa').textContent()).toContain('Restaurante Demonstração Shopping');
  });

  it("a reload of a signed-in screen shows the app's frame before its code arrives, then the screen in its place; the login page never shows it", async () => {
    const { page } = ctx.browser;
    const moldura = page.locator('#esqueleto');
    // The app's code held back until `soltar`, as on a slow network: what shows is index.html's own drawing.
    const segurarCodigo = async () => {
      let soltar = () => {};
      const solto = new Promise<void>((resolver) => (soltar = resolver));
      await page.route('**/assets/*.js', async (route) => {
        await solto;
        await route.continue();
      });
      return soltar;
    };
    await signIn(page, ctx.server.url);
    let soltar = await segurarCodigo();
    await page.goto(`${ctx.server.url}/dashboardDefault`, { waitUntil: 'commit' });
    await expect.poll(() => moldura.isVisible()).toBe(true);
    expect(await page.getByTestId('titulo-tela').count()).toBe(0);
    soltar();
    await page.getByTestId('titulo-tela').waitFor();
    expect(await moldura.count()).toBe(0);
    await page.unrouteAll({ behavior: 'wait' });

    // Signed out: the login page's first drawing has no frame of the app around it.
    await page.evaluate(() => localStorage.clear());
    soltar = await segurarCodigo();
    await page.goto(`${ctx.server.url}/dashboardDefault`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('esqueleto') !== null);
    expect(await moldura.isVisible()).toBe(false);
    soltar();
    await page.getByTestId('login-usuario').waitFor();
    expect(await moldura.count()).toBe(0);
    await page.unrouteAll({ behavior: 'wait' });
  });

  it('keeps the chosen theme after a reload', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    await page.getByTestId('tema').click();
    await page.getByTestId('tema-escuro').click();
    await expect.poll(scheme).toBe('dark');
    await page.reload();
    await page.getByTestId('empresa-ativa').waitFor();
    expect(await scheme()).toBe('dark');
  });

  it('finds a screen through the menu search and opens it with the route name as title', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.getByTestId('menu-busca').fill('emissao nota');
    const menu = page.getByTestId('menu-lateral');
    // The search keeps matching screens only, accents ignored; a built screen carries no "em breve".
    const emissao = menu.getByRole('link', { name: 'Emissão de nota fiscal', exact: true });
    await expect.poll(() => emissao.count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Pessoas', exact: true }).count()).toBe(0);
    await emissao.click();
    await expectPath(page, '/emissaoNotaFiscal');
    await expect.poll(() => page.title()).toBe('emissaoNotaFiscal');
    await page.getByTestId('emissao-nota-fiscal').waitFor();
  });
  it('Ctrl+K finds a record of any screen and opens it in its form', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.evaluate(() =>
      fetch('/api/descontoMotivo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ descricao: 'Cortesia da casa' }) }),
    );
    await page.keyboard.press('Control+K');
    await page.getByTestId('busca-rapida-campo').fill('cortesia casa');
    const item = page.getByTestId('busca-rapida-item').filter({ hasText: 'Cortesia da casa' });
    await item.waitFor();
    await item.click();
    await expectPath(page, '/descontoMotivo');
    await expect.poll(() => page.getByTestId('campo-descricao').inputValue()).toBe('Cortesia da casa');
  });
});
