import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textoDoPdf } from '../packages/web/src/test/textoDoPdf.ts';
import { signIn } from './support/app.ts';
import { br, diaNaLoja, useServerWithDemoSales } from './support/vendasDemo.ts';

const ctx = useServerWithDemoSales();

const ontem = () => diaNaLoja(1);
const semanaAntes = () => diaNaLoja(7);

describe('relatorioQrCode on demonstration sales', () => {
  it('shows the QR code orders per table with the share of the store, the top products, and the same money as relatorioVenda', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const de = semanaAntes();
    await page.goto(`${ctx.server.url}/relatorioQrCode?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const linhas = page.getByTestId('relatorio-linha');
    expect(await linhas.count()).toBeGreaterThan(3);
    expect(await linhas.first().locator('td').first().textContent()).toMatch(/^Mesa \d+$/);
    await page.getByTestId('relatorio-grafico').waitFor();
    expect(await page.getByTestId('qrcode-produto').count()).toBeGreaterThan(0);
    const totais = page.getByTestId('relatorio-totais').locator('td');
    const total = (await totais.nth(3).textContent())!;
    expect(total).toMatch(/^R\$ [\d.]+,\d{2}$/);
    // About 5% of the demonstration's orders come by QR code.
    expect(await totais.nth(6).textContent()).toMatch(/^\d{1,2},\d{2} %$/);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorio-qrcode.png`, fullPage: true });

    // The PDF carries both tables.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`relatorio-qrcode-${de}-a-${ontem()}.pdf`);
    const textos = (await textoDoPdf(readFileSync((await pdf.path())!))).flatMap((p) => p.textos);
    expect(textos[0]).toBe('Relatório de QR Code');
    expect(textos).toContain(`Período: ${br(de)} a ${br(ontem())}`);
    expect(textos).toContain('Produtos mais pedidos pelo QR Code');
    expect(textos).toContain(total);

    // By hour, from the grouping select, kept in the URL.
    await page.getByTestId('relatorio-agrupar').click();
    await page.getByRole('option', { name: 'Hora', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('agrupar')).toBe('hora');
    await expect.poll(async () => linhas.first().locator('td').first().textContent()).toMatch(/^\d{2}h$/);
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(3).textContent()).toBe(total);

    await page.goto(`${ctx.server.url}/relatorioVenda?de=${de}&ate=${ontem()}&agrupar=canal&canal=QR+Code`);
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await page.getByTestId('relatorio-totais').locator('td').nth(6).textContent()).toBe(total);
  });
});

