import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

// One browser for the file: the terminal chosen for "this computer" must last between steps.
const ctx = useServerAndBrowser({ browser: 'per-file' });

/** A call of the signed-in page's session (same cookies), for the data a test needs first. */
async function criar(page: Page, recurso: string, body: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await page.request.post(`${ctx.server.url}/api/${recurso}`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

describe('configuration of this computer and the open period', () => {
  it('the terminal chosen in "Este computador" and its cashier’s open period show in the context panel', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.getByTestId('contexto-toggle').click();
    const painel = page.getByTestId('painel-este-computador');
    await expect.poll(() => page.getByTestId('painel-terminal').textContent()).toBe('Nenhum terminal escolhido');

    const caixa = await criar(page, 'caixa', { descricao: 'Caixa balcão' });
    await criar(page, 'terminal', { descricao: 'PDV balcão', tipo: 'PDV', configuracoes: { caixa: caixa._id } });
    await criar(page, 'periodo', { caixa: caixa._id, dataAbertura: '2026-11-22' });
    await criar(page, 'formaPagamento', { descricao: 'Dinheiro', tipo: 'Dinheiro', permiteTroco: true });

    await page.getByTestId('menu-usuario').click();
    await page.getByTestId('este-computador-abrir').click();
    await page.getByTestId('este-computador-terminal').click();
    await page.getByRole('option', { name: 'PDV balcão (PDV)' }).click();
    await fotografar(page, 'este-computador');
    await page.getByTestId('este-computador-salvar').click();

    await expect.poll(() => page.getByTestId('painel-terminal').textContent()).toBe('PDV balcão (PDV)');
    expect(await page.getByTestId('painel-caixa').textContent()).toBe('Caixa balcão');
    await expect.poll(() => page.getByTestId('painel-periodo').textContent()).toBe('Aberto desde 22/11/2026');
    expect(await page.evaluate(() => localStorage.getItem('retaguarda.terminalPorEmpresa'))).toContain('"');

    // After a reload (session restored) the lists load again: the payment method created above counts.
    await page.reload();
    await page.getByTestId('contexto-toggle').click();
    await expect.poll(() => page.getByTestId('painel-listas').textContent()).toMatch(/formas de pagamento 1,/);
    await expect.poll(() => page.getByTestId('painel-periodo').textContent()).toBe('Aberto desde 22/11/2026');
    await fotografar(page, 'painel-contexto');
    expect(await painel.isVisible()).toBe(true);
  });

  it('switching company reloads: the other company has no terminal chosen on this computer', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('troca-empresa').click();
    await page.getByRole('option').filter({ hasNotText: await page.getByTestId('troca-empresa').inputValue() }).first().click();
    await expect.poll(() => page.getByTestId('painel-terminal').textContent()).toBe('Nenhum terminal escolhido');
    await expect.poll(() => page.getByTestId('painel-listas').textContent()).toMatch(/formas de pagamento 0,/);
  });
});

describe('coupons and loyalty screens', () => {
  it('generates a batch of codes in one go and shows it, ready to export', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/voucherECupomDesconto`);
    await expect.poll(() => page.getByTestId('recurso-avisos').textContent()).toContain('ainda não há lista de usos');
    await page.getByTestId('lote-abrir').click();
    await page.getByTestId('lote-prefixo').fill('natal');
    await page.getByTestId('lote-quantidade').fill('12');
    await page.getByTestId('campo-tipoDesconto').click();
    await page.getByRole('option', { name: 'Percentual' }).click();
    await page.getByTestId('campo-percentual').fill('15');
    await page.getByTestId('campo-validoDe').fill('20261201');
    await page.getByTestId('campo-validoAte').fill('20261231');
    await fotografar(page, 'gerar-lote');
    await page.getByTestId('lote-gerar').click();
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(12);
    await expect.poll(() => new URL(page.url()).searchParams.get('lote')).toBe('NATAL');
    const texto = await page.getByTestId('recurso-linha').first().textContent();
    expect(texto).toMatch(/NATAL-[A-Z2-9]{8}/);
    expect(texto).toContain('15,00 %');
    expect(texto).toContain('01/12/2026');
    await fotografar(page, 'cupons-lote');
  });

  it('a coupon with 150 % is refused next to the field', async () => {
    const { page } = ctx.browser;
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-codigo').fill('demais');
    await page.getByTestId('campo-tipoDesconto').click();
    await page.getByRole('option', { name: 'Percentual' }).click();
    await page.getByTestId('campo-percentual').fill('150');
    await page.getByTestId('campo-validoDe').fill('20261201');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-form').getByText('O percentual deve ser no máximo 100.').count()).toBe(1);
    await fotografar(page, 'cupom-form');
    await page.getByTestId('recurso-cancelar').click();
    await page.getByTestId('descartar-ok').click();
  });

  it('a loyalty programme takes companies and channels; its rules say balances need sales', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/programaFidelidade`);
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-nome').fill('Clube Demo');
    await page.getByTestId('campo-empresas').click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await fotografar(page, 'programa-form');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(1);
    const linha = await page.getByTestId('recurso-linha').first().textContent();
    expect(linha).toContain('Clube Demo');
    expect(linha).toMatch(/Demo/);
    await fotografar(page, 'programa-lista');

    await page.goto(`${ctx.server.url}/programaFidelidadeCashBack`);
    await expect.poll(() => page.getByTestId('recurso-avisos').textContent()).toContain('ainda não há saldo nem extrato por cliente');
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('campo-programa').click();
    await page.getByRole('option', { name: 'Clube Demo' }).click();
    await page.getByTestId('campo-descricao').fill('Cashback delivery');
    await page.getByTestId('lista-percentuais-adicionar').click();
    await page.getByTestId('campo-percentuais.0.canal').click();
    await page.getByRole('option', { name: 'Delivery', exact: true }).click();
    await page.getByTestId('campo-percentuais.0.percentual').fill('5');
    await page.getByTestId('campo-limitePorCompra').fill('20,00');
    await fotografar(page, 'cashback-form');
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-linha').count()).toBe(1);
    expect(await page.getByTestId('recurso-linha').first().textContent()).toMatch(/R\$\s20,00/);
    await fotografar(page, 'cashback-lista');
  });
});
