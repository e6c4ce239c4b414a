import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';
import { br, diaNaLoja } from './support/vendasDemo.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** A sale as a terminal sends it: POST /api/vendas with the terminal's credential, from outside the browser. */
async function vender(token: string, corpo: unknown) {
  const res = await fetch(`${ctx.server.url}/api/vendas`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(res.status, await res.clone().text()).toBe(201);
}

const textos = (page: Page, testid: string) => page.getByTestId(testid).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

describe('sales, recipes and stock: theoretical consumption and pendências', () => {
  it('a dish sold through the ingestion API shows its ingredients in relatorioVendaInsumos; a product with no recipe is a pendência on the stock screens and the dashboard until fixed, then its consumption is posted', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: units, a kitchen that takes the sales, two ingredients at a cost, a dish with its recipe and a dessert without one.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false }, sort: { sigla: 1 }, limit: 200, skip: 0 });
    const unidade = async (sigla: string, descricao: string) => unidades.find((u) => u.sigla === sigla) ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla, descricao, fracionado: sigla !== 'UN' }));
    const [kg, un] = [await unidade('KG', 'Quilograma'), await unidade('UN', 'Unidade')];
    const cozinha = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Cozinha Insumos E2E', baixaVendas: true });
    const carnes = await api<{ _id: string }>(page, 'agrupador', { descricao: 'Carnes E2E' });
    const produto = (descricao: string, unidade: string, extra: Record<string, unknown> = {}) => api<{ _id: string }>(page, 'produtoGeral', { descricao, unidade, ncm: '21069090', ...extra });
    const carne = await produto('Picanha Insumo E2E', kg._id, { agrupador: carnes._id });
    const arroz = await produto('Arroz Insumo E2E', kg._id);
    const prato = await produto('Prato Executivo E2E', un._id);
    const pudim = await produto('Pudim E2E', un._id);
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: cozinha._id, itens: [{ produto: carne._id, quantidade: '10', custoUnitario: '6990' }, { produto: arroz._id, quantidade: '20', custoUnitario: '600' }] });
    await api(page, 'estoqueFichaTecnica', { produto: prato._id, itens: [{ produto: carne._id, quantidade: '0.25' }, { produto: arroz._id, quantidade: '0.15', perda: '25' }] });

    // A terminal of the store sends two dishes and a dessert.
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'PDV Insumos E2E', tipo: 'PDV' });
    const { token } = await api<{ token: string }>(page, `terminal/${terminal._id}/credencial`, {});
    const dinheiro = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'Dinheiro Insumos E2E', tipo: 'Dinheiro', permiteTroco: true });
    const agora = new Date();
    await vender(token, {
      pedidoId: 'INSUMOS-E2E-1',
      canal: 'Salão',
      abertoEm: new Date(agora.getTime() - 30 * 60_000).toISOString(),
      fechadoEm: agora.toISOString(),
      itens: [
        { produto: prato._id, quantidade: '2', precoUnitario: 4500 },
        { produto: pudim._id, quantidade: '1', precoUnitario: 1200 },
      ],
      pagamentos: [{ formaPagamento: dinheiro._id, tPag: '01', valor: 10200, troco: 0 }],
      total: 10200,
    });

    // Theoretical consumption: 2 × 250 g of beef = 0,5 KG; 2 × 150 g of rice ÷ 0,75 = 0,4 KG; the pudding said apart.
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const hoje = diaNaLoja(0);
    await page.goto(`${ctx.server.url}/relatorioVendaInsumos?de=${hoje}&ate=${hoje}&empresa=${sessao.empresa._id}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linha = (texto: string) => page.getByTestId('insumos-linha').filter({ hasText: texto }).locator('td');
    expect(await linha('Picanha Insumo E2E').allTextContents()).toEqual([expect.any(String), 'Picanha Insumo E2E', 'Carnes E2E', '0,5 KG', 'R$ 69,90', 'R$ 34,95']);
    expect(await linha('Arroz Insumo E2E').allTextContents()).toEqual([expect.any(String), 'Arroz Insumo E2E', '', '0,4 KG', 'R$ 6,00', 'R$ 2,40']);
    expect(await page.getByTestId('insumos-teorico-valor').textContent()).toBe('R$ 37,35');
    expect(await page.getByTestId('insumos-vendas-valor').textContent()).toBe('1');
    expect(await page.getByTestId('insumos-sem-ficha').textContent()).toContain('Pudim E2E');
    await fotografar(page, 'estoque-venda-insumos');
    // The ingredient group filter keeps the beef only.
    await page.goto(`${ctx.server.url}/relatorioVendaInsumos?de=${hoje}&ate=${hoje}&empresa=${sessao.empresa._id}&agrupador=${carnes._id}`);
    await expect.poll(() => textos(page, 'insumos-linha')).toEqual([expect.stringContaining('Picanha Insumo E2E')]);

    // The dessert is a pendência: on the day's dashboard…
    await page.goto(`${ctx.server.url}/dashboardDefault`);
    await page.getByTestId('dashboard-pendencias-estoque').waitFor();
    expect(await page.getByTestId('dashboard-pendencias-estoque-texto').textContent()).toBe('1 pendência de estoque');
    await fotografar(page, 'estoque-pendencias-dashboard');
    // …linking to the stock position, where it says what, how much and where to fix it.
    await page.getByTestId('dashboard-pendencias-estoque-link').click();
    await page.getByTestId('estoque-pendencias').waitFor();
    expect(await textos(page, 'estoque-pendencia-nome')).toEqual([expect.stringContaining('Pudim E2E')]);
    expect(await page.getByTestId('estoque-pendencia-detalhe').textContent()).toBe(`1 venda · 1 UN sem baixa · em ${br(hoje)}`);
    await fotografar(page, 'estoque-pendencias-posicao');

    // The recipe-sheet list shows it too; "Criar ficha técnica" opens a new sheet for the dessert.
    await page.goto(`${ctx.server.url}/estoqueFichaTecnica`);
    await page.getByTestId('estoque-pendencias').waitFor();
    await page.getByTestId('estoque-pendencia-ficha').click();
    await page.getByTestId('recurso-form').waitFor();
    await expect.poll(() => page.getByTestId('campo-produto').inputValue()).toContain('Pudim E2E');
    await expect.poll(() => new URL(page.url()).searchParams.get('paraProduto')).toBeNull();
    await fotografar(page, 'estoque-pendencias-nova-ficha');

    // Fixed (a sheet of 80 g of rice): the pendência says so and its consumption is posted at the sale.
    await api(page, 'estoqueFichaTecnica', { produto: pudim._id, itens: [{ produto: arroz._id, quantidade: '0.08' }] });
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto?local=${cozinha._id}`);
    await page.getByTestId('estoque-pendencia-corrigida').waitFor();
    await fotografar(page, 'estoque-pendencias-corrigida');
    await page.getByTestId('estoque-pendencia-reprocessar').click();
    await page.getByRole('dialog').waitFor();
    await page.getByTestId('estoque-pendencia-ok').click();
    await page.getByTestId('estoque-pendencias').waitFor({ state: 'detached' });
    const arrozNaPosicao = page.getByTestId('relatorio-tabela').locator('tr').filter({ hasText: 'Arroz Insumo E2E' }).locator('td');
    // 20 KG − 0,4 KG (the dishes) − 0,08 KG (the dessert, posted now) = 19,52 KG.
    await expect.poll(async () => (await arrozNaPosicao.allTextContents())[3]).toBe('19,52 KG');
    const k = await api<{ linhas: { tipo: string; quantidade: string; ocorridoEm: string }[] }>(page, 'relatorioEstoqueFluxo', { produto: arroz._id, de: hoje, ate: hoje });
    expect(k.linhas.map((l) => [l.tipo, l.quantidade])).toEqual([
      ['entrada', '20.0000'],
      ['saidaVenda', '-0.4000'],
      ['saidaVenda', '-0.0800'],
    ]);
    expect(k.linhas[2]!.ocorridoEm).toBe(agora.toISOString());
    await page.goto(`${ctx.server.url}/dashboardDefault`);
    await page.getByTestId('dashboard').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-pendencias-estoque').count()).toBe(0);

    // Between two counts of the kitchen: one more dish sold, and 100 g of beef missing at the closing count.
    const contar = async (descricao: string, contagens: [string, string][]) => {
      const inv = await api<{ _id: string }>(page, 'estoqueInventario', { descricao, locais: [cozinha._id] });
      await api(page, `estoqueInventario/${inv._id}/contagem`, { itens: contagens.map(([produto, contado]) => ({ local: cozinha._id, produto, contado })) });
      await api(page, `estoqueInventario/${inv._id}/aprovar`, {});
    };
    await contar('Abertura E2E', [[carne._id, '9.5'], [arroz._id, '19.52']]);
    const depois = new Date();
    await vender(token, {
      pedidoId: 'INSUMOS-E2E-2',
      canal: 'Salão',
      abertoEm: new Date(depois.getTime() - 20 * 60_000).toISOString(),
      fechadoEm: depois.toISOString(),
      itens: [{ produto: prato._id, quantidade: '1', precoUnitario: 4500 }],
      pagamentos: [{ formaPagamento: dinheiro._id, tPag: '01', valor: 4500, troco: 0 }],
      total: 4500,
    });
    await contar('Fechamento E2E', [[carne._id, '9.15'], [arroz._id, '19.32']]);
    // The two latest counts are the default; beef: 9,5 − 9,15 = 0,35 KG went, 0,25 KG by recipe: 0,1 KG (R$ 6,99) more.
    await page.goto(`${ctx.server.url}/relatorioVendaInsumos?modo=inventarios&local=${cozinha._id}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const picanha = await linha('Picanha Insumo E2E').allTextContents();
    expect(picanha).toEqual(['Picanha Insumo E2E', '9,5 KG', '0 KG', '0 KG', '9,15 KG', '0,35 KG', '0,25 KG', '+0,1 KG', 'R$ 69,90', 'R$ 24,47', 'R$ 17,48', '+R$ 6,99']);
    expect(await page.getByTestId('insumos-diferenca-valor').textContent()).toBe('+R$ 6,99');
    await fotografar(page, 'estoque-venda-insumos-inventarios');
  }, 180_000);
});
