import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textoDoPdf } from '../packages/web/src/test/textoDoPdf.ts';
import { signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { diaNaLoja, linhasDaPlanilha, useServerWithDemoSales } from './support/vendasDemo.ts';

// The demonstration's year of money (seed/financeiroDemo.ts) in one store.
const ctx = useServerWithDemoSales();

describe('relatorioFinanceiroPlanoDeContas on the demonstration', () => {
  it('shows the year by month on the cash basis, opens the lines of a cell, switches to accrual, exports the same result, and the next version agrees', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = diaNaLoja(0);
    const de = `${hoje.slice(0, 4)}-01`;
    const ate = hoje.slice(0, 7);
    await page.goto(`${ctx.server.url}/relatorioFinanceiroPlanoDeContas`);
    await page.getByTestId('relatorio-tabela').waitFor();
    expect(await page.getByTestId('dre-aviso-regime').textContent()).toContain('Regime de caixa');
    // Revenue, CMV, payroll and rent as groups with their accounts under them; the result at the foot.
    const codigos = await page.getByTestId('dre-linha').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-codigo')));
    expect(codigos).toEqual(expect.arrayContaining(['1', '1.01', '1.03', '2', '2.02', '3', '3.01', '4', '4.01', '5', '5.01']));
    expect(codigos.indexOf('1.01')).toBe(codigos.indexOf('1') + 1);
    const celulas = page.getByTestId('dre-resultado').locator('td');
    expect(await celulas.count()).toBe(Number(ate.slice(5)) + 2); // the label, a column per month, the total
    const resultadoCaixa = (await celulas.last().textContent())!;
    expect(resultadoCaixa).toMatch(/^-?R\$ [\d.]+,\d{2}$/);
    await page.getByTestId('relatorio-grafico').waitFor();
    await fotografar(page, 'relatorioFinanceiroPlanoDeContas', [[1440, 900], [390, 844]]);

    // A cell opens the lines behind it: January's rent, whose lines add up to the cell.
    const aluguelJaneiro = page.locator('[data-testid="dre-linha"][data-codigo="5.01"] td[data-coluna="' + de + '"]');
    const valorCelula = (await aluguelJaneiro.textContent())!;
    await aluguelJaneiro.getByTestId('dre-celula').click();
    await page.getByTestId('dre-linhas-tabela').waitFor();
    expect(await page.getByTestId('dre-linhas-linha').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dre-linhas-total').textContent()).toBe(valorCelula);
    expect(await page.getByTestId('dre-linhas-tabela').textContent()).toContain('Aluguel do ponto');
    await fotografar(page, 'relatorioFinanceiroPlanoDeContas-linhas');
    await page.keyboard.press('Escape');
    await page.getByTestId('dre-linhas-tabela').waitFor({ state: 'detached' });

    // The accrual basis: the URL and the notice say so, and the figures are the accrual ones.
    await page.getByTestId('dre-regime').getByText('Competência').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('regime')).toBe('competencia');
    await expect.poll(() => page.getByTestId('dre-aviso-regime').textContent()).toContain('Regime de competência');
    await expect.poll(async () => (await page.getByTestId('dre-resultado').locator('td').last().textContent()) !== resultadoCaixa).toBe(true);
    const resultado = (await page.getByTestId('dre-resultado').locator('td').last().textContent())!;
    await fotografar(page, 'relatorioFinanceiroPlanoDeContas-competencia');

    // XLSX: the columns, each account, and the result as a number equal to the screen's.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toBe(`dre-competencia-${de}-a-${ate}.xlsx`);
    const planilha = linhasDaPlanilha((await xlsx.path())!);
    expect(planilha[0]![0]).toBe('Conta');
    expect(planilha[0]!.at(-1)).toBe('Total');
    expect(planilha[0]![1]).toBe(`01/${hoje.slice(0, 4)}`);
    expect(planilha.at(-1)![0]).toBe('Resultado');
    const centavosNaTela = (texto: string) => (texto.includes('-') ? -1 : 1) * Number(texto.replace(/\D/g, ''));
    expect(Math.round(Number(planilha.at(-1)!.at(-1)) * 100)).toBe(centavosNaTela(resultado));
    expect(planilha).toHaveLength((await page.getByTestId('dre-linha').count()) + 2); // the header and the result

    // PDF: the title says the basis.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    const textos = (await textoDoPdf(readFileSync((await pdf.path())!))).flatMap((p) => p.textos);
    expect(textos[0]).toBe('DRE por plano de contas (Competência)');
    expect(textos).toEqual(expect.arrayContaining(['Resultado']));

    // The next version, read from the ledger and títulos, beside the rollup's: no differing cell.
    await page.goto(`${ctx.server.url}/relatorioFinanceiroPlanoDeContasTeste?regime=competencia`);
    await page.getByTestId('dre-tabela-proxima').waitFor();
    expect(await page.getByTestId('dre-diferencas').textContent()).toContain('Nenhuma diferença');
    expect(await page.getByTestId('dre-tabela-atual').getByTestId('dre-linha').count()).toBe(await page.getByTestId('dre-tabela-proxima').getByTestId('dre-linha').count());
    expect(await page.locator('[data-diferente]').count()).toBe(0);
    await fotografar(page, 'relatorioFinanceiroPlanoDeContasTeste');
  });
});
