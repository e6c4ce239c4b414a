import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** Screenshots at the desktop and the phone size, when SCREENSHOTS_DIR is set. */
const shot = (page: Page, nome: string, celular = true) => fotografar(page, nome, celular ? [[1440, 900], [390, 844]] : [[1440, 900]]);

/** A product's balance in a location, as the position report answers. */
const saldo = async (page: Page, busca: string, local: string) =>
  (await api<{ localDescricao: string; quantidade: string }[]>(page, 'relatorioEstoqueProduto', { busca })).find((l) => l.localDescricao === local)?.quantidade;

describe('production screen', () => {
  it('opens an order with the preview of its ingredients and shortages, starts it, posts part of it, reverses it, and the position follows', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: two locations, a sauce whose recipe makes 2 KG from 3 KG of tomatoes and 50 g of salt, and their stock.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const almox = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Almoxarifado Prod E2E' });
    await api(page, 'estoqueCadastro', { descricao: 'Câmara Prod E2E' });
    const tomate = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Tomate Prod E2E', unidade: kg._id });
    const sal = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Sal Prod E2E', unidade: kg._id });
    const molho = await api<{ _id: string; codigo: string }>(page, 'produtoGeral', { descricao: 'Molho Prod E2E', unidade: kg._id });
    await api(page, 'estoqueFichaTecnica', { produto: molho._id, rendimento: '2', itens: [{ produto: tomate._id, quantidade: '3' }, { produto: sal._id, quantidade: '0.05' }] });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: almox._id, itens: [{ produto: tomate._id, quantidade: '20', custoUnitario: '699' }, { produto: sal._id, quantidade: '1', custoUnitario: '300' }] });
    const rotuloMolho = `${molho.codigo} - Molho Prod E2E`;

    // A new order through the drawer: the preview follows what is typed, shortages included.
    await page.goto(`${ctx.server.url}/estoqueProducaoProdutos`);
    await page.getByTestId('estoque-producao').waitFor();
    await page.getByTestId('producao-nova').click();
    await page.getByTestId('producao-form').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('novo')).toBe('1');
    await page.getByTestId('producao-criar').click();
    await expect.poll(() => page.getByTestId('producao-form').textContent()).toContain('Escolha o produto.');
    await escolherOpcao(page, 'producao-produto', rotuloMolho, 'Molho Prod');
    await expect.poll(() => page.getByTestId('producao-unidade').inputValue()).toBe('KG');
    await page.getByTestId('producao-quantidade').fill('40');
    await escolherOpcao(page, 'producao-local-origem', 'Almoxarifado Prod E2E');
    await escolherOpcao(page, 'producao-local-destino', 'Câmara Prod E2E');
    await page.getByTestId('producao-previa').waitFor();
    // 40 KG take 60 KG of tomatoes: 40 short in the location.
    await expect.poll(() => page.getByTestId('producao-previa-falta').allTextContents()).toEqual(['40 KG']);
    expect(await page.getByTestId('producao-previa-faltas').textContent()).toContain('ficará negativo');
    await page.getByTestId('producao-quantidade').fill('4');
    await expect.poll(() => page.getByTestId('producao-previa-falta').count()).toBe(0);
    const linhas = () => page.getByTestId('producao-previa-linha').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    // 4 KG: 6 KG of tomatoes at R$ 6,99 and 0,1 KG of salt at R$ 3,00 → R$ 41,94 + R$ 0,30, R$ 10,56 per KG.
    await expect.poll(linhas).toEqual([
      ['Sal Prod E2E', '0,1 KG', '1 KG', '—', 'R$ 3,00', 'R$ 0,30'],
      ['Tomate Prod E2E', '6 KG', '20 KG', '—', 'R$ 6,99', 'R$ 41,94'],
    ]);
    expect(await page.getByTestId('producao-previa-total').textContent()).toBe('Custo total: R$ 42,24');
    expect(await page.getByTestId('producao-previa-unitario').textContent()).toBe('Custo unitário: R$ 10,56 / KG');
    await page.getByTestId('producao-observacao').fill('Para o almoço de sexta');
    await shot(page, 'estoque-producao-nova');
    await page.getByTestId('producao-criar').click();

    // The order opens: planned, its ingredients for what is left, no postings.
    await page.getByTestId('producao-detalhe').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('novo')).toBeNull();
    expect(await page.getByTestId('producao-status').textContent()).toBe('Planejada');
    expect(await page.getByTestId('producao-planejado').textContent()).toBe('4 KG');
    await page.getByTestId('producao-sem-apontamentos').waitFor();
    await page.getByTestId('producao-iniciar').click();
    await page.getByTestId('producao-confirmar-ok').waitFor();
    await page.getByTestId('producao-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('producao-status').textContent()).toBe('Iniciada');

    // A partial posting of 1,5 KG, with less salt than the recipe.
    await page.getByTestId('producao-apontar').click();
    await page.getByTestId('producao-apontar-ok').waitFor();
    expect(await page.getByTestId('producao-apontar-quantidade').inputValue()).toBe('4');
    await page.getByTestId('producao-apontar-quantidade').fill('1,5');
    await expect.poll(() => page.getByTestId('producao-apontar-dialogo').getByTestId('producao-previa-linha').first().textContent()).toContain('0,0375 KG');
    await page.getByTestId('producao-consumo-0').fill('abc');
    await page.getByTestId('producao-apontar-ok').click();
    await expect.poll(() => page.getByTestId('producao-apontar-dialogo').textContent()).toContain('Quantidade inválida');
    await page.getByTestId('producao-consumo-0').fill('0,03');
    // The preview follows the salt actually used: R$ 15,73 + R$ 0,09.
    await expect.poll(() => page.getByTestId('producao-apontar-dialogo').getByTestId('producao-previa-total').textContent()).toBe('Custo total: R$ 15,82');
    await shot(page, 'estoque-producao-apontar', false);
    await page.getByTestId('producao-apontar-ok').click();
    await page.getByTestId('producao-apontar-dialogo').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('producao-produzido').textContent()).toBe('1,5 KG');
    expect(await page.getByTestId('producao-apontamento').count()).toBe(1);
    // 2,25 KG of tomatoes (R$ 15,73) and 0,03 KG of salt (R$ 0,09): R$ 15,82 for 1,5 KG.
    expect(await page.getByTestId('producao-valor').textContent()).toBe('R$ 15,82 (R$ 10,5467 / KG)');
    await page.getByRole('button', { name: 'Ver o que o apontamento 1 consumiu' }).click();
    expect(await page.getByTestId('producao-apontamento-consumo').textContent()).toContain('Sal Prod E2E 0,03 KG · R$ 0,09');
    await shot(page, 'estoque-producao-detalhe');

    // The position: the sauce in the cold room, the ingredients out of the storeroom.
    await page.goto(`${ctx.server.url}/relatorioEstoqueProduto?busca=Molho+Prod+E2E`);
    await page.getByTestId('relatorio-tabela').waitFor();
    const posicao = page.getByTestId('relatorio-linha').filter({ hasText: 'Câmara Prod E2E' }).locator('td');
    await expect.poll(() => posicao.nth(3).textContent()).toBe('1,5 KG');
    expect(await posicao.nth(5).textContent()).toBe('R$ 15,82');
    expect(await saldo(page, 'Tomate Prod E2E', 'Almoxarifado Prod E2E')).toBe('17.7500');

    // The list, filtered by status in the URL, shows the order and its progress.
    await page.goto(`${ctx.server.url}/estoqueProducaoProdutos?status=iniciada`);
    const linhaLista = page.getByTestId('producao-linha').filter({ hasText: 'Molho Prod E2E' });
    await expect.poll(() => linhaLista.count()).toBe(1);
    expect(await linhaLista.locator('td').nth(4).textContent()).toBe('1,5 de 4 KG');
    expect(await linhaLista.locator('td').nth(5).textContent()).toBe('R$ 15,82');
    // With a status chosen, its pill covers the input: the box around it opens the list.
    await page.locator('.mantine-MultiSelect-input', { has: page.getByTestId('producao-filtro-status') }).click();
    await page.getByRole('option', { name: 'Finalizada', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('status')).toEqual(['iniciada', 'finalizada']);
    await page.keyboard.press('Escape');
    await shot(page, 'estoque-producao');

    // Reversing the posting puts the ingredients back and takes the sauce out.
    await linhaLista.getByTestId('producao-abrir').click();
    await page.getByTestId('producao-detalhe').waitFor();
    await page.getByTestId('producao-estornar').click();
    await page.getByTestId('producao-confirmar-ok').waitFor();
    await page.getByTestId('producao-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('producao-confirmar-erro').textContent()).toBe('Informe o motivo (ao menos 3 letras).');
    await page.getByTestId('producao-confirmar-motivo').fill('Apontado em dobro');
    await page.getByTestId('producao-confirmar-ok').click();
    await page.getByTestId('producao-apontamento-estornado').waitFor();
    await expect.poll(() => page.getByTestId('producao-produzido').textContent()).toBe('0 KG');
    expect(await saldo(page, 'Molho Prod E2E', 'Câmara Prod E2E')).toBe('0.0000');
    expect(await saldo(page, 'Tomate Prod E2E', 'Almoxarifado Prod E2E')).toBe('20.0000');
  });
});
