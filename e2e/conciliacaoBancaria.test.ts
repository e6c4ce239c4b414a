import { fileURLToPath } from 'node:url';
import { contaPadrao } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser();
const amostra = fileURLToPath(new URL('../fixtures/ofx/itau_sgml_no_closing_tags.ofx', import.meta.url));

describe('Conciliação bancária: OFX import and matching', () => {
  it('imports a statement, reconciles a line automatically, one by hand and one by creating its movement, and shows the reconciled balance', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    // The opening balance that makes the bank's -R$ 9.999,99 of 10/12/2013 once every line is reconciled.
    const conta = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Itaú movimento', tipo: 'Banco', banco: '341', saldoInicial: -935_555, dataSaldoInicial: '2013-12-01' });
    const saida = (data: string, valor: number, descricao: string) =>
      api(page, 'financeiroMovimentacao', { tipo: 'saida', conta: conta._id, data, valor, planoConta: contaPadrao('3.01')._id, descricao });
    await saida('2013-12-09', 66_666, 'Compra RSHOP');
    await saida('2013-12-08', 5_000, 'Débito automático parte 1');
    await saida('2013-12-10', 2_777, 'Débito automático parte 2');
    await page.goto(`${ctx.server.url}/financeiroConciliacaoBancaria`);
    await escolherOpcao(page, 'conciliacao-conta', 'Itaú movimento (341)');
    await expect.poll(() => new URL(page.url()).searchParams.get('conta')).toBe(conta._id);
    await expect.poll(() => page.getByTestId('conciliacao-movimento').count()).toBe(3);

    await page.locator('input[type=file]').setInputFiles(amostra);
    await expect.poll(() => page.getByTestId('conciliacao-resultado').textContent()).toBe('itau_sgml_no_closing_tags.ofx: 3 linhas novas importadas, 0 repetida(s) (já estavam na conta).');
    // The purchase has its movement on the same day: reconciled by the import.
    await expect.poll(() => page.getByTestId('conciliacao-importacao-conciliadas').textContent()).toBe('1 linha conciliada automaticamente na importação.');
    const texto = async (testid: string) => (await page.getByTestId(testid).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    await expect.poll(() => texto('conciliacao-conciliada')).toEqual(['09/12/2013RSHOP-R$ 666,66Mesmo valor e dataDesfazer']);
    expect(await texto('conciliacao-aberta')).toEqual(['10/12/2013SISDEB-R$ 77,77Criar movimento', '09/12/2013REND PAGO APLIC AUT MAISR$ 99,99Criar movimentoRecebível de cartão']);

    // By hand: the debit with the two movements that sum to it (the sum shown against the line).
    await page.getByRole('radio', { name: 'Escolher a linha SISDEB de 10/12/2013' }).check();
    await page.getByRole('checkbox', { name: 'Escolher o movimento Débito automático parte 1 de 08/12/2013' }).check();
    await expect.poll(() => page.getByTestId('conciliacao-soma').textContent()).toBe('Selecionados: -R$ 50,00 · linha: -R$ 77,77');
    await fotografar(page, 'conciliacao-bancaria-manual');
    expect(await page.getByTestId('conciliacao-manual').isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Escolher o movimento Débito automático parte 2 de 10/12/2013' }).check();
    await page.getByTestId('conciliacao-manual').click();
    await expect.poll(() => page.getByTestId('conciliacao-conciliada').count()).toBe(2);

    // The income has no movement: create it from the line, in a chart account.
    await page.getByTestId('conciliacao-criar-movimento').click();
    await escolherOpcao(page, 'conciliacao-criar-plano', '10.01 Rendimentos de aplicações');
    await page.getByTestId('conciliacao-criar-confirmar').click();
    await expect.poll(() => page.getByTestId('conciliacao-conciliada').count()).toBe(3);
    expect(await page.getByTestId('conciliacao-aberta').count()).toBe(0);

    // The bank's balance of 10/12/2013 (from the file's ledger balance) equals the reconciled ledger's.
    await expect.poll(async () => (await texto('conciliacao-saldo-dia'))[0]).toBe('10/12/2013-R$ 9.999,99-R$ 9.999,99R$ 0,00-R$ 9.999,99');
    await fotografar(page, 'conciliacao-bancaria');

    await page.locator('input[type=file]').setInputFiles(amostra);
    await expect.poll(() => page.getByTestId('conciliacao-resultado').textContent()).toBe('itau_sgml_no_closing_tags.ofx: nenhuma linha nova, 3 repetida(s) (já estavam na conta).');
    await expect.poll(() => page.getByTestId('conciliacao-importacao').count()).toBe(2);
    expect(await page.getByTestId('conciliacao-conciliada').count()).toBe(3);

    // Not an OFX: the server's Portuguese message, nothing added.
    await page.locator('input[type=file]').setInputFiles({ name: 'planilha.csv', mimeType: 'text/csv', buffer: Buffer.from('data;valor\n2025-01-01;10,00\n') });
    await expect.poll(() => page.getByTestId('conciliacao-erro').textContent()).toBe('Arquivo: O arquivo não é um extrato OFX: não há cabeçalho OFX nem o elemento <OFX>.');
    expect(await page.getByTestId('conciliacao-importacao').count()).toBe(2);
    await fotografar(page, 'conciliacao-bancaria-recusa');
  });
});
