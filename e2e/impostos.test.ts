import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { escolher, salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

// One browser for the file: the steps build on each other like a person's session.
const ctx = useServerAndBrowser({ browser: 'per-file' });
const linhas = (page: Page) => page.getByTestId('recurso-linha');

describe('state tax page (ICMS, IPI, IBS/CBS)', () => {
  it('creates a configuration with a rate typed with a comma and sees it listed', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/configuracaoImposto`);
    // The demo company is Simples Nacional in SP: the page says which code it uses.
    await expect.poll(() => page.getByTestId('imposto-regime').textContent()).toContain('Simples Nacional (CRT 1), em SP: informe o CSOSN');
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-descricao').fill('Tributado 18,5%');
    await page.getByTestId('lista-icms-adicionar').click();
    await escolher(page, 'icms.0.uf', 'SP', 'sao');
    await page.getByTestId('campo-icms.0.cfop').fill('5102');
    await escolher(page, 'icms.0.csosn', '101');
    await page.getByTestId('campo-icms.0.aliquota').fill('18,5');
    // What NF-e/NFC-e still lack is said while typing: the reform fields.
    await expect.poll(() => page.getByTestId('imposto-pendencias').textContent()).toContain('Sem CST IBS/CBS');
    expect(await page.getByTestId('imposto-pendencias').textContent()).toContain('Sem cClassTrib');
    await fotografar(page, 'imposto-icms');
    await page.getByTestId('aba-ibsCbs').click();
    // The 2026 test-year rates come filled in, exactly.
    expect(await page.getByTestId('campo-ibsCbs.aliquotaCbs').inputValue()).toBe('0,90');
    expect(await page.getByTestId('campo-ibsCbs.aliquotaIbsUf').inputValue()).toBe('0,10');
    await escolher(page, 'ibsCbs.cst', '000');
    await page.getByTestId('campo-ibsCbs.cClassTrib').fill('000001');
    await expect.poll(() => page.getByTestId('imposto-pendencias').textContent()).toBe('Nada falta para emitir NF-e e NFC-e com esta configuração nesta empresa.');
    await fotografar(page, 'imposto-ibscbs');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain('SP 5102 18,50 %');
    await fotografar(page, 'imposto-lista');
  });

  it('a CST on a Simples Nacional company is refused next to the field, on its tab', async () => {
    const { page } = ctx.browser;
    // Novo right after a save opens a fresh form on the first tab, not on the last one used.
    await page.getByTestId('recurso-novo').click();
    await expect.poll(() => page.getByTestId('aba-icms').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('campo-descricao').fill('Com CST');
    await page.getByTestId('lista-icms-adicionar').click();
    await escolher(page, 'icms.0.uf', 'SP', 'sao');
    await page.getByTestId('campo-icms.0.cfop').fill('5102');
    await escolher(page, 'icms.0.cst', '00');
    await page.getByTestId('campo-icms.0.aliquota').fill('18');
    await page.getByTestId('aba-ipi').click();
    await page.getByTestId('recurso-salvar').click();
    // The refusal brings the ICMS tab back, with the message under the field.
    const mensagem = 'O regime da empresa é Simples Nacional (CRT 1): informe o CSOSN, não o CST.';
    await expect.poll(() => page.getByTestId('campo-icms.0.cst').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('recurso-form').getByText(mensagem, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('aba-icms').getAttribute('aria-selected')).toBe('true');
    await fotografar(page, 'imposto-erro');
    await page.getByTestId('recurso-cancelar').click();
    await page.getByTestId('descartar-ok').click();
  });

  it('the IPI screen opens the same page on the IPI tab', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/configuracaoImpostoIPI`);
    await expect.poll(() => linhas(page).count()).toBe(1);
    await linhas(page).first().getByTestId('recurso-acao-editar').click();
    await expect.poll(() => page.getByTestId('aba-ipi').getAttribute('aria-selected')).toBe('true');
    await escolher(page, 'ipi.cst', '50');
    await page.getByTestId('campo-ipi.aliquota').fill('6,5');
    await fotografar(page, 'imposto-ipi');
    await salvarFormulario(page);
    await linhas(page).first().getByTestId('recurso-acao-editar').click();
    await expect.poll(() => page.getByTestId('campo-ipi.aliquota').inputValue()).toBe('6,50');
    await page.getByTestId('recurso-cancelar').click();
  });
});

describe('federal tax page (PIS/COFINS)', () => {
  it('creates a configuration with rates typed with a comma, listed exactly', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/configuracaoImpostoFederal`);
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-descricao').fill('Lucro presumido');
    await escolher(page, 'cstPis', '01');
    await page.getByTestId('campo-aliquotaPis').fill('0,65');
    await escolher(page, 'cstCofins', '01');
    await page.getByTestId('campo-aliquotaCofins').fill('3');
    await fotografar(page, 'pis-cofins-form');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    const texto = await linhas(page).first().textContent();
    expect(texto).toContain('0,65 %');
    expect(texto).toContain('3,00 %');
    await fotografar(page, 'pis-cofins-lista');
  });
});
