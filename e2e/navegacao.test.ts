import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectPath, signIn } from './support/app.ts';
import { openBrowser } from './support/browser.ts';
import { useServerAndBrowser } from './support/fixture.ts';

// Rules of SPEC.md §2–§9 that only a real browser shows: scrolling, sizes on screen, where things appear.
const ctx = useServerAndBrowser();

const rolagem = (page: Page) => page.evaluate(() => window.scrollY);

/** Finds a screen with the menu's search (its area may be closed) and clicks it. */
async function abrirPeloMenu(page: Page, rotulo: string, tela: string) {
  await page.getByTestId('menu-busca').fill(rotulo);
  await page.getByTestId(`menu-tela-${tela}`).click();
}

describe('what scrolls to the top (SPEC.md §2, docs/decisions/0011)', () => {
  it('sorting and the form drawer keep the place; another screen starts at the top', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1280, height: 320 });
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/pessoa`);
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBeGreaterThan(1);
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => rolagem(page)).toBe(150);
    // Clicks as events: Playwright's own click would first scroll the element into view.
    const clicar = (testId: string) => page.getByTestId(testId).first().dispatchEvent('click');

    await clicar('recurso-coluna-nome');
    await expect.poll(() => new URL(page.url()).searchParams.get('ordenar')).not.toBeNull();
    expect(await rolagem(page)).toBe(150);

    await clicar('recurso-acao-editar');
    await expect.poll(() => new URL(page.url()).searchParams.get('editar')).not.toBeNull();
    await page.getByTestId('recurso-form').waitFor();
    expect(await rolagem(page)).toBe(150);
    await clicar('recurso-cancelar');
    await expect.poll(() => new URL(page.url()).searchParams.get('editar')).toBeNull();
    expect(await rolagem(page)).toBe(150);

    await clicar('menu-tela-unidadeMedida');
    await expectPath(page, '/unidadeMedida');
    await expect.poll(() => rolagem(page)).toBe(0);
  });
});

describe('sizes of SPEC.md §9 on screen', () => {
  it('a checkbox is a 40 px square with its box at half, and a click anywhere in the square ticks it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/relatoriosCriados`);
    const caixa = page.getByTestId('criado-coluna-canal');
    await caixa.waitFor();
    const antes = await caixa.isChecked();
    const medir = () =>
      caixa.evaluate((input) => {
        const r = input.getBoundingClientRect();
        const inner = input.closest('.mantine-Checkbox-inner')!.getBoundingClientRect();
        const s = getComputedStyle(input.closest('.mantine-Checkbox-inner')!);
        return { caixa: r.width, x: inner.left - parseFloat(s.marginLeft), y: inner.top - parseFloat(s.marginTop), lado: inner.width + parseFloat(s.marginLeft) + parseFloat(s.marginRight) };
      });
    // The page moves once after it shows: on a wide screen the side menu opens, and the saved reports arrive beside
    // the builder. Measure the box once both are there.
    await expect.poll(async () => {
      const menu = await page.locator('.mantine-AppShell-navbar').boundingBox();
      // Fully open: its slide (and the page's shift beside it) ended.
      return menu?.x === 0;
    }).toBe(true);
    await page.getByTestId('criado-lista').waitFor();
    const quadrado = await medir();
    expect(quadrado.caixa).toBe(20);
    expect(quadrado.lado).toBe(40);
    // The square's top-left corner, outside the drawn box.
    await page.mouse.click(quadrado.x + 3, quadrado.y + 3);
    await expect.poll(() => caixa.isChecked()).toBe(!antes);
  });

  it('breakpoint md 1024 px: the menu is open by default from there up, closed below', async () => {
    const { page } = ctx.browser;
    const menuAberto = async () => {
      const caixa = await page.getByTestId('menu-lateral').boundingBox();
      return Boolean(caixa && caixa.x + caixa.width > 0);
    };
    await page.setViewportSize({ width: 1024, height: 700 });
    await signIn(page, ctx.server.url);
    await expect.poll(menuAberto).toBe(true);
    await page.setViewportSize({ width: 1023, height: 700 });
    await page.reload();
    await page.getByTestId('empresa-ativa').waitFor();
    await expect.poll(menuAberto).toBe(false);
  });
});