describe('listaProdutosVendidos on demonstration sales', () => {
  it('lists the quantities sold by agrupador with subtotals, the same as relatorioVendaProdutos, for all stores or one', async () => {
    const { page } = ctx.browser;
    const de = semanaAntes();
    await page.goto(`${ctx.server.url}/relatorioVendaProdutos?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const primeiro = page.getByTestId('relatorio-linha').first().locator('td');
    const [produto, quantidade] = [await primeiro.nth(1).textContent(), await primeiro.nth(2).textContent()];

    await page.goto(`${ctx.server.url}/listaProdutosVendidos?de=${de}&ate=${ontem()}`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const subtotais = page.locator('[data-testid="relatorio-linha"][data-subtotal]');
    const produtos = page.locator('[data-testid="relatorio-linha"]:not([data-subtotal])');
    expect(await subtotais.count()).toBeGreaterThan(0);
    expect(await subtotais.first().textContent()).toMatch(/^Subtotal .+ \(\w+\): \d+ produto/);
    const linha = produtos.filter({ has: page.locator('td', { hasText: new RegExp(`^${produto}$`) }) });
    expect(await linha.locator('td').nth(6).textContent()).toBe(quantidade);
    // The demonstration's burgers take extras that are products of their own: counted as complements, under their agrupador.
    const bacon = produtos.filter({ hasText: 'Bacon extra' }).locator('td');
    expect(await bacon.first().textContent()).toBe('Adicionais');
    expect(await bacon.nth(4).textContent()).toBe('0');
    expect(Number(await bacon.nth(5).textContent())).toBeGreaterThan(0);
    expect(await subtotais.filter({ hasText: 'Subtotal Adicionais (UN)' }).count()).toBe(1);
    // A weighed product is counted in kilos, to the gram.
    expect(await produtos.filter({ hasText: 'KG' }).first().locator('td').nth(6).textContent()).toMatch(/^[\d.]+,\d{1,3}$/);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/lista-produtos-vendidos.png`, fullPage: true });

    // Per store and unit, the stores' totals add up to the total of each unit, and to the products' lines.
    const milesimos = (texto: string | null) => Math.round(Number(texto!.replace(/\./g, '').replace(',', '.')) * 1000);
    const somaPorUnidade = async () => {
      const lojas = await page.getByTestId('relatorio-loja-linha').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
      const somas = new Map<string, number>();
      const totais = new Map<string, number>();
      for (const [loja, unidade, , qtd] of lojas) {
        if (loja!.startsWith('Total (')) totais.set(unidade!, milesimos(qtd!));
        else somas.set(unidade!, (somas.get(unidade!) ?? 0) + milesimos(qtd!));
      }
      return { somas, totais, lojas: [...new Set(lojas.filter(([l]) => !l!.startsWith('Total (')).map(([l]) => l))] };
    };
    const todas = await somaPorUnidade();
    expect(todas.totais.size).toBeGreaterThan(0);
    expect(todas.somas).toEqual(todas.totais);
    const linhasDe = async (unidade: string) =>
      (await produtos.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? ''))))
        .filter((l) => l[3] === unidade)
        .reduce((soma, l) => soma + milesimos(l[6]!), 0);
    for (const [unidade, total] of todas.totais) expect(await linhasDe(unidade), unidade).toBe(total);

    // Several stores chosen: kept in the URL; the demonstration sells in the first one only, so the same list.
    const antes = await page.getByTestId('relatorio-linha').count();
    await page.getByTestId('relatorio-lojas').click();
    await page.getByRole('option', { name: 'Restaurante Demonstração Centro' }).click();
    await page.getByRole('option', { name: 'Restaurante Demonstração Shopping' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('empresa').length).toBe(2);
    await expect.poll(() => page.getByTestId('relatorio-linha').count()).toBe(antes);
    expect((await somaPorUnidade()).totais).toEqual(todas.totais);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/lista-produtos-vendidos-lojas.png`, fullPage: true });

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    const textos = (await textoDoPdf(readFileSync((await pdf.path())!))).flatMap((p) => p.textos);
    expect(textos[0]).toBe('Produtos vendidos');
    expect(textos[1]).toContain('Restaurante Demonstração Centro, Restaurante Demonstração Shopping');
    expect(textos.some((t) => t.startsWith('Subtotal '))).toBe(true);
    expect(textos).toContain('Totais por loja');

    // A link with the second store alone (it sold nothing) shows it chosen and the list empty.
    const empresas: { _id: string; nomeFantasia: string }[] = await page.evaluate(async () => (await (await fetch('/api/sessao')).json()).data.empresas);
    const shopping = empresas.find((e) => e.nomeFantasia === 'Restaurante Demonstração Shopping')!._id;
    await page.goto(`${ctx.server.url}/listaProdutosVendidos?de=${de}&ate=${ontem()}&empresa=${shopping}`);
    await page.getByTestId('relatorio-vazio').waitFor();
    await expect.poll(() => page.getByTestId('relatorio-lojas').locator('..').textContent()).toContain('Restaurante Demonstração Shopping');
    expect(await page.getByTestId('relatorio-lojas').locator('..').textContent()).not.toContain(shopping);
  });

  it('is in the catalogue of reports', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatoriosDoSistema`);
    await page.getByTestId('relatorio-card-listaProdutosVendidos').waitFor();
    expect(await page.getByTestId('relatorio-card-relatorioQrCode').textContent()).not.toContain('Em construção');
    expect(await page.getByTestId('relatorio-card-listaProdutosVendidos').textContent()).not.toContain('Em construção');
  });
});
