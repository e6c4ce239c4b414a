import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** A call to the API through the page's session: status and the answer's data (or its failure). */
async function chamar<T = Record<string, unknown>>(page: Page, caminho: string, corpo?: unknown): Promise<{ status: number; data: T }> {
  const r = await page.evaluate(
    async ([caminho, corpo]) => {
      const res = await fetch(`/api/${caminho}`, { method: corpo === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
      return { status: res.status, body: await res.json() };
    },
    [caminho, corpo] as const,
  );
  return { status: r.status, data: r.body.data as T };
}
async function api<T = Record<string, unknown>>(page: Page, caminho: string, corpo?: unknown): Promise<T> {
  const r = await chamar<T>(page, caminho, corpo);
  if (r.status >= 300) throw new Error(`${caminho}: ${r.status} ${JSON.stringify(r.data)}`);
  return r.data;
}

/** Screenshots at the desktop and the phone size, when SCREENSHOTS_DIR is set. */
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);

/** The row of a product in the count. */
const linha = (page: Page, produto: string) => page.getByTestId('inventario-linha').filter({ hasText: produto });

describe('stock count screen', () => {
  it('opens a count, takes counts (one through the code field), marks every wrong line, saves, approves once, and the position equals the counts', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: a location, two products in KG and an entry of each.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const despensa = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Despensa Inv E2E' });
    const bar = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Bar Inv E2E' });
    const arroz = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Arroz Inv E2E', unidade: kg._id, gtin: '7891234567895' });
    const feijao = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Feijão Inv E2E', unidade: kg._id });
    await api(page, 'estoqueDocumento', {
      tipo: 'entradaManual',
      local: despensa._id,
      itens: [
        { produto: arroz._id, quantidade: '10', custoUnitario: '500' },
        { produto: feijao._id, quantidade: '4', custoUnitario: '800' },
      ],
    });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: bar._id, itens: [{ produto: arroz._id, quantidade: '2', custoUnitario: '500' }] });

    // A new count of both locations, through the drawer.
    await page.goto(`${ctx.server.url}/estoqueInventario`);
    await page.getByTestId('estoque-inventario').waitFor();
    await page.getByTestId('inventario-novo').click();
    await page.getByTestId('inventario-form').waitFor();
    await page.getByTestId('inventario-descricao').fill('Contagem mensal E2E');
    await page.getByTestId('inventario-locais').click();
    await page.getByRole('option', { name: 'Despensa Inv E2E', exact: true }).click();
    await page.getByRole('option', { name: 'Bar Inv E2E', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('inventario-abrir').click();
    await page.getByTestId('inventario-detalhe').waitFor();
    await expect.poll(() => page.getByTestId('inventario-titulo').textContent()).toMatch(/^Inventário nº \d+: Contagem mensal E2E$/);
    await expect.poll(() => new URL(page.url()).searchParams.get('inventario')).toBeTruthy();
    const id = new URL(page.url()).searchParams.get('inventario');
    await expect.poll(() => new URL(page.url()).searchParams.get('novo')).toBeNull();
    expect(await page.getByTestId('inventario-status-detalhe').textContent()).toBe('Aberto');
    // Lines grouped by location; this person counts the pantry only (?local=).
    expect(await page.getByTestId('inventario-grupo').allTextContents()).toEqual(['Bar Inv E2E', 'Despensa Inv E2E']);
    await page.getByTestId('inventario-local').click();
    await page.getByRole('option', { name: 'Despensa Inv E2E', exact: true }).click();
    await expect.poll(() => page.getByTestId('inventario-grupo').allTextContents()).toEqual(['Despensa Inv E2E']);
    await expect.poll(() => new URL(page.url()).searchParams.get('local')).toBe(despensa._id);
    expect(await linha(page, 'Arroz Inv E2E').getByTestId('inventario-congelado').textContent()).toBe('10 KG');
    expect(await linha(page, 'Feijão Inv E2E').getByTestId('inventario-congelado').textContent()).toBe('4 KG');

    // Two wrong lines: the server's 400 marks both at once, each next to its input.
    const contadoArroz = linha(page, 'Arroz Inv E2E').getByTestId('inventario-contado');
    const contadoFeijao = linha(page, 'Feijão Inv E2E').getByTestId('inventario-contado');
    await contadoArroz.fill('abc');
    await contadoFeijao.fill('1,23456');
    expect(await page.getByTestId('inventario-alteradas').textContent()).toBe('2 contagens não salvas');
    await page.getByTestId('inventario-salvar').click();
    await page.getByTestId('inventario-erro').waitFor();
    await expect.poll(() => linha(page, 'Arroz Inv E2E').textContent()).toContain('quantidade contada');
    expect(await linha(page, 'Feijão Inv E2E').textContent()).toContain('4 casas decimais');
    expect(await contadoArroz.getAttribute('aria-invalid')).toBe('true');
    expect(await contadoFeijao.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('inventario-erro').textContent()).toContain('2 linhas com erro');

    // The right counts: the rice through the code field (a scanned GTIN, then Enter), the beans typed.
    await contadoArroz.fill('');
    await contadoFeijao.fill('5');
    // Both marked lines retyped: their marks and the summary go.
    await expect.poll(() => page.getByTestId('inventario-erro').count()).toBe(0);
    expect(await contadoFeijao.getAttribute('aria-invalid')).not.toBe('true');
    await page.getByTestId('inventario-codigo').fill('7891234567895');
    await page.getByTestId('inventario-codigo').press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="inventario-linha"]')?.textContent ?? '')).toContain('Arroz Inv E2E');
    await page.keyboard.type('9,5');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('inventario-codigo');
    expect(await contadoArroz.inputValue()).toBe('9,5');
    await shot(page, 'estoque-inventario-aberto');
    await page.getByTestId('inventario-salvar').click();

    // The server's answer: each line's difference and its value at the frozen average, and the totals.
    await expect.poll(() => page.getByTestId('inventario-alteradas').textContent()).toBe('Nenhuma contagem alterada.');
    expect(await linha(page, 'Arroz Inv E2E').getByTestId('inventario-diferenca').textContent()).toBe('-0,5 KG');
    expect(await linha(page, 'Arroz Inv E2E').getByTestId('inventario-valor').textContent()).toBe('-R$ 2,50');
    expect(await linha(page, 'Feijão Inv E2E').getByTestId('inventario-diferenca').textContent()).toBe('+1 KG');
    expect(await linha(page, 'Feijão Inv E2E').getByTestId('inventario-valor').textContent()).toBe('+R$ 8,00');
    expect(await page.getByTestId('inventario-total-contadas').textContent()).toBe('2 de 3');
    expect(await page.getByTestId('inventario-total-sobras').textContent()).toBe('+R$ 8,00');
    expect(await page.getByTestId('inventario-total-faltas').textContent()).toBe('-R$ 2,50');
    expect(await page.getByTestId('inventario-total-diferenca').textContent()).toBe('+R$ 5,50');
    expect(await page.getByTestId('inventario-erro').count()).toBe(0);

    // Only the changed lines travel: another person's count of a line saved meanwhile survives a save of mine.
    const outro = await chamar(page, `estoqueInventario/${id}/contagem`, { itens: [{ local: despensa._id, produto: feijao._id, contado: '6' }] });
    expect(outro.status).toBe(200);
    await contadoArroz.fill('9,25');
    await page.getByTestId('inventario-salvar').click();
    await expect.poll(() => linha(page, 'Arroz Inv E2E').getByTestId('inventario-diferenca').textContent()).toBe('-0,75 KG');
    await expect.poll(() => contadoFeijao.inputValue()).toBe('6');
    await contadoArroz.fill('9,5');
    await contadoFeijao.fill('5');
    await page.getByTestId('inventario-salvar').click();
    await expect.poll(() => page.getByTestId('inventario-total-diferenca').textContent()).toBe('+R$ 5,50');

    // The list shows the count with its counted lines and difference.
    await page.getByTestId('inventario-voltar').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const naLista = page.getByTestId('inventario-linha-lista').filter({ hasText: 'Contagem mensal E2E' }).locator('td');
    await expect.poll(() => naLista.nth(4).textContent()).toBe('2 de 3');
    expect(await naLista.nth(5).textContent()).toBe('+R$ 5,50');
    expect(await naLista.nth(3).textContent()).toBe('Aberto');
    expect(await naLista.nth(2).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await shot(page, 'estoque-inventario-lista');

    // Approve through the dialog, which states the total to be posted.
    await page.getByTestId('inventario-abrir-linha').filter({ hasText: 'Contagem mensal E2E' }).click();
    await page.getByTestId('inventario-aprovar').click();
    await page.getByRole('dialog', { name: /^Aprovar o inventário nº \d+$/ }).waitFor();
    expect(await page.getByTestId('inventario-aprovar-total').textContent()).toBe('Diferença total a lançar: +R$ 5,50 (sobras R$ 8,00, faltas -R$ 2,50).');
    expect(await page.getByRole('dialog').textContent()).toContain('1 linha não contada fica como está.');
    await page.getByTestId('inventario-aprovar-ok').click();
    await expect.poll(() => page.getByTestId('inventario-status-detalhe').textContent()).toBe('Aprovado');
    await page.getByTestId('inventario-somente-leitura').waitFor();
    expect(await page.getByTestId('inventario-contado').count()).toBe(0);
    expect(await page.getByTestId('inventario-salvar').count()).toBe(0);
    expect(await page.getByTestId('inventario-aprovar').count()).toBe(0);
    await shot(page, 'estoque-inventario-aprovado');

    // The position now equals the counts; approving again is refused.
    const posicao = await api<{ descricao: string; localDescricao: string; quantidade: string }[]>(page, 'relatorioEstoqueProduto', { busca: 'Inv E2E' });
    expect(posicao.filter((p) => p.localDescricao === 'Despensa Inv E2E').map((p) => [p.descricao, p.quantidade]).sort()).toEqual([
      ['Arroz Inv E2E', '9.5000'],
      ['Feijão Inv E2E', '5.0000'],
    ]);
    // The bar's line was not counted: its stock stays as it was.
    expect(posicao.filter((p) => p.localDescricao === 'Bar Inv E2E').map((p) => [p.descricao, p.quantidade])).toEqual([['Arroz Inv E2E', '2.0000']]);
    const deNovo = await chamar<{ message: string }>(page, `estoqueInventario/${id}/aprovar`, {});
    expect(deNovo.status).toBe(409);
    expect(deNovo.data.message).toContain('já foi aprovado');
  });
});
