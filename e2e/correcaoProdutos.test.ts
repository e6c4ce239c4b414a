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

describe('produtoGeralSetorEmpresa', () => {
  it('ticks products and sends them to a print sector at once', async () => {
    const { page } = ctx.browser;
    const api = async (url: string, body: unknown) => (await (await page.request.post(`${ctx.server.url}/api/${url}`, { data: body })).json()).data;
    const un = await api('unidadeMedida', { sigla: 'PC', descricao: 'Peça' });
    const impressora = await api('impressora', { descricao: 'Térmica cozinha', conexao: 'Rede', endereco: '192.168.0.50:9100' });
    await api('setorImpressao', { descricao: 'Cozinha quente', impressora: impressora._id });
    for (const descricao of ['Pastel de queijo', 'Pastel de carne']) {
      const pg = await api('produtoGeral', { descricao, unidade: un._id, ncm: '19022000' });
      await api('produtoGeralEmpresa', { produtoGeral: pg._id, preco: 900 });
    }
    await page.goto(`${ctx.server.url}/produtoGeralSetorEmpresa?busca=pastel`);
    await expect.poll(() => page.getByTestId('setores-linha').count()).toBe(2);
    await page.getByTestId('setores-todos').click();
    await page.getByTestId('setores-impressao').click();
    await page.getByRole('option', { name: 'Cozinha quente' }).click();
    await page.getByTestId('setores-aplicar').click();
    await expect.poll(() => page.getByTestId('setores-tabela').getByText('Cozinha quente').count()).toBe(2);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/setores-produtos.png`, fullPage: true });
  });
});
