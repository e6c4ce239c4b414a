import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser } from './support/browser.ts';
import { expectPath, signIn, vizinho } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

// One browser for the file: the steps build on each other like a person's session.
const ctx = useServerAndBrowser({ browser: 'per-file' });

const linhas = (page: Page) => page.getByTestId('recurso-linha');

async function criarUnidade(page: Page, sigla: string, descricao: string) {
  await page.getByTestId('recurso-novo').click();
  await page.getByTestId('campo-sigla').fill(sigla);
  await page.getByTestId('campo-descricao').fill(descricao);
  await page.getByTestId('recurso-salvar').click();
}

describe('generic resource screens (unidadeMedida)', () => {
  it('starts empty and says what to do first', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/unidadeMedida`);
    await expect.poll(() => page.getByTestId('recurso-vazio').textContent()).toMatch(/Novo/);
    expect(await page.title()).toBe('unidadeMedida');
  });

  it('creates records through the form, validating on the client and refusing a duplicate from the server', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-form').getByText('Informe a sigla.').count()).toBe(1);
    await page.getByTestId('campo-sigla').fill('kg');
    await page.getByTestId('campo-descricao').fill('Quilograma');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    // The schema uppercases the sigla on both sides.
    expect(await linhas(page).first().textContent()).toContain('KG');

    await criarUnidade(page, 'UN', 'Unidade');
    await expect.poll(() => linhas(page).count()).toBe(2);

    await criarUnidade(page, 'KG', 'Quilo repetido');
    await expect.poll(() => page.getByTestId('recurso-form').getByText(/Já existe/).count()).toBeGreaterThan(0);
    // The input is kept after the refusal.
    expect(await page.getByTestId('campo-descricao').inputValue()).toBe('Quilo repetido');
    await page.getByTestId('recurso-cancelar').click();
    await page.getByTestId('descartar-ok').click();
    await expect.poll(() => linhas(page).count()).toBe(2);
  });

  it('finds a record by search, accents and case ignored, and keeps the search in the URL across a reload', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('recurso-busca').fill('QUILÓGRAMA');
    await expect.poll(() => linhas(page).count()).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('busca')).toBe('QUILÓGRAMA');
    await page.reload();
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain('Quilograma');
  });

  it('sends a record to the trash and restores it', async () => {
    const { page } = ctx.browser;
    await linhas(page).first().getByTestId('recurso-acao-lixeira').click();
    await page.getByTestId('confirmar-ok').click();
    await expect.poll(() => linhas(page).count()).toBe(0);
    await page.getByTestId('recurso-lixeira').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    await linhas(page).first().getByTestId('recurso-acao-restaurar').click();
    await expect.poll(() => linhas(page).count()).toBe(0);
    await page.getByTestId('recurso-lixeira').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
  });

  it('exports what is shown to CSV with Portuguese headers', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/unidadeMedida`);
    await expect.poll(() => linhas(page).count()).toBe(2);
    await page.getByTestId('recurso-exportar').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('recurso-exportar-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('Sigla;Descrição');
    expect(csv).toContain('KG;Quilograma');
    expect(csv).toContain('UN;Unidade');
  });

  it("shows none of these records to another group's user", async () => {
    const other = await openBrowser();
    try {
      await signIn(other.page, ctx.server.url, vizinho);
      await other.page.goto(`${ctx.server.url}/unidadeMedida`);
      await expectPath(other.page, '/unidadeMedida');
      await other.page.getByTestId('recurso-vazio').waitFor();
      expect(await linhas(other.page).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
