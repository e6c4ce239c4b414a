import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('correcaoProdutos', () => {
  it('lists a product without NCM nor price, filters by kind and opens the product to fix it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    // Made through the API with the page's own session cookie.
    const api = async (url: string, body: unknown) => (await (await page.request.post(`${ctx.server.url}/api/${url}`, { data: body })).json()).data;
    const un = await api('unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const produto = await api('produtoGeral', { descricao: 'Coxinha sem NCM', unidade: un._id });
    await page.goto(`${ctx.server.url}/correcaoProdutos`);
    await page.getByTestId('correcao-tabela').waitFor();
    expect(await page.getByTestId('correcao-resumo-semNcm').textContent()).toContain('1');
    const linha = page.getByTestId('correcao-linha').filter({ hasText: 'Coxinha sem NCM' });
    expect(await linha.textContent()).toContain('Sem preço nesta empresa');
    await page.getByTestId('correcao-resumo-semNcm').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tipo')).toBe('semNcm');
    await linha.getByRole('link', { name: 'Corrigir' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/produtoGeral?editar=${produto._id}`);
    await page.getByTestId('recurso-form').waitFor();
    if (process.env.SCREENSHOTS_DIR) {
      await page.goto(`${ctx.server.url}/correcaoProdutos`);
      await page.getByTestId('correcao-tabela').waitFor();
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/correcao-produtos.png`, fullPage: true });
    }
  });
});
