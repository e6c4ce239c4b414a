import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('correcaoProdutos', () => {
  it('lists a product without NCM nor price, filters by kind and opens the product to fix it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    // Made through the API with the page's own session cookie.
    const api = apiDaPagina(page, ctx.server.url);
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
    const api = apiDaPagina(page, ctx.server.url);
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

describe('correcaoProdutos: bulk edit', () => {
  it('ticks products, previews the new NCM, applies it and undoes it from the history', async () => {
    const { page } = ctx.browser;
    const api = async (metodo: 'get' | 'post', url: string, body?: unknown) => (await (await page.request[metodo](`${ctx.server.url}/api/${url}`, body === undefined ? {} : { data: body })).json()).data;
    const un = await api('post', 'unidadeMedida', { sigla: 'LT', descricao: 'Litro' });
    const sucos = [];
    for (const descricao of ['Suco de laranja em lote', 'Suco de uva em lote']) {
      const pg = await api('post', 'produtoGeral', { descricao, unidade: un._id });
      await api('post', 'produtoGeralEmpresa', { produtoGeral: pg._id, preco: 1200 });
      sucos.push(pg);
    }
    await page.goto(`${ctx.server.url}/correcaoProdutos?tipo=semNcm`);
    await page.getByTestId('correcao-tabela').waitFor();
    expect(await page.getByText('ainda não está disponível').count()).toBe(0);
    for (const s of sucos) await page.getByTestId('correcao-linha').filter({ hasText: s.descricao }).getByTestId('correcao-marcar').click();
    expect(await page.getByTestId('edicao-alcance').textContent()).toContain('2 produtos marcados');
    await page.getByTestId('edicao-valor').fill('2009.89.90');
    await page.getByTestId('edicao-previa').click();
    await expect.poll(() => page.getByTestId('edicao-previa-linha').count()).toBe(2);
    const previa = await page.getByTestId('edicao-previa-tabela').textContent();
    expect(previa).toContain('Suco de laranja em lote');
    expect(previa).toContain('(vazio)');
    expect(previa).toContain('20098990');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/correcao-produtos-previa.png`, fullPage: true });

    await page.getByTestId('edicao-aplicar').click();
    const lote = page.getByTestId('lote-linha').filter({ hasText: 'NCM: 20098990' });
    await lote.waitFor();
    expect(await lote.textContent()).toContain('Administrador Demonstração');
    await expect.poll(() => page.getByTestId('correcao-linha').filter({ hasText: 'em lote' }).count()).toBe(0);
    expect((await api('get', `produtoGeral/${sucos[0]!._id}`)).ncm).toBe('20098990');

    await lote.getByTestId('lote-ver-itens').click();
    expect(await page.getByTestId('lote-itens').textContent()).toContain('Suco de uva em lote(vazio)20098990');
    await lote.getByTestId('lote-desfazer').click();
    await page.getByTestId('lote-confirmar-desfazer').click();
    await lote.getByTestId('lote-desfeito').waitFor();
    await expect.poll(() => page.getByTestId('correcao-linha').filter({ hasText: 'em lote' }).count()).toBe(2);
    expect((await api('get', `produtoGeral/${sucos[1]!._id}`)).ncm).toBeNull();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/correcao-produtos-lotes.png`, fullPage: true });

    // Every product matching a search: + 10% on the price, a product the company does not sell refused.
    await api('post', 'produtoGeral', { descricao: 'Suco de caju em lote', unidade: un._id });
    await page.getByTestId('edicao-alcance').getByText('Todos que correspondem à busca').click();
    await page.getByTestId('edicao-busca').fill('em lote');
    await page.getByTestId('edicao-campo').click();
    await page.getByRole('option', { name: 'Preço (nesta empresa)' }).click();
    await page.getByTestId('edicao-modo').getByText('+ %').click();
    await page.getByTestId('edicao-valor').fill('10');
    await page.getByTestId('edicao-previa').click();
    await expect.poll(() => page.getByTestId('edicao-previa-linha').count()).toBe(2);
    expect(await page.getByTestId('edicao-previa-linha').first().textContent()).toContain('R$ 12,00R$ 13,20');
    expect(await page.getByTestId('edicao-recusado').textContent()).toContain('Suco de caju em lote: Não é vendido nesta empresa');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/correcao-produtos-previa-preco.png`, fullPage: true });
  });
});
