import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textoDoPdf } from '../packages/web/src/test/textoDoPdf.ts';
import { expectPath, signIn } from './support/app.ts';
import { br, diaNaLoja, linhasDaPlanilha, useServerWithDemoSales } from './support/vendasDemo.ts';

const ctx = useServerWithDemoSales();

const ontem = () => diaNaLoja(1);

describe('dashboardDefault on demonstration sales', () => {
  it('shows the day against last week, by hour, channel, payment and product', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/dashboardDefault?data=${ontem()}`);
    await page.getByTestId('dashboard-por-hora').waitFor();
    expect(await page.title()).toBe('dashboardDefault');
    expect(await page.getByTestId('dashboard-data').inputValue()).toBe(br(ontem()));
    expect(await page.getByTestId('dashboard-faturamento-valor').textContent()).toMatch(/^R\$ [\d.]+,\d{2}$/);
    // The seed covers the same weekday of last week too: the card compares.
    expect(await page.getByTestId('dashboard-faturamento').textContent()).toMatch(/Semana passada: R\$/);
    expect(await page.getByTestId('dashboard-canais-item').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('dashboard-pagamentos-item').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('dashboard-produto').count()).toBe(10);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/dashboard.png`, fullPage: true });
  });

  it('changes the day from the arrows and the typed date, kept in the URL', async () => {
    const { page } = ctx.browser;
    const antes = await page.getByTestId('dashboard-faturamento-valor').textContent();
    await page.getByTestId('dashboard-anterior').click();
    const anteontem = new Date(Date.parse(`${ontem()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await expect.poll(() => new URL(page.url()).searchParams.get('data')).toBe(anteontem);
    await expect.poll(() => page.getByTestId('dashboard-data').inputValue()).toBe(br(anteontem));
    await expect.poll(() => page.getByTestId('dashboard-faturamento-valor').textContent()).not.toBe(antes);

    // A day before the demonstration data: nothing sold, said plainly.
    await page.getByTestId('dashboard-data').fill('01/01/2020');
    await page.getByTestId('dashboard-data').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('data')).toBe('2020-01-01');
    await page.getByTestId('dashboard-vazio').waitFor();
    expect(await page.getByTestId('dashboard-faturamento-valor').textContent()).toBe('R$ 0,00');
    await page.goBack();
    await expectPath(page, '/dashboardDefault');
    await expect.poll(() => page.getByTestId('dashboard-data').inputValue()).toBe(br(anteontem));
  });
});


describe('relatorioVenda on demonstration sales', () => {
  it('groups by channel from the URL, totals the table, and exports the same numbers to XLSX', async () => {
    const { page } = ctx.browser;
    const de = new Date(Date.parse(`${ontem()}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${ctx.server.url}/relatorioVenda?de=${de}&ate=${ontem()}&agrupar=canal`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linhas = page.getByTestId('relatorio-linha');
    expect(await linhas.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('relatorio-de').inputValue()).toBe(br(de));
    const totalTela = (await page.getByTestId('relatorio-totais').locator('td').nth(6).textContent())!;
    expect(totalTela).toMatch(/^R\$ [\d.]+,\d{2}$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-xlsx').click()]);
    expect(download.suggestedFilename()).toBe(`relatorio-vendas-${de}-a-${ontem()}.xlsx`);
    const planilha = linhasDaPlanilha((await download.path())!);
    expect(planilha[0]).toEqual(['Canal', 'Vendas', 'Bruto', 'Descontos', 'Taxa de serviço', 'Taxa de entrega', 'Total', 'Ticket médio', 'Canceladas', 'Valor cancelado']);
    expect(planilha).toHaveLength((await linhas.count()) + 2);
    const totais = planilha.at(-1)!;
    expect(totais[0]).toBe('Total');
    // The sheet holds numbers the spreadsheet can sum: the same total as the screen, and the rows add up to it.
    expect(`R$ ${Number(totais[6]).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`).toBe(totalTela);
    const soma = planilha.slice(1, -1).reduce((s, l) => s + Math.round(Number(l[6]) * 100), 0);
    expect(soma).toBe(Math.round(Number(totais[6]) * 100));

    // The same report as a PDF file: A4, the title, the period and the totals row as on the screen.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`relatorio-vendas-${de}-a-${ontem()}.pdf`);
    const paginas = await textoDoPdf(readFileSync((await pdf.path())!));
    expect(paginas).toHaveLength(1);
    expect(Math.round(paginas[0]!.largura) + Math.round(paginas[0]!.altura)).toBe(595 + 842);
    const textos = paginas[0]!.textos;
    expect(textos[0]).toBe('Relatório de vendas');
    expect(textos).toContain(`Período: ${br(de)} a ${br(ontem())}`);
    expect(textos.join(' ')).toContain('Agrupar por: Canal');
    const rodape = textos.lastIndexOf('Total');
    expect(textos[rodape + 6]).toBe(totalTela.replace(/\u00a0/g, ' '));
    expect(textos.at(-1)).toBe('Página 1 de 1');

    // Narrowing to one channel through the filter changes the URL and the table.
    await page.getByTestId('relatorio-agrupar').click();
    await page.getByRole('option', { name: 'Dia', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('agrupar')).toBe('dia');
    await expect.poll(() => linhas.count()).toBe(7);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-venda.png`, fullPage: true });
  });
});

