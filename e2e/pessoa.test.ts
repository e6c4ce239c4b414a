import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { escolher, salvarFormulario, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

// One browser for the file: the steps build on each other like a person's session.
const ctx = useServerAndBrowser({ browser: 'per-file' });

const linhas = (page: Page) => page.getByTestId('recurso-linha');
const NOME = 'Restaurante Sabor Caseiro Ltda';

describe('pessoa screen', () => {
  it('lists the seeded people, the default customer among them', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/pessoa`);
    await expect.poll(() => linhas(page).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('recurso-lista').textContent()).toContain('Consumidor');
  });

  it('creates a Jurídica with a valid CNPJ and an address (CEP, UF, city)', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('recurso-novo').click();
    await escolher(page, 'tipo', 'Jurídica');
    await page.getByTestId('campo-nome').fill(NOME);
    await page.getByTestId('campo-nomeFantasia').fill('Sabor Caseiro');
    await page.getByTestId('campo-cpfCnpj').fill('45723174000110');
    expect(await page.getByTestId('campo-cpfCnpj').inputValue()).toBe('45.723.174/0001-10');

    await page.getByTestId('lista-enderecos-adicionar').click();
    await escolher(page, 'enderecos.0.tipo', 'Comercial');
    await page.getByTestId('campo-enderecos.0.cep').fill('13015002');
    expect(await page.getByTestId('campo-enderecos.0.cep').inputValue()).toBe('13015-002');
    await page.getByTestId('campo-enderecos.0.logradouro').fill('Rua Barão de Jaguara');
    await page.getByTestId('campo-enderecos.0.numero').fill('1000');
    await page.getByTestId('campo-enderecos.0.bairro').fill('Centro');
    await escolher(page, 'enderecos.0.uf', 'SP', 'sao paulo');
    await escolher(page, 'enderecos.0.cidade', 'Campinas', 'campinas');
    await expect.poll(() => page.getByTestId('campo-enderecos.0.codigoMunicipio').inputValue()).toBe('3509502');

    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/pessoa-form.png`, fullPage: true });
    await salvarFormulario(page);
  });

  it('finds it by the list search, by name and by the CNPJ typed with its mask', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('recurso-busca').fill('sabor caseiro');
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain('45.723.174/0001-10');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/pessoa-lista-busca.png` });
    await page.getByTestId('recurso-busca').fill('45.723.174/0001');
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain(NOME);
  });

  it('sends it to the trash, sees it there, and restores it', async () => {
    const { page } = ctx.browser;
    await linhas(page).first().getByTestId('recurso-acao-lixeira').click();
    await page.getByTestId('confirmar-ok').click();
    await expect.poll(() => linhas(page).count()).toBe(0);

    await page.getByTestId('recurso-lixeira').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain(NOME);
    await linhas(page).first().getByTestId('recurso-acao-restaurar').click();
    await expect.poll(() => linhas(page).count()).toBe(0);

    await page.getByTestId('recurso-lixeira').click();
    await expect.poll(() => linhas(page).count()).toBe(1);
    expect(await linhas(page).first().textContent()).toContain(NOME);
  });

  it('opens it again with its address: Campinas, SP', async () => {
    const { page } = ctx.browser;
    await linhas(page).first().getByTestId('recurso-acao-editar').click();
    await expect.poll(() => page.getByTestId('campo-enderecos.0.cidade').inputValue()).toBe('Campinas');
    expect(await page.getByTestId('campo-enderecos.0.uf').inputValue()).toMatch(/^SP/);
    expect(await page.getByTestId('campo-enderecos.0.cep').inputValue()).toBe('13015-002');
  });
});