describe('employees and delivery people (SPEC.md §3, §6, §7)', () => {
  it('are loaded with the configuration: counted in the context panel, a delivery person added shows after a reload', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.getByTestId('contexto-toggle').click();
    // The demo's administrator and cashier, both with a person; no delivery person yet.
    await expect.poll(() => page.getByTestId('painel-equipe').textContent()).toBe('Equipe: funcionários 2, entregadores 0.');

    const criado = await page.evaluate(async () => {
      const post = async (url: string, body: unknown) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      const sessao = (await (await fetch('/api/sessao')).json()).data;
      const perfil = (await post('/api/acessoSistema/getPopulate', {})).data[0]._id;
      const pessoa = (await post('/api/pessoa', { nome: 'Bruno Entregador', funcionario: true })).data._id;
      const usuario = { nome: 'Bruno Entregador', login: 'bruno.moto', atribuicaoSistema: 'Motoboy', acessoSistema: perfil, empresas: [sessao.empresa._id], pessoa, senha: 'moto12345' };
      return (await post('/api/usuario', usuario)).valido;
    });
    expect(criado).toBe(true);
    await page.reload();
    await page.getByTestId('contexto-toggle').click();
    await expect.poll(() => page.getByTestId('painel-equipe').textContent()).toBe('Equipe: funcionários 3, entregadores 1.');
  });

  it('a failed load says so at the bottom of the window (notifications: bottom, SPEC.md §8 message) and leaves the list empty', async () => {
    const { page } = ctx.browser;
    await page.route('**/api/getUsuario', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ valido: false, data: { message: 'Erro interno.' } }) }));
    await signIn(page, ctx.server.url);
    const aviso = page.locator('.mantine-Notification-root').filter({ hasText: 'Falha de comunicação!' });
    await aviso.waitFor();
    const caixa = (await aviso.boundingBox())!;
    const janela = page.viewportSize()!;
    expect(janela.height - (caixa.y + caixa.height)).toBeLessThan(60);
    expect(Math.abs(caixa.x + caixa.width / 2 - janela.width / 2)).toBeLessThan(2);
    await page.getByTestId('contexto-toggle').click();
    await expect.poll(() => page.getByTestId('painel-equipe').textContent()).toBe('Equipe: funcionários 0, entregadores 0.');
  });
});

describe('a screen whose code fails to load (SPEC.md §8)', () => {
  it('shows the error page; a load left for another screen shows nothing', async () => {
    // Without the service worker, which would serve the page's code from its cache.
    const navegador = await openBrowser({ serviceWorkers: 'block' });
    try {
      const { page } = navegador;
      await signIn(page, ctx.server.url);
      await page.route(/\/assets\/UsuariosPage-[^/]+\.js$/, (route) => route.abort());
      await abrirPeloMenu(page, 'Usuários', 'usuarios');
      await page.getByTestId('erro-rota').waitFor();

      await page.goto(`${ctx.server.url}/`);
      await page.getByTestId('empresa-ativa').waitFor();
      let parada: Route | null = null;
      await page.route(/\/assets\/RelatoriosCriadosPage-[^/]+\.js$/, (route) => void (parada = route));
      await abrirPeloMenu(page, 'Relatórios criados', 'relatoriosCriados');
      await expect.poll(() => parada !== null).toBe(true);
      await abrirPeloMenu(page, 'Unidades de medida', 'unidadeMedida');
      await expectPath(page, '/unidadeMedida');
      await page.getByTestId('recurso-lista').waitFor();
      await parada!.abort();
      // Whatever the failed load could still do, it would have done by the next round trip to the server.
      await page.evaluate(() => fetch('/api/sessao'));
      expect(await page.getByTestId('erro-rota').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/unidadeMedida');
    } finally {
      await navegador.close();
    }
  });
});
