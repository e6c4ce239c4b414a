import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser();
const amostra = fileURLToPath(new URL('../fixtures/ibpt/TabelaIBPTax_26.1.E.csv', import.meta.url));

describe('De Olho no Imposto (IBPT)', () => {
  it('imports the real table for a UF, warns that it expired, and finds a rate by description', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/olhoNoImposto`);
    await page.getByTestId('ibpt-sem-versoes').waitFor();

    // Without a UF the import is refused on the spot, naming the field.
    await page.locator('input[type=file]').setInputFiles(amostra);
    await page.getByTestId('ibpt-importar').click();
    await expect.poll(() => page.getByText('Escolha a UF da tabela.').count()).toBe(1);

    await page.getByTestId('ibpt-uf').fill('São Paulo');
    await page.getByRole('option', { name: 'SP – São Paulo' }).click();
    await page.getByTestId('ibpt-importar').click();
    await expect.poll(() => page.getByText(/Tabela 26\.1\.E de SP importada: 11\.390 linhas \(10\.332 NCM, 860 NBS, 198 LC 116\)/).count(), { timeout: 30_000 }).toBe(1);

    const versao = page.getByTestId('ibpt-versao');
    await expect.poll(() => versao.count()).toBe(1);
    expect(await versao.first().textContent()).toContain('20/02/2026 – 31/03/2026');
    // The sample's validity ended on 31/03/2026: the page says so.
    expect(await page.getByTestId('ibpt-vencida').textContent()).toContain('valia até 31/03/2026');

    await page.getByTestId('ibpt-busca').fill('cervejas de malte');
    await expect.poll(() => new URL(page.url()).searchParams.get('busca')).toBe('cervejas de malte');
    const linha = page.getByTestId('ibpt-linha').filter({ hasText: '22030000' });
    await expect.poll(() => linha.count()).toBe(1);
    const texto = await linha.textContent();
    expect(texto).toContain('Cervejas de malte');
    expect(texto).toContain('14,67%');
    expect(texto).toContain('22,00%');
  });
});
