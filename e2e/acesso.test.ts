import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPath, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-test' });

const caixa = { login: 'caixa@demo.com.br', senha: 'demo1234' };

/** Picks an option of a Mantine Select/MultiSelect by its visible text. */
async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByTestId(campo).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

describe('access profiles in the browser', () => {
  it('the cashier sees only the screens of the profile; a forbidden screen opened directly shows /403', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url, caixa);
    await page.getByTestId('menu-lateral').waitFor();
    // The Cadastros area holds only what the profile "Caixa" lets the cashier see.
    await page.getByTestId('menu-area-registration').click();
    await page.getByTestId('menu-tela-formaPagamento').waitFor();
    expect(await page.getByTestId('menu-tela-usuarios').count()).toBe(0);
    expect(await page.getByTestId('menu-tela-unidadeMedida').count()).toBe(0);
    expect(await page.getByTestId('menu-area-stock').count()).toBe(0);

    await page.goto(`${ctx.server.url}/usuarios`);
    await expectPath(page, '/403');
    await page.getByTestId('acesso-negado').waitFor();

    // An allowed screen: view only, so no Novo, no Lixeira, no Exportar.
    await page.goto(`${ctx.server.url}/formaPagamento`);
    await page.getByTestId('recurso-lista').waitFor();
    await expect.poll(() => page.getByTestId('recurso-vazio').count()).toBe(1);
    for (const id of ['recurso-novo', 'recurso-lixeira', 'recurso-exportar', 'recurso-vazio-novo']) expect(await page.getByTestId(id).count()).toBe(0);
  });

  it('the administrator creates a profile on the grid and a user with it, who then signs in and sees that screen', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/acessoSistema`);
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-nome').fill('Estoquista');
    await page.getByTestId('campo-observacao').fill('Cadastra unidades; consulta o resto da área, menos os usuários.');
    // Whole-area shortcut: Ver on every screen of Cadastros; then Criar and Editar on one screen.
    await page.getByTestId('permissoes-registration-todas-ver').click();
    await page.getByTestId('permissao-usuarios-ver').click();
    await page.getByTestId('permissao-unidadeMedida-criar').click();
    await page.getByTestId('permissao-unidadeMedida-editar').click();
    await escolher(page, 'campo-pdv', 'Abrir gaveta');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('permissoes-resumo').textContent()).toMatch(/^\d+ telas liberadas$/);
    await page.getByTestId('campo-telas').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await fotografar(page, 'acessoSistema-grade');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-linha').filter({ hasText: 'Estoquista' }).count()).toBe(1);

    await page.goto(`${ctx.server.url}/usuarios`);
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-nome').fill('Érica Estoquista');
    await page.getByTestId('campo-login').fill('erica');
    await page.getByTestId('campo-email').fill('erica@demo.com.br');
    await escolher(page, 'campo-atribuicaoSistema', 'Estoquista');
    await escolher(page, 'campo-acessoSistema', 'Estoquista');
    await escolher(page, 'campo-empresas', 'Restaurante Demonstração Centro');
    await page.keyboard.press('Escape');
    await escolher(page, 'campo-empresaPadrao', 'Restaurante Demonstração Centro');
    await page.getByTestId('campo-senha').fill('erica1234');
    await page.getByTestId('campo-pin').fill('2468');
    await page.getByTestId('campo-nome').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await fotografar(page, 'usuarios-formulario');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-linha').filter({ hasText: 'Érica Estoquista' }).count()).toBe(1);

    // Editing: no password field; the reset e-mail is offered instead.
    await page.getByTestId('recurso-linha').filter({ hasText: 'Érica Estoquista' }).getByTestId('recurso-acao-editar').click();
    await page.getByTestId('usuario-enviar-redefinicao').waitFor();
    expect(await page.getByTestId('campo-senha').count()).toBe(0);
    await fotografar(page, 'usuarios-editar');
    await page.getByTestId('usuario-enviar-redefinicao').click();
    await page.getByText('E-mail de redefinição de senha enviado para erica@demo.com.br.').waitFor();

    // The new user signs in and sees Unidades de medida, with Novo, but not Usuários.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signIn(page, ctx.server.url, { login: 'erica', senha: 'erica1234' });
    await page.goto(`${ctx.server.url}/unidadeMedida`);
    await page.getByTestId('recurso-novo').waitFor();
    expect(await page.getByTestId('recurso-lixeira').count()).toBe(0);
    expect(await page.getByTestId('menu-tela-usuarios').count()).toBe(0);
    await page.goto(`${ctx.server.url}/usuarios`);
    await expectPath(page, '/403');
  });
});
