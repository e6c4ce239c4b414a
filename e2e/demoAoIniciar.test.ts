import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { esperarAte } from '../packages/server/test/espera.ts';
import { api, demo } from './support/app.ts';
import { fecharChromium, openBrowser, type Browser } from './support/browser.ts';
import { fotografar } from './support/foto.ts';
import { relatarFalha } from './support/falha.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { br, diaNaLoja } from './support/vendasDemo.ts';

/**
 * The server's start with the living demonstration on, for a short period (yesterday and today), as
 * `npm start` on a fresh clone: an empty DATA_DIR of the embedded database, which it migrates and seeds
 * before listening and then fills (the other browser test files start from the run's seeded model). Before
 * 15:00 in the stores, DEMO_AGORA makes today's lunch already sold, so the check holds at any hour.
 */
const state = {} as { server: RunningServer; browser: Browser };
const hoje = diaNaLoja(0);
const tarde = Date.parse(`${hoje}T15:00:00-03:00`);
beforeAll(async () => {
  state.server = await startServer({ DEMO_VENDAS: '1', DEMO_DIAS: '1', ...(Date.now() < tarde ? { DEMO_AGORA: new Date(tarde).toISOString() } : {}) });
  state.browser = await openBrowser();
}, 180_000);
afterAll(async () => {
  await state.browser?.close();
  await fecharChromium();
  await state.server?.stop();
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && state.browser) await relatarFalha(state.browser.page, task.name, state.server?.output());
});

const pronto = () => /\[demo\] pronto/.test(state.server.output());

