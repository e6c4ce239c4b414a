import { cnpjCheckDigits } from '@retaguarda/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** The balance card of an account, as the screen shows it ('R$ 74,50'). */
const saldoNaTela = (page: Page, nome: string) =>
  page
    .getByTestId('financeiro-saldo')
    .filter({ hasText: nome })
    .getByTestId('financeiro-saldo-valor')
    .textContent();

async function escolher(page: Page, testid: string, opcao: string | RegExp) {
  await page.getByTestId(testid).click();
  await page.getByRole('option', { name: opcao }).click();
}

/** The dark theme, as another tab of the app switches it (the stored choice the guard restores). */
async function usarTemaEscuro(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('retaguarda.tema', 'dark');
    dispatchEvent(new StorageEvent('storage', { key: 'retaguarda.tema', newValue: 'dark', storageArea: localStorage }));
  });
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
}

describe('financeiroMovimentacao screen', () => {
  it('adds a saída and a transfer in the drawer, reverses the saída, and the balances follow', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const caixa = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Caixa E2E', tipo: 'Caixa', saldoInicial: 10000, dataSaldoInicial: hoje });
    await api(page, 'financeiroConta', { nome: 'Banco E2E', tipo: 'Banco', banco: '341', dataSaldoInicial: hoje });

    await page.goto(`${ctx.server.url}/financeiroMovimentacao?conta=${caixa._id}`);
    await page.getByTestId('financeiro-movimentacao').waitFor();
    await expect.poll(() => saldoNaTela(page, 'Caixa E2E')).toBe('R$ 100,00');

    // A saída of R$ 25,50 for rent, typed with a comma.
    await page.getByTestId('financeiro-novo').click();
    await page.getByTestId('financeiro-form').waitFor();
    await escolher(page, 'financeiro-plano', /5\.01 Aluguel/);
    await page.getByTestId('financeiro-valor').fill('25,50');
    await page.getByTestId('financeiro-descricao').fill('Aluguel da vitrine');
    await page.getByTestId('financeiro-salvar').click();
    await page.getByTestId('financeiro-form').waitFor({ state: 'detached' });
    await expect.poll(() => saldoNaTela(page, 'Caixa E2E')).toBe('R$ 74,50');
    await expect.poll(() => page.getByTestId('financeiro-saldo-final').textContent()).toContain('R$ 74,50');
    await fotografar(page, 'financeiroMovimentacao', [[1440, 900], [390, 844]]);

    // A transfer of R$ 30,00 from the cash box to the bank.
    await page.getByTestId('financeiro-novo').click();
    await page.getByTestId('financeiro-form').waitFor();
    await page.getByTestId('financeiro-modo').getByText('Transferência').click();
    await escolher(page, 'financeiro-destino', 'Banco E2E');
    await page.getByTestId('financeiro-valor').fill('30');
    await fotografar(page, 'financeiroMovimentacao-transferencia');
    await page.getByTestId('financeiro-salvar').click();
    await page.getByTestId('financeiro-form').waitFor({ state: 'detached' });
    await expect.poll(() => saldoNaTela(page, 'Caixa E2E')).toBe('R$ 44,50');
    await expect.poll(() => saldoNaTela(page, 'Banco E2E')).toBe('R$ 30,00');
    // The running balance of the cash box, row by row.
    const saldos = () => page.getByTestId('financeiro-linha').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[7]?.textContent ?? ''));
    await expect.poll(saldos).toEqual(['R$ 100,00', 'R$ 74,50', 'R$ 44,50']);

    // Reversing the saída, with its reason: the money comes back and the row is marked.
    await page.getByTestId('financeiro-linha').filter({ hasText: 'Aluguel da vitrine' }).getByTestId('financeiro-estornar').click();
    await page.getByTestId('financeiro-estorno-ok').click();
    await expect.poll(() => page.getByTestId('financeiro-estorno-erro').textContent()).toContain('motivo');
    await page.getByTestId('financeiro-estorno-motivo').fill('lançado na conta errada');
    await page.getByTestId('financeiro-estorno-ok').click();
    await expect.poll(() => saldoNaTela(page, 'Caixa E2E')).toBe('R$ 70,00');
    await expect.poll(() => page.getByTestId('financeiro-estornado').count()).toBe(1);

    // A payable settled from the cash box: its row is reversed on the agenda, so the screen offers no Estornar.
    const plano = (await api<{ _id: string }[]>(page, 'financeiroPlanoConta/getPopulate', { filtro: { codigo: '5.01' } }))[0]!._id;
    const fornecedor = (await api<{ _id: string }>(page, 'pessoa', { nome: 'Imobiliária Quiosque Ltda', tipo: 'Jurídica', cpfCnpj: `112233440001${cnpjCheckDigits('112233440001')}`, cliente: false, fornecedor: true }))._id;
    const [titulo] = await api<{ parcelas: { _id: string }[] }[]>(page, 'financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: plano, descricao: 'Aluguel do quiosque', emissao: hoje, valor: 1500, vencimento: hoje });
    await api(page, `financeiroAgenda/parcelas/${titulo!.parcelas[0]!._id}/baixar`, { conta: caixa._id, data: hoje, valor: 1500 });
    await page.reload();
    const baixa = page.getByTestId('financeiro-linha').filter({ hasText: 'Aluguel do quiosque' });
    await expect.poll(() => baixa.getByTestId('financeiro-estorno-proprio').textContent()).toBe('Estorno na agenda financeira');
    expect(await baixa.getByTestId('financeiro-estornar').count()).toBe(0);
    await expect.poll(() => saldoNaTela(page, 'Caixa E2E')).toBe('R$ 55,00');
    await usarTemaEscuro(page);
    await fotografar(page, 'financeiroMovimentacao-escuro');
  });

  it('the chart of accounts is a tree: a group closes and opens, a click opens the form', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/financeiroPlanoConta`);
    const no = (texto: string) => page.getByTestId('plano-no').filter({ hasText: texto });
    await no('5.01 Aluguel').waitFor();
    await fotografar(page, 'financeiroPlanoConta');
    await no('5 Ocupação').getByTestId('plano-alternar').click();
    await expect.poll(() => no('5.01 Aluguel').count()).toBe(0);
    await no('5 Ocupação').getByTestId('plano-alternar').click();
    await expect.poll(() => no('5.01 Aluguel').count()).toBe(1);
    await no('4.01 Salários').getByTestId('plano-editar').click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Nome').first().inputValue()).toBe('Salários');
  });
});