describe('report progress', () => {
  it('shows an indeterminate progress bar while the report query runs', async () => {
    const { page } = ctx.browser;
    let soltar: () => void = () => {};
    const segurando = new Promise<void>((resolve) => (soltar = resolve));
    await page.route('**/api/relatorioVenda', async (route) => {
      await segurando;
      await route.continue();
    });
    await page.goto(`${ctx.server.url}/relatorioVenda?de=${ontem()}&ate=${ontem()}&agrupar=hora`);
    const barra = page.getByTestId('relatorio-carregando');
    await barra.waitFor();
    expect(await barra.textContent()).toContain('Carregando o relatório');
    expect(await barra.locator('[data-indeterminado="true"]').count()).toBe(1);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-carregando.png` });
    soltar();
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await barra.count()).toBe(0);
    await page.unroute('**/api/relatorioVenda');
  });
});

describe('relatorioVendaProdutos on demonstration sales', () => {
  it('lists the products with the ABC curve, best seller first', async () => {
    const { page } = ctx.browser;
    const de = new Date(Date.parse(`${ontem()}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${ctx.server.url}/relatorioVendaProdutos?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linhas = page.getByTestId('relatorio-linha');
    expect(await linhas.count()).toBeGreaterThan(10);
    expect(await linhas.first().locator('td').last().textContent()).toBe('A');
    expect(await linhas.last().locator('td').last().textContent()).toBe('C');
    expect(await linhas.last().locator('td').nth(6).textContent()).toBe('100,00 %');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-produtos.png`, fullPage: true });
  });
});

describe('dashboardDefault2 on demonstration sales', () => {
  it("puts the group's stores side by side; with one store selling, its total is the day's panel total", async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/dashboardDefault?data=${ontem()}`);
    const painel = await page.getByTestId('dashboard-faturamento-valor').textContent();
    await page.goto(`${ctx.server.url}/dashboardDefault2?data=${ontem()}`);
    await page.getByTestId('dashboard-grupo-tabela').waitFor();
    expect(await page.getByTestId('dashboard-grupo-loja').count()).toBe(1);
    expect(await page.getByTestId('dashboard-grupo-total').locator('td').nth(1).textContent()).toBe(painel);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/dashboard-grupo.png`, fullPage: true });
  });
});

describe('relatorioVendaFranquia on demonstration sales', () => {
  it('applies the royalty typed (kept in the URL) to each store, to the centavo', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioVendaFranquia?de=${ontem()}&ate=${ontem()}&royalty=10`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const celulas = page.getByTestId('relatorio-totais').locator('td');
    const centavos = async (i: number) => Number((await celulas.nth(i).textContent())!.replace(/\D/g, ''));
    const faturamento = await centavos(2);
    expect(faturamento).toBeGreaterThan(0);
    expect(await centavos(4)).toBe(Math.floor((faturamento + 5) / 10));
    await page.getByTestId('relatorio-royalty').fill('101');
    await page.getByText('De 0 a 100, até 2 casas.').waitFor();
    // The field shows the value at once; the URL follows when the navigation lands.
    await expect.poll(() => new URL(page.url()).searchParams.get('royalty')).toBe('101');
  });
});

describe('relatorioVendaCancelamentos on demonstration sales', () => {
  it('lists the cancelled sales and items with who and why; the count matches the panel', async () => {
    const { page } = ctx.browser;
    const de = new Date(Date.parse(`${ontem()}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${ctx.server.url}/relatorioVendaCancelamentos?de=${de}&ate=${ontem()}`);
    await page.getByTestId('cancelamentos-vendas-total').waitFor();
    const vendas = await page.getByTestId('cancelamentos-vendas-linha').count();
    const itens = await page.getByTestId('cancelamentos-itens-linha').count();
    // The demonstration cancels about 1% of sales and an item in about 3%: a week has some of each.
    expect(vendas + itens).toBeGreaterThan(0);
    expect(await page.getByTestId('cancelamentos-vendas-total').textContent()).toContain(`${vendas} ·`);
    if (vendas) expect(await page.getByTestId('cancelamentos-vendas-linha').first().textContent()).toContain('Cliente desistiu após o fechamento');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-cancelamentos.png`, fullPage: true });
  });
});

describe('relatorioVendaDescontos on demonstration sales', () => {
  it("lists the demonstration's discount reason with its total, which is relatorioVenda's discounts", async () => {
    const { page } = ctx.browser;
    const de = new Date(Date.parse(`${ontem()}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${ctx.server.url}/relatorioVendaDescontos?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await page.getByTestId('relatorio-linha').first().textContent()).toContain('Cortesia da casa');
    const total = await page.getByTestId('relatorio-totais').locator('td').nth(3).textContent();
    await page.goto(`${ctx.server.url}/relatorioVenda?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(3).textContent()).toBe(total);
  });
});

describe('relatoriosDoSistema', () => {
  it('lists every report, finds one by search, and a starred one comes first after a reload', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatoriosDoSistema`);
    await page.getByTestId('relatorio-card-relatorioVenda').waitFor();
    // Every report is built now: the last one, the purchases report, no longer says "Em construção".
    expect(await page.getByTestId('relatorio-card-relatorioEstoqueCompras').textContent()).not.toContain('Em construção');
    await page.getByTestId('favorito-relatorioVendaDescontos').click();
    await expect.poll(() => page.getByTestId('favorito-relatorioVendaDescontos').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByTestId('favorito-relatorioVendaDescontos').getAttribute('aria-pressed')).toBe('true');
    const primeiro = page.locator('[data-testid^="relatorio-card-"]').first();
    expect(await primeiro.getAttribute('data-testid')).toBe('relatorio-card-relatorioVendaDescontos');
    await page.getByTestId('relatorios-busca').fill('curva abc');
    await expect.poll(() => page.locator('[data-testid^="relatorio-card-"]').count()).toBe(1);
    if (process.env.SCREENSHOTS_DIR) {
      await page.getByTestId('relatorios-busca').fill('');
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorios-do-sistema.png`, fullPage: true });
    }
  });
});
