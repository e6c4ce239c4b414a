import { cnpjCheckDigits, hojeNoFuso, somarDias, somarMeses } from '@retaguarda/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolher, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const textos = (page: Page, testid: string) => page.getByTestId(testid).allTextContents();

describe('financeiroAgenda screen', () => {
  it('creates a payable in 3 installments, settles one with interest: paid in the list, the account lower, the next one due on the payments calendar', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = hojeNoFuso();
    await api(page, 'financeiroConta', { nome: 'Banco Agenda', tipo: 'Banco', banco: '341', saldoInicial: 500000, dataSaldoInicial: hoje });
    await api(page, 'pessoa', { nome: 'Energia Paulista S.A.', tipo: 'Jurídica', cpfCnpj: `987654320001${cnpjCheckDigits('987654320001')}`, cliente: false, fornecedor: true });

    await page.goto(`${ctx.server.url}/financeiroAgenda?de=${hoje}&ate=${somarDias(hoje, 100)}`);
    await page.getByTestId('financeiro-agenda').waitFor();
    await page.getByTestId('agenda-novo').click();
    await page.getByTestId('agenda-form').waitFor();
    await escolher(page, 'pessoa', 'Energia Paulista', 'Energia');
    await page.getByTestId('agenda-plano').click();
    await page.getByRole('option', { name: /5\.03 Energia/ }).click();
    await page.getByTestId('agenda-descricao').fill('Conta de energia');
    await page.getByTestId('agenda-valor').fill('1.000,00');
    await page.getByTestId('agenda-parcelas').fill('3');
    // The preview splits to the centavo, the odd one on the first.
    await expect.poll(() => page.getByTestId('agenda-previa-parcela').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent))).toEqual(['R$ 333,34', 'R$ 333,33', 'R$ 333,33']);
    await fotografar(page, 'financeiroAgenda-novo');
    await page.getByTestId('agenda-salvar').click();

    // The título opens: settle the first installment with R$ 12,34 of interest.
    await page.getByTestId('agenda-titulo').waitFor();
    await page.getByTestId('agenda-baixar').first().click();
    await page.getByTestId('agenda-baixa').waitFor();
    await page.getByTestId('agenda-baixa-conta').click();
    await page.getByRole('option', { name: 'Banco Agenda' }).click();
    await page.getByTestId('agenda-baixa-juros').fill('12,34');
    await expect.poll(() => page.getByTestId('agenda-baixa-total').textContent()).toContain('R$ 345,68');
    await fotografar(page, 'financeiroAgenda-baixa');
    await page.getByTestId('agenda-baixa-ok').click();
    await page.getByTestId('agenda-baixa').waitFor({ state: 'detached' });
    await expect.poll(() => textos(page, 'agenda-status')).toEqual(expect.arrayContaining(['Paga', 'Aberta', 'Aberta']));
    await expect.poll(() => page.getByTestId('agenda-titulo-baixa').textContent()).toContain('R$ 345,68');
    await fotografar(page, 'financeiroAgenda-titulo');

    // The list shows the paid installment and the totals; the bank account paid principal and interest.
    await page.keyboard.press('Escape');
    await page.getByTestId('agenda-titulo').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('agenda-totalPago').textContent()).toBe('R$ 333,34');
    await expect.poll(() => page.getByTestId('agenda-totalAberto').textContent()).toBe('R$ 666,66');
    await fotografar(page, 'financeiroAgenda', [[1440, 900], [390, 844]]);
    await page.goto(`${ctx.server.url}/financeiroMovimentacao`);
    await expect.poll(() => page.getByTestId('financeiro-saldo').filter({ hasText: 'Banco Agenda' }).getByTestId('financeiro-saldo-valor').textContent()).toBe('R$ 4.654,32');

    // The payments calendar: the settled day shows what was paid, the second installment's day what is due, and opens its list.
    const segunda = somarMeses(hoje, 1);
    await page.goto(`${ctx.server.url}/calendarioPagamento?mes=${segunda.slice(0, 7)}&dia=${segunda}`);
    await expect.poll(() => page.getByTestId(`calendario-dia-${segunda}`).getByTestId('calendario-dia-pagar').textContent()).toBe('↑ pagar R$ 333,33');
    await expect.poll(() => page.getByTestId('calendario-titulo').allTextContents()).toEqual([expect.stringContaining('Conta de energia')]);
    await fotografar(page, 'calendarioPagamento');
  });
});
