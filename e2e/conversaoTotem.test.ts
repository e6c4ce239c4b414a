import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('conversaoTotem', () => {
  it("converts the company's kiosk products and shows them in the customer's preview with their price and category", async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    // Made through the API with the page's own session cookie.
    const api = apiDaPagina(page, ctx.server.url);
    const un = await api('unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const lanches = await api('agrupador', { descricao: 'Lanches do totem' });
    const xSalada = await api('produtoGeral', { descricao: 'X-Salada do totem', unidade: un._id, agrupador: lanches._id, ncm: '16025000' });
    await api('produtoGeralEmpresa', { produtoGeral: xSalada._id, preco: 2490, modosVenda: ['Totem', 'Balcão'] });
    const soSalao = await api('produtoGeral', { descricao: 'Prato só do salão', unidade: un._id });
    await api('produtoGeralEmpresa', { produtoGeral: soSalao._id, preco: 5990, modosVenda: ['Salão'] });

    await page.goto(`${ctx.server.url}/conversaoTotem`);
    await page.getByTestId('totem-previa').waitFor();
    expect(await page.getByTestId('totem-previa').textContent()).toContain('Nenhum produto no totem ainda');

    await page.getByTestId('totem-converter').click();
    await page.getByText('1 produto incluído no totem.').waitFor();
    const previa = page.getByTestId('totem-previa');
    const item = previa.locator('[data-testid^="totem-item-"]').filter({ hasText: 'X-Salada do totem' });
    await item.waitFor();
    expect(await item.textContent()).toContain('R$ 24,90');
    expect(await previa.getByRole('tab', { name: 'Lanches do totem' }).count()).toBe(1);
    expect(await previa.getByText('Prato só do salão').count()).toBe(0);

    // A second conversion finds nothing new.
    await page.getByTestId('totem-converter').click();
    await page.getByText('Nenhum produto novo: os vendidos no totem já estão nele.').waitFor();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/conversao-totem.png`, fullPage: true });
  });
});
