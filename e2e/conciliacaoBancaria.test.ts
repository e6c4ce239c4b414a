import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser();
const amostra = fileURLToPath(new URL('../fixtures/ofx/itau_sgml_no_closing_tags.ofx', import.meta.url));

describe('Conciliação bancária: OFX import', () => {
  it('imports a bank statement into an account, lists its lines, and says a second import repeated them all', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const conta = await api<{ _id: string }>(page, 'financeiroConta', { nome: 'Itaú movimento', tipo: 'Banco', banco: '341', saldoInicial: 0, dataSaldoInicial: '2013-12-01' });
    await page.goto(`${ctx.server.url}/financeiroConciliacaoBancaria`);
    await page.getByTestId('conciliacao-conta').click();
    await page.getByRole('option', { name: 'Itaú movimento (341)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('conta')).toBe(conta._id);
    await page.getByTestId('conciliacao-sem-linhas').waitFor();

    await page.locator('input[type=file]').setInputFiles(amostra);
    await expect.poll(() => page.getByTestId('conciliacao-resultado').textContent()).toBe('itau_sgml_no_closing_tags.ofx: 3 linhas novas importadas, 0 repetida(s) (já estavam na conta).');
    const linhas = page.getByTestId('conciliacao-linha');
    await expect.poll(() => linhas.count()).toBe(3);
    // Newest first: 10/12/2013 SISDEB, then the two of 09/12/2013.
    expect((await linhas.allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      '10/12/2013SISDEB-R$ 77,77Não conciliada',
      '09/12/2013RSHOP-R$ 666,66Não conciliada',
      '09/12/2013REND PAGO APLIC AUT MAISR$ 99,99Não conciliada',
    ]);
    expect(await page.getByTestId('conciliacao-aviso').textContent()).toContain('nenhuma linha aparece como conciliada');
    await fotografar(page, 'conciliacao-bancaria');

    await page.locator('input[type=file]').setInputFiles(amostra);
    await expect.poll(() => page.getByTestId('conciliacao-resultado').textContent()).toBe('itau_sgml_no_closing_tags.ofx: nenhuma linha nova, 3 repetida(s) (já estavam na conta).');
    await expect.poll(() => page.getByTestId('conciliacao-importacao').count()).toBe(2);
    expect(await linhas.count()).toBe(3);

    // Not an OFX: the server's Portuguese message, nothing added.
    await page.locator('input[type=file]').setInputFiles({ name: 'planilha.csv', mimeType: 'text/csv', buffer: Buffer.from('data;valor\n2025-01-01;10,00\n') });
    await expect.poll(() => page.getByTestId('conciliacao-erro').textContent()).toBe('Arquivo: O arquivo não é um extrato OFX: não há cabeçalho OFX nem o elemento <OFX>.');
    expect(await page.getByTestId('conciliacao-importacao').count()).toBe(2);
    await fotografar(page, 'conciliacao-bancaria-recusa');
  });
});
