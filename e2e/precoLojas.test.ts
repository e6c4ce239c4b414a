import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolher, salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

/**
 * Issue 13, "A product's price in one step": the product form prices two stores in one save, and
 * Produtos da empresa of each store shows the price. One server and one browser for the file.
 */
const ctx = useServerAndBrowser({ browser: 'per-file' });
const CENTRO = 'Restaurante Demonstração Centro';
const SHOPPING = 'Restaurante Demonstração Shopping';
const PRODUTO = 'Pizza portuguesa grande';

type Caixa = { x: number; y: number; width: number; height: number };
const sobrepoe = (a: Caixa, b: Caixa) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The field is shown above the drawer's footer (Salvar), not under it, once scrolled to. */
async function acimaDoRodape(page: Page, campo: Locator) {
  await campo.scrollIntoViewIfNeeded();
  const rodape = (await page.getByTestId('recurso-form-rodape').boundingBox())!;
  const caixa = (await campo.boundingBox())!;
  expect(sobrepoe(caixa, rodape), 'o rodapé cobre o campo').toBe(false);
}

/** The price Produtos da empresa lists for the product in the active store. */
async function precoNaLista(page: Page): Promise<string> {
  await page.goto(`${ctx.server.url}/produtoGeralEmpresa`);
  await page.getByTestId('recurso-busca').fill('portuguesa');
  const linha = page.getByTestId('recurso-linha').filter({ hasText: PRODUTO });
  await expect.poll(() => linha.count()).toBe(1);
  return (await linha.textContent()) ?? '';
}

describe('Preço nas lojas on the product form (issue 13)', () => {
  it('the product form prices two stores in one save', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await api(page, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    // Centro's own ICMS configuration: the section offers each store its own.
    await api(page, 'configuracaoImposto', { descricao: 'Tributado 18% Centro', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });

    await page.goto(`${ctx.server.url}/produtoGeral?novo=1`);
    await page.getByTestId('campo-descricao').fill(PRODUTO);
    await escolher(page, 'unidade', 'Unidade', 'Unidade');
    const secao = page.getByTestId('preco-lojas');
    await secao.getByLabel('Escolher lojas').check();
    await secao.getByLabel(CENTRO).check();
    await secao.getByLabel(SHOPPING).check();
    await page.getByTestId('campo-lojas.preco').fill('59,90');
    const impostosCentro = page.locator(`[data-testid="preco-lojas-impostos"][data-loja="${CENTRO}"]`);
    await impostosCentro.getByTestId('preco-lojas-configuracaoImposto').click();
    await page.getByRole('option', { name: 'Tributado 18% Centro' }).click();
    // Shopping has no configuration of its own: its picker says so instead of offering Centro's.
    const impostosShopping = page.locator(`[data-testid="preco-lojas-impostos"][data-loja="${SHOPPING}"]`);
    expect(await impostosShopping.getByTestId('preco-lojas-configuracaoImposto').getAttribute('placeholder')).toBe('Nenhuma configuração cadastrada nesta loja');

    for (const [largura, altura] of [[1440, 900], [390, 844]] as const) {
      await page.setViewportSize({ width: largura, height: altura });
      await acimaDoRodape(page, page.getByTestId('campo-lojas.preco'));
      await acimaDoRodape(page, impostosShopping.getByTestId('preco-lojas-impostoFederal'));
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await fotografar(page, 'preco-lojas-form', [[1440, 900], [390, 844]]);
    await salvarFormulario(page);

    // The product shows where it is sold and at what price.
    await page.getByTestId('recurso-busca').fill('portuguesa');
    await page.getByTestId('recurso-linha').filter({ hasText: PRODUTO }).dblclick();
    const ondeVende = page.getByTestId('onde-vende-linha');
    await expect.poll(() => ondeVende.count()).toBe(2);
    for (const loja of [CENTRO, SHOPPING]) expect(await page.locator(`[data-testid="onde-vende-linha"][data-loja="${loja}"]`).textContent()).toContain('R$ 59,90');
    await fotografar(page, 'preco-lojas-onde-vende', [[1440, 900], [390, 844]]);

    // Its link opens that store's company product, switching to the store first.
    await page.getByRole('button', { name: `Abrir em Produtos da empresa de ${SHOPPING}` }).click();
    await expect.poll(() => page.getByTestId('troca-empresa').inputValue()).toBe(SHOPPING);
    await expect.poll(() => page.getByTestId('campo-preco').inputValue()).toBe('59,90');
    await page.getByTestId('recurso-cancelar').click();

    // Produtos da empresa of each store has it at that price.
    expect(await precoNaLista(page)).toMatch(/R\$\s?59,90/);
    await page.getByTestId('troca-empresa').click();
    await page.getByRole('option', { name: CENTRO }).click();
    await expect.poll(() => page.getByTestId('troca-empresa').inputValue()).toBe(CENTRO);
    expect(await precoNaLista(page)).toMatch(/R\$\s?59,90/);
  });
});
