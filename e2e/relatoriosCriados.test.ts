import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { textoDoPdf } from '../packages/web/src/test/textoDoPdf.ts';
import { signIn } from './support/app.ts';
import { diaNaLoja, linhasDaPlanilha, useServerWithDemoSales } from './support/vendasDemo.ts';

const ctx = useServerWithDemoSales();

const dia = diaNaLoja;

/** Adds a filter on one product, searched as in the forms' pickers. */
async function filtrarProduto(page: Page, nome: string) {
  await page.getByTestId('criado-adicionar-filtro').click();
  await page.getByRole('option', { name: 'Produto', exact: true }).click();
  await page.getByTestId('campo-criado-filtro-produto').click();
  await page.getByTestId('campo-criado-filtro-produto').fill(nome);
  await page.getByRole('option', { name: new RegExp(nome) }).first().click();
  await page.keyboard.press('Escape');
}


describe('relatoriosCriados', () => {
  it('builds a report, saves it, runs it again after a reload with the period in the URL, and exports it to XLSX', async () => {
    const { page } = ctx.browser;
    const [de, ate] = [dia(4), dia(1)];
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/relatoriosCriados?de=${de}&ate=${ate}`);
    await page.getByTestId('criado-tabela').waitFor();

    // Sales by channel instead of by day, with the average ticket, largest total first.
    await page.getByTestId('criado-coluna-canal').check();
    await page.getByTestId('criado-coluna-dia').uncheck();
    await page.getByTestId('criado-coluna-ticketMedio').check();
    await page.getByTestId('criado-ordenar').click();
    await page.getByRole('option', { name: 'Total', exact: true }).click();
    const cabecalho = page.getByTestId('criado-tabela').locator('thead th');
    await expect.poll(() => cabecalho.allTextContents()).toEqual(['Canal', 'Vendas', 'Total', 'Ticket médio']);
    const linhas = page.getByTestId('criado-tabela').getByTestId('relatorio-linha');
    await expect.poll(() => linhas.count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('criado-grafico').waitFor();

    // The same numbers as relatorioVenda grouped by channel, to the centavo.
    const venda = await page.evaluate(
      async ([de, ate]) => (await (await fetch('/api/relatorioVenda', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ de, ate, agrupar: 'canal' }) })).json()).data,
      [de, ate] as const,
    );
    const totalTela = (await page.getByTestId('criado-tabela').getByTestId('relatorio-totais').locator('td').nth(2).textContent())!;
    expect(totalTela.replace(/\s/g, ' ')).toBe(`R$ ${(venda.totais.total / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`.replace(/\s/g, ' '));

    await page.getByTestId('criado-nome').fill('Vendas por canal');
    await page.getByTestId('criado-compartilhar').check();
    await page.getByTestId('criado-salvar').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('relatorio')).toBeTruthy();
    await expect.poll(() => page.getByTestId('criado-salvo').allTextContents()).toEqual([expect.stringContaining('Vendas por canal')]);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorios-criados.png`, fullPage: true });

    // A reload (or a link) with ?relatorio= and the period opens and runs the saved report.
    await page.reload();
    await expect.poll(() => page.getByTestId('criado-nome').inputValue()).toBe('Vendas por canal');
    expect(await page.getByTestId('criado-coluna-canal').isChecked()).toBe(true);
    expect(await page.getByTestId('criado-coluna-dia').isChecked()).toBe(false);
    await expect.poll(() => new URL(page.url()).searchParams.get('de')).toBe(de);
    await expect.poll(() => cabecalho.allTextContents()).toEqual(['Canal', 'Vendas', 'Total', 'Ticket médio']);
    const totais = page.getByTestId('criado-tabela').getByTestId('relatorio-totais').locator('td');
    await expect.poll(() => totais.nth(2).textContent()).toBe(totalTela);
    const valores = (await linhas.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]!.textContent!)))
      .map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
    expect(valores).toEqual([...valores].sort((a, b) => b - a));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-xlsx').click()]);
    expect(download.suggestedFilename()).toBe(`relatorio-${de}-a-${ate}.xlsx`);
    const planilha = linhasDaPlanilha((await download.path())!);
    expect(planilha[0]).toEqual(['Canal', 'Vendas', 'Total', 'Ticket médio']);
    expect(planilha).toHaveLength((await linhas.count()) + 2);
    const ultima = planilha.at(-1)!;
    expect(ultima[0]).toBe('Total');
    expect(Math.round(Number(ultima[2]) * 100)).toBe(venda.totais.total);
    expect(Number(ultima[1])).toBe(venda.totais.vendas);
    expect(planilha.slice(1, -1).reduce((s, l) => s + Math.round(Number(l[2]) * 100), 0)).toBe(venda.totais.total);

    // The PDF: the report's name as title, its data set among the filters, the totals as on the screen.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    const textos = (await textoDoPdf(readFileSync((await pdf.path())!)))[0]!.textos;
    expect(textos[0]).toBe('Vendas por canal');
    expect(textos.join(' ')).toContain('Conjunto de dados: Vendas');
    expect(textos).toContain(totalTela.replace(/\u00a0/g, ' '));

    // Shared, it is in the catalogue of reports too, and opens from there.
    await page.goto(`${ctx.server.url}/relatoriosDoSistema`);
    const catalogo = page.getByTestId('catalogo-relatorios-criados');
    await catalogo.getByRole('link', { name: 'Vendas por canal' }).click();
    await expect.poll(() => page.getByTestId('criado-nome').inputValue()).toBe('Vendas por canal');
    await expect.poll(() => cabecalho.allTextContents()).toEqual(['Canal', 'Vendas', 'Total', 'Ticket médio']);

    // Save as: a copy under a new name becomes the open report; deleting it (after confirming) leaves the original.
    await expect.poll(() => new URL(page.url()).searchParams.get('relatorio')).toBeTruthy();
    const original = new URL(page.url()).searchParams.get('relatorio');
    await page.getByTestId('criado-salvar-como').click();
    await expect.poll(() => page.getByTestId('criado-salvo').allTextContents()).toEqual([expect.stringContaining('Vendas por canal'), expect.stringContaining('Vendas por canal (cópia)')]);
    await expect.poll(() => new URL(page.url()).searchParams.get('relatorio')).not.toBe(original);
    expect(await page.getByTestId('criado-nome').inputValue()).toBe('Vendas por canal (cópia)');
    await page.getByTestId('criado-excluir').click();
    await page.getByTestId('criado-excluir-ok').click();
    await expect.poll(() => page.getByTestId('criado-salvo').allTextContents()).toEqual([expect.stringContaining('Vendas por canal')]);
    await expect.poll(() => new URL(page.url()).searchParams.get('relatorio')).toBeNull();

    // Another data set: items by channel and product, with a subtotal line per channel.
    await page.getByTestId('criado-novo').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('relatorio')).toBeNull();
    // Over the same period: opened from the catalogue, the report took the default one (the last 30 days).
    await page.goto(`${ctx.server.url}/relatoriosCriados?de=${de}&ate=${ate}`);
    await page.getByTestId('criado-conjunto').click();
    await page.getByRole('option', { name: 'Itens vendidos', exact: true }).click();
    await page.getByTestId('criado-coluna-dia').uncheck();
    await page.getByTestId('criado-coluna-canal').check();
    await page.getByTestId('criado-coluna-produto').check();
    await page.getByTestId('criado-coluna-quantidade').check();
    await page.getByTestId('criado-subtotal').click();
    await page.getByRole('option', { name: 'Canal', exact: true }).click();
    await expect.poll(async () => (await cabecalho.allTextContents()).join('|')).toBe('Canal|Produto|Vendas|Total|Quantidade');
    const subtotais = page.getByTestId('criado-tabela').locator('tbody tr').filter({ hasText: /^Subtotal / });
    await expect.poll(() => subtotais.count()).toBeGreaterThanOrEqual(3);
    // Items add up as relatorioVendaProdutos does (net of item discounts; fees and sale discounts are the sale's).
    const produtos: { total: number }[] = await page.evaluate(
      async ([de, ate]) => (await (await fetch('/api/relatorioVendaProdutos', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ de, ate }) })).json()).data,
      [de, ate] as const,
    );
    const reais = (centavos: number) => `R$ ${(centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`.replace(/\s/g, ' ');
    await expect.poll(async () => (await totais.nth(3).textContent())!.replace(/\s/g, ' ')).toBe(reais(produtos.reduce((s, p) => s + p.total, 0)));
    // A filter on a register's records (searched like the forms' pickers): only that product is left.
    await filtrarProduto(page, 'Xis bacon');
    const produtosNaTabela = () => page.getByTestId('criado-tabela').locator('tbody tr').evaluateAll((trs) => [...new Set(trs.map((tr) => tr.querySelectorAll('td')[1]!.textContent))]);
    await expect.poll(produtosNaTabela).toEqual(['Xis bacon', '']);
    if (process.env.SCREENSHOTS_DIR) {
      await page.getByTestId('criado-construtor').screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorios-criados-construtor.png` });
      await page.getByTestId('criado-tabela').screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorios-criados-subtotais.png` });
    }
  });

  it('opens an unsaved report from a copied link and after a reload; a header clicked sorts by that column, kept in the URL', async () => {
    const { page } = ctx.browser;
    const [de, ate] = [dia(4), dia(1)];
    await page.goto(`${ctx.server.url}/relatoriosCriados?de=${de}&ate=${ate}`);
    await page.getByTestId('criado-tabela').waitFor();
    await page.getByTestId('criado-conjunto').click();
    await page.getByRole('option', { name: 'Itens vendidos', exact: true }).click();
    await page.getByTestId('criado-coluna-canal').check();
    await page.getByTestId('criado-coluna-dia').uncheck();
    await page.getByTestId('criado-coluna-quantidade').check();
    await filtrarProduto(page, 'Xis bacon');
    const cabecalho = page.getByTestId('criado-tabela').locator('thead th');
    await expect.poll(async () => (await cabecalho.allTextContents()).join('|')).toBe('Canal|Vendas|Total|Quantidade');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('filtro.produto').length).toBe(1);

    // Largest total first, then clicked again the other way.
    const corpo = page.getByTestId('criado-tabela').locator('tbody tr');
    const totaisDasLinhas = () => corpo.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[2]!.textContent!.replace(/[^\d,]/g, '').replace(',', '.'))));
    await expect.poll(() => corpo.count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('criado-tabela-ordenar-total').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ordem')).toBe('total:desc');
    await expect.poll(async () => { const v = await totaisDasLinhas(); return v.join() === [...v].sort((a, b) => b - a).join(); }).toBe(true);
    await page.getByTestId('criado-tabela-ordenar-total').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ordem')).toBe('total:asc');
    await expect.poll(async () => { const v = await totaisDasLinhas(); return v.join() === [...v].sort((a, b) => a - b).join(); }).toBe(true);
    const linhas = await corpo.allTextContents();

    // The link copied and opened elsewhere, then a reload: the same builder and the same table, never saved.
    const link = page.url();
    for (const abrir of [() => page.goto(`${ctx.server.url}/relatorioVenda`).then(() => page.goto(link)), () => page.reload()]) {
      await abrir();
      await expect.poll(() => page.getByTestId('criado-conjunto').inputValue()).toBe('Itens vendidos');
      expect(await page.getByTestId('criado-coluna-canal').isChecked()).toBe(true);
      expect(await page.getByTestId('criado-coluna-dia').isChecked()).toBe(false);
      expect(await page.getByTestId('criado-ordenar').inputValue()).toBe('Total');
      await expect.poll(() => page.getByTestId('criado-tabela').locator('th[aria-sort="ascending"]').textContent()).toBe('Total');
      await expect.poll(() => corpo.allTextContents()).toEqual(linhas);
      expect(await page.getByTestId('criado-construtor').textContent()).toContain('Xis bacon');
      expect(await page.getByTestId('criado-nome').inputValue()).toBe('');
    }
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/relatorios-criados-ordenado.png`, fullPage: true });
  });
});
