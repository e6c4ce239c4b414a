import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** Text as a person reads it (Intl puts a no-break space after R$). */
const texto = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

const ids: Record<string, string> = {};

describe('availability by stock', () => {
  it('a dish whose ingredient runs out shows Esgotado, greyed, in the menu builder’s preview; the stock position says why; an entry brings it back', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: the kitchen takes the sales; a pudding made of one portion of caramel sauce, counted in stock.
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'PT', descricao: 'Porção' });
    ids.cozinha = (await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Cozinha Disp E2E', baixaVendas: true }))._id;
    ids.calda = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Calda de caramelo E2E', unidade: un._id, tipoProduto: 'insumo' }))._id;
    ids.pudim = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Pudim da casa E2E', unidade: un._id }))._id;
    await api(page, 'produtoGeralEmpresa', { produtoGeral: ids.calda, preco: 0, modosVenda: [], controlaEstoque: true });
    await api(page, 'produtoGeralEmpresa', { produtoGeral: ids.pudim, preco: 1490 });
    await api(page, 'estoqueFichaTecnica', { produto: ids.pudim, rendimento: '1', itens: [{ produto: ids.calda, quantidade: '1' }] });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: ids.cozinha, itens: [{ produto: ids.calda, quantidade: '1', custoUnitario: '320' }] });
    // An optional topping, counted in stock and with none on the shelf: the option is offered greyed, the pudding is not held back.
    ids.chantilly = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Chantilly E2E', unidade: un._id, tipoProduto: 'insumo' }))._id;
    await api(page, 'produtoGeralEmpresa', { produtoGeral: ids.chantilly, preco: 0, modosVenda: [], controlaEstoque: true });
    const pudim = await api<{ version: number }>(page, `produtoGeral/${ids.pudim}`);
    await page.evaluate(
      async ([id, version, chantilly]) =>
        fetch(`/api/produtoGeral/${id}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ version, complementos: [{ nome: 'Cobertura', minimo: 0, maximo: 1, itens: [{ produto: chantilly, precoAdicional: 300 }] }] }),
        }).then((r) => (r.ok ? null : r.text().then((t) => Promise.reject(new Error(t))))),
      [ids.pudim, pudim.version, ids.chantilly] as const,
    );

    // A menu with the pudding: the preview offers it.
    await page.goto(`${ctx.server.url}/criarCardapio`);
    await page.getByTestId('cardapio-descricao').fill('Sobremesas E2E');
    await page.getByTestId('cardapio-nova-secao').fill('Sobremesas');
    await page.getByTestId('cardapio-adicionar-secao').click();
    const picker = page.getByTestId('secao-adicionar-Sobremesas');
    await picker.click();
    await picker.fill('Pudim da casa');
    await page.getByRole('option', { name: /Pudim da casa E2E/ }).click();
    const item = page.getByTestId('vitrine-item-Pudim da casa E2E');
    await item.waitFor();
    expect(await item.getAttribute('data-disponivel')).toBe('sim');
    expect(await texto(page, 'vitrine-item-Pudim da casa E2E')).toContain('R$ 14,90');
    const chantilly = item.getByTestId('vitrine-opcao-Chantilly E2E');
    await expect.poll(() => chantilly.getAttribute('data-disponivel')).toBe('nao');
    expect(await item.getByTestId('vitrine-opcao-esgotada').textContent()).toBe('Esgotado');
    await fotografar(page, 'estoque-disponibilidade-opcao');
    await page.getByTestId('cardapio-salvar').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('cardapio')).toBeTruthy();
    const menu = page.url();
    await page.getByTestId('cardapio-publicar').click();
    await expect.poll(() => page.getByTestId('cardapio-publicar').isDisabled()).toBe(true);

    // The last portion of sauce is lost: the pudding is out, and the stock position says what it lacks.
    await api(page, 'estoqueDocumento', { tipo: 'saidaManual', local: ids.cozinha, motivo: 'Perda', itens: [{ produto: ids.calda, quantidade: '1' }] });
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto`);
    const painel = page.getByTestId('estoque-indisponiveis');
    await painel.waitFor();
    expect(await painel.textContent()).toContain('1 produto aparece como Esgotado nos cardápios por falta de estoque');
    const linhas = await page.getByTestId('estoque-indisponivel').allTextContents();
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatch(/^Esgotado.*Pudim da casa E2E/);
    expect(await texto(page, 'estoque-indisponivel-falta')).toBe('Calda de caramelo E2E: uma unidade leva 1 PT, há 0 PT');
    await fotografar(page, 'estoque-disponibilidade-posicao');

    await page.goto(menu);
    await expect.poll(() => item.getAttribute('data-disponivel')).toBe('nao');
    expect(await item.getByTestId('vitrine-esgotado').textContent()).toBe('Esgotado');
    // Still on the menu, greyed: the customer sees it exists, not that it can be ordered.
    expect(await item.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale');
    await fotografar(page, 'estoque-disponibilidade-esgotado', [[1440, 900], [390, 844]]);
    // The Publicado view reads the published version live: what customers see now, the pudding Esgotado too.
    const lido = page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/cardapio\/[^/]+\/vitrine$/.test(new URL(r.url()).pathname));
    await page.getByTestId('cardapio-visao').getByText('Publicado').click();
    expect((await lido).status()).toBe(200);
    await expect.poll(() => item.getAttribute('data-disponivel')).toBe('nao');
    expect(await item.getByTestId('vitrine-esgotado').textContent()).toBe('Esgotado');
    expect(await chantilly.getAttribute('data-disponivel')).toBe('nao');
    expect(await item.getByTestId('vitrine-opcao-esgotada').textContent()).toBe('Esgotado');
    await fotografar(page, 'estoque-disponibilidade-publicado');

    // An entry brings it back, with nothing else to do.
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: ids.cozinha, itens: [{ produto: ids.calda, quantidade: '6', custoUnitario: '320' }] });
    await page.goto(menu);
    await expect.poll(() => item.getAttribute('data-disponivel')).toBe('sim');
    expect(await item.getByTestId('vitrine-esgotado').count()).toBe(0);
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto`);
    await page.getByTestId('relatorio-estoque-produto').waitFor();
    await expect.poll(() => page.getByText('Calda de caramelo E2E').first().isVisible()).toBe(true);
    expect(await page.getByTestId('estoque-indisponiveis').count()).toBe(0);
  });

  it('a product found on the shelf that the count did not freeze is added by its code, starts at 0 and says which cost values it', async () => {
    const { page } = ctx.browser;
    const un = (await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { sigla: 'PT' }, limit: 1, skip: 0 }))[0]!;
    await api(page, 'produtoGeral', { descricao: 'Doce de leite E2E', unidade: un._id, codigo: 'DOCE-E2E' });
    await page.goto(`${ctx.server.url}/estoqueInventario`);
    await page.getByTestId('inventario-novo').click();
    await page.getByTestId('inventario-descricao').fill('Sobremesas da cozinha');
    await page.getByTestId('inventario-locais').click();
    await page.getByRole('option', { name: 'Cozinha Disp E2E', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('inventario-abrir').click();
    await page.getByTestId('inventario-detalhe').waitFor();

    // The scanned code has no line: the field offers to add it.
    await page.getByTestId('inventario-codigo').fill('doce-e2e');
    await page.getByTestId('inventario-codigo').press('Enter');
    await page.getByTestId('inventario-codigo-incluir').click();
    const dialogo = page.getByTestId('inventario-incluir-dialogo');
    await page.getByTestId('inventario-incluir-contado').waitFor();
    expect(await page.getByTestId('inventario-incluir-codigo').inputValue()).toBe('doce-e2e');
    await page.getByTestId('inventario-incluir-contado').fill('3');
    await fotografar(page, 'estoque-inventario-incluir');
    await page.getByTestId('inventario-incluir-ok').click();
    await dialogo.waitFor({ state: 'hidden' });

    const linha = page.getByTestId('inventario-linha').filter({ hasText: 'Doce de leite E2E' });
    await linha.waitFor();
    expect(await linha.getByTestId('inventario-congelado').textContent()).toBe('0 PT');
    expect(await linha.getByTestId('inventario-linha-incluida').textContent()).toBe('Incluído na contagem');
    expect(await linha.getByTestId('inventario-linha-custo').textContent()).toBe('Sem custo: a sobra entra com custo zero');
    expect(await linha.getByTestId('inventario-contado').inputValue()).toBe('3');
    // The sauce, frozen, is valued at its average as before.
    expect(await page.getByTestId('inventario-linha').filter({ hasText: 'Calda de caramelo E2E' }).getByTestId('inventario-linha-incluida').count()).toBe(0);
    await fotografar(page, 'estoque-inventario-incluido', [[1440, 900], [390, 844]]);
  });
});
