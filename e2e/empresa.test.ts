import { describe, expect, it } from 'vitest';
import { escolher, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('empresaSimplificado wizard', () => {
  it('refuses an invalid CNPJ next to the field, creates the company, and the switcher offers it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/empresaSimplificado`);
    await page.getByTestId('empresa-simplificado').waitFor();

    await page.getByTestId('campo-razaoSocial').fill('Padaria Pão Quente Ltda');
    await page.getByTestId('campo-nomeFantasia').fill('Padaria Pão Quente');
    await page.getByTestId('campo-cnpj').fill('11222333000182');
    await escolher(page, 'crt', '1 - Simples Nacional');
    await page.getByTestId('campo-endereco.cep').fill('30130010');
    await page.getByTestId('campo-endereco.logradouro').fill('Avenida Afonso Pena');
    await page.getByTestId('campo-endereco.numero').fill('1500');
    await page.getByTestId('campo-endereco.bairro').fill('Centro');
    await escolher(page, 'endereco.uf', 'MG', 'minas');
    await escolher(page, 'endereco.municipio', 'Belo Horizonte', 'belo horiz');
    // The picker writes the IBGE code that NF-e needs as cMun.
    await expect.poll(() => page.getByTestId('campo-endereco.codigoMunicipio').inputValue()).toBe('3106200');
    await page.getByTestId('empresa-simplificado-criar').click();
    await expect.poll(() => page.getByText('CNPJ inválido.').count()).toBe(1);

    await page.getByTestId('campo-cnpj').fill('11222333000181');
    await page.getByTestId('empresa-simplificado-criar').click();
    const dialogo = page.getByRole('dialog');
    await page.getByTestId('empresa-simplificado-trocar').waitFor();
    expect(await dialogo.textContent()).toContain('Padaria Pão Quente já aparece na troca de empresa');

    // Before switching, the new company is already among the switcher's options.
    await page.getByTestId('empresa-simplificado-ficar').click();
    await page.getByTestId('troca-empresa').click();
    await page.getByRole('option', { name: 'Padaria Pão Quente' }).waitFor();
    await page.keyboard.press('Escape');

    // Again through the wizard's offer: the session switches to it.
    await page.goto(`${ctx.server.url}/empresa`);
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(3);
    expect(await page.getByTestId('recurso-lista').textContent()).toContain('Padaria Pão Quente');
    await page.getByTestId('troca-empresa').click();
    await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
    await expect.poll(() => page.getByTestId('troca-empresa').inputValue()).toBe('Padaria Pão Quente');
    await page.reload();
    await expect.poll(() => page.getByTestId('troca-empresa').inputValue()).toBe('Padaria Pão Quente');
  });

  it('the new company came with its caixa and PDV terminal', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/terminal`);
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(1);
    expect(await page.getByTestId('recurso-linha').first().textContent()).toContain('PDV 1');
    await page.getByTestId('recurso-linha').first().getByTestId('recurso-acao-editar').click();
    await expect.poll(() => page.getByTestId('campo-configuracoes.caixa').inputValue()).toBe('Caixa 1');
  });
});