describe('first start with the living demonstration (DEMO_VENDAS)', () => {
  it("listens before the fill ends, says so on the dashboard while filling, then shows today's sales", async () => {
    const { page } = state.browser;
    await esperarAte(() => /\[demo\] preenchendo a demonstração: 2 loja\(s\), o último dia e hoje até agora/.test(state.server.output()), 30_000, 'o servidor começar a preencher');
    // Signing in waits its turn between the fill's transactions (the embedded database has one connection): a longer limit on a busy machine.
    await page.goto(`${state.server.url}/login`);
    await page.getByTestId('login-usuario').fill(demo.login);
    await page.getByTestId('login-senha').fill(demo.senha);
    await page.getByTestId('login-senha').press('Enter');
    await page.getByTestId('empresa-ativa').waitFor({ timeout: 120_000 });
    await page.goto(`${state.server.url}/dashboardDefault`);
    await page.getByTestId('dashboard-data').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('dashboard-data').inputValue()).toBe(br(hoje));
    // While the server still fills, the notice says how many days are ready (unless it already ended).
    await esperarAte(async () => pronto() || (await page.getByTestId('aviso-demo').isVisible()), 60_000, 'o aviso de demonstração ou o fim do preenchimento', 200);
    if (!pronto()) {
      expect(await page.getByTestId('aviso-demo').textContent()).toMatch(/Gerando os dados de demonstração.*de 2 dias já prontos/);
      // A plain picture: the page is never network-idle while the notice polls and the dashboard is asked again.
      if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/demo-preenchendo.png` });
    }
    await esperarAte(async () => pronto(), 240_000, 'o preenchimento da demonstração terminar', 500);
    // Without a reload: the notice goes and the day's figures are asked again.
    await page.getByTestId('aviso-demo').waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => page.getByTestId('dashboard-faturamento-valor').textContent(), { timeout: 30_000 }).toMatch(/^R\$ (?!0,00)[\d.]+,\d{2}$/);
    expect(await page.getByTestId('dashboard-vazio').count()).toBe(0);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/demo-dashboard-hoje.png`, fullPage: true });
  }, 360_000);

  it('every demo store has prices with taxes, a published menu, combos and promotions in force', async () => {
    const { page } = state.browser;
    for (const [n, loja] of ['Restaurante Demonstração Centro', 'Restaurante Demonstração Shopping'].entries()) {
      if (n > 0) {
        await page.getByTestId('troca-empresa').click();
        await page.getByRole('option', { name: loja }).click();
      }
      await expect.poll(() => page.getByTestId('troca-empresa').inputValue(), { timeout: 30_000 }).toBe(loja);
      // The store's price list: the breakfast product at its price, with its state tax configuration.
      await page.goto(`${state.server.url}/produtoGeralEmpresa`);
      await page.getByTestId('recurso-busca').fill('Pão de queijo');
      const linha = page.getByTestId('recurso-linha').filter({ hasText: 'Pão de queijo' });
      await expect.poll(() => linha.count(), { timeout: 30_000 }).toBe(1);
      expect(await linha.textContent()).toMatch(/R\$ 6,90.*Simples Nacional – tributado/);
      await fotografar(page, `demo-precos-loja-${n + 1}`);

      // The published menu as the customer sees it, with the store's prices.
      const [cardapio] = await api<{ _id: string; situacao: string }[]>(page, 'cardapio/getPopulate', { filtro: { lixo: false, busca: 'Cardápio da casa' }, limit: 10, skip: 0 });
      expect(cardapio?.situacao).toBe('Publicado');
      await page.goto(`${state.server.url}/criarCardapio?cardapio=${cardapio!._id}`);
      await expect.poll(() => page.getByTestId('cardapio-situacao').textContent(), { timeout: 30_000 }).toContain('Versão 1 publicada');
      await page.getByTestId('cardapio-visao').getByText('Publicado').click();
      await expect.poll(() => page.getByTestId('vitrine-item-Pão de queijo').textContent(), { timeout: 30_000 }).toContain('R$ 6,90');
      expect(await page.getByTestId('vitrine-item-Filé à parmegiana').textContent()).toContain('R$ 54,90');
      await fotografar(page, `demo-cardapio-loja-${n + 1}`);

      await page.goto(`${state.server.url}/produtoCombo`);
      await expect.poll(() => page.getByTestId('recurso-linha').filter({ hasText: 'Combo Xis + bebida' }).count(), { timeout: 30_000 }).toBe(1);
      await page.goto(`${state.server.url}/produtoPromocao`);
      await expect.poll(() => page.getByTestId('recurso-linha').filter({ hasText: 'Happy hour' }).count(), { timeout: 30_000 }).toBe(1);
      await fotografar(page, `demo-promocoes-loja-${n + 1}`);
    }
  }, 240_000);

  it("the store's stock screens show a count approved with its differences, one open, and production orders of the dough", async () => {
    const { page } = state.browser;
    await page.goto(`${state.server.url}/estoqueInventario`);
    const contagens = page.getByTestId('inventario-lista');
    await expect.poll(() => contagens.textContent(), { timeout: 30_000 }).toContain('Contagem semanal da cozinha');
    expect(await contagens.textContent()).toMatch(/Inventário mensal do estoque principal.*Aberto|Aberto.*Inventário mensal do estoque principal/s);
    await fotografar(page, 'demo-inventarios');
    await contagens.getByText('Contagem semanal da cozinha').click();
    await page.getByTestId('inventario-detalhe').waitFor();
    expect(await page.getByTestId('inventario-status-detalhe').textContent()).toBe('Aprovado');
    await expect.poll(() => page.getByTestId('inventario-linha').filter({ has: page.getByText('Tomate', { exact: true }) }).textContent()).toMatch(/-0,35/);
    await fotografar(page, 'demo-inventario-aprovado');

    await page.goto(`${state.server.url}/estoqueProducaoProdutos`);
    const ordens = page.getByTestId('producao-lista');
    await expect.poll(() => ordens.getByTestId('producao-lista-status').allTextContents(), { timeout: 30_000 }).toEqual(expect.arrayContaining(['Finalizada', 'Planejada']));
    expect(await ordens.textContent()).toContain('Massa de pizza');
    await fotografar(page, 'demo-producao');
  }, 120_000);
});
