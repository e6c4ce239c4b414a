import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { textoDoPdf } from '../packages/web/src/test/textoDoPdf.ts';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** Screenshots at the desktop and the phone size, when SCREENSHOTS_DIR is set. */
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);
const param = (page: Page, nome: string) => new URL(page.url()).searchParams.get(nome);
const textos = (page: Page, tabela: string, linha: string) => page.getByTestId(tabela).getByTestId(linha).allTextContents();
const totais = (page: Page, tabela: string) => page.getByTestId(tabela).getByTestId('relatorio-totais').locator('td').allTextContents();
/** Picks an option of a report's filter select (single or multiple), by its exact text. */
async function escolherFiltro(page: Page, testid: string, opcao: string) {
  await page.getByTestId(testid).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
  await page.keyboard.press('Escape');
}

const ids = { camara: '', seco: '', alcatra: '', picanha: '', arroz: '', inventario: '' };

describe('stock reports over documents', () => {
  beforeAll(async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    // Through the API: two locations, three products in KG, entries, three manual exits (two reasons, one reversed) and an approved count.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    ids.camara = (await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Câmara Rel E2E' }))._id;
    ids.seco = (await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Seco Rel E2E' }))._id;
    ids.alcatra = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Alcatra Rel E2E', unidade: kg._id }))._id;
    ids.picanha = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Picanha Rel E2E', unidade: kg._id }))._id;
    ids.arroz = (await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Arroz Rel E2E', unidade: kg._id }))._id;
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: ids.camara, itens: [{ produto: ids.alcatra, quantidade: '10', custoUnitario: '4500' }, { produto: ids.picanha, quantidade: '5', custoUnitario: '8990' }] });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: ids.seco, itens: [{ produto: ids.arroz, quantidade: '50', custoUnitario: '589' }] });
    await api(page, 'estoqueDocumento', { tipo: 'saidaManual', local: ids.camara, motivo: 'Perda', itens: [{ produto: ids.alcatra, quantidade: '1.5' }, { produto: ids.picanha, quantidade: '0.25' }] });
    await api(page, 'estoqueDocumento', { tipo: 'saidaManual', local: ids.seco, motivo: 'Vencimento', itens: [{ produto: ids.arroz, quantidade: '2' }] });
    const errada = await api<{ _id: string }>(page, 'estoqueDocumento', { tipo: 'saidaManual', local: ids.camara, motivo: 'Perda', itens: [{ produto: ids.alcatra, quantidade: '1' }] });
    await api(page, `estoqueDocumento/${errada._id}/estornar`, { motivo: 'Lançada em dobro' });
    ids.inventario = (await api<{ _id: string }>(page, 'estoqueInventario', { descricao: 'Contagem Rel E2E', locais: [ids.camara, ids.seco] }))._id;
    // Frozen 8,5 alcatra and 4,75 picanha: counted 9 (+R$ 22,50) and 4,5 (−R$ 22,48); the rice not counted.
    await api(page, `estoqueInventario/${ids.inventario}/contagem`, { itens: [{ local: ids.camara, produto: ids.alcatra, contado: '9' }, { local: ids.camara, produto: ids.picanha, contado: '4.5' }] });
    await api(page, `estoqueInventario/${ids.inventario}/aprovar`, {});
  });

  it('relatorioEstoqueSaidaManual: value per reason, per product and per line; the reversed exit marked and left out; filters in the URL', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioEstoqueSaidaManual`);
    await page.getByTestId('relatorio-estoque-saida-manual').waitFor();
    await page.getByTestId('saida-total').waitFor();
    expect(await page.getByTestId('saida-total-valor').textContent()).toBe('R$ 101,76');
    expect(await page.getByTestId('saida-total-detalhe').textContent()).toBe('2 documentos');
    expect(await page.getByTestId('saida-maior-motivo-valor').textContent()).toBe('Perda');
    expect(await page.getByTestId('saida-maior-motivo-detalhe').textContent()).toBe('R$ 89,98 · 88,42 % do total');
    expect(await page.getByTestId('saida-estornadas-valor').textContent()).toBe('R$ 45,00');
    await page.getByTestId('relatorio-grafico').waitFor();
    expect(await textos(page, 'saida-motivos-tabela', 'saida-motivo-linha')).toEqual(['Perda12R$ 89,9888,42 %', 'Vencimento11R$ 11,7811,58 %']);
    expect(await totais(page, 'saida-motivos-tabela')).toEqual(['Total', '2', '3', 'R$ 101,76', '100,00 %']);
    // Each product's cells after its code: name, quantity, exits, value, share.
    const produtos = page.getByTestId('saida-produtos-tabela').getByTestId('saida-produto-linha');
    const celulas = await Promise.all((await produtos.all()).map(async (l) => (await l.locator('td').allTextContents()).slice(1)));
    expect(celulas).toEqual([
      ['Alcatra Rel E2E', '1,5 KG', '1', 'R$ 67,50', '66,33 %'],
      ['Picanha Rel E2E', '0,25 KG', '1', 'R$ 22,48', '22,09 %'],
      ['Arroz Rel E2E', '2 KG', '1', 'R$ 11,78', '11,58 %'],
    ]);
    const linhas = page.getByTestId('relatorio-tabela').getByTestId('saida-linha');
    expect(await linhas.count()).toBe(4);
    expect(await page.getByTestId('saida-estornada').count()).toBe(1);
    expect(await linhas.first().textContent()).toContain('Estornada');
    expect(await totais(page, 'relatorio-tabela')).toContain('R$ 101,76');
    await shot(page, 'relatorio-saida-manual');

    // The PDF carries the reasons, the products and the lines.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relatorio-pdf').click()]);
    const noPdf = (await textoDoPdf(readFileSync((await pdf.path())!))).flatMap((p) => p.textos);
    expect(noPdf[0]).toBe('Relatório de saídas manuais');
    expect(noPdf).toEqual(expect.arrayContaining(['Por motivo', 'Por produto', 'Saídas', 'R$ 101,76']));

    // Filters through the bar land in the URL and narrow the report.
    await escolherFiltro(page, 'saida-motivos', 'Vencimento');
    await expect.poll(() => param(page, 'motivos')).toBe('Vencimento');
    await expect.poll(() => page.getByTestId('saida-total-valor').textContent()).toBe('R$ 11,78');
    await page.goto(`${ctx.server.url}/relatorioEstoqueSaidaManual`);
    await escolherFiltro(page, 'saida-local', 'Câmara Rel E2E');
    await expect.poll(() => param(page, 'local')).toBe(ids.camara);
    await expect.poll(() => page.getByTestId('saida-total-valor').textContent()).toBe('R$ 89,98');
    expect(await page.getByTestId('saida-estornadas-valor').textContent()).toBe('R$ 45,00');
    await page.reload();
    await expect.poll(() => page.getByTestId('saida-total-valor').textContent()).toBe('R$ 89,98');
  });

  it('relatorioMovimentacaoProdutos: totals per kind and every movement; kinds and location from the bar land in the URL', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioMovimentacaoProdutos`);
    await page.getByTestId('relatorio-movimentacao-produtos').waitFor();
    await page.getByTestId('movimentacao-tipos-tabela').waitFor();
    expect(await textos(page, 'movimentacao-tipos-tabela', 'movimentacao-tipo-linha')).toEqual(['Entrada3R$ 1.194,00', 'Saída manual4-R$ 146,76', 'Ajuste de inventário2R$ 0,02', 'Estorno1R$ 45,00']);
    expect(await totais(page, 'movimentacao-tipos-tabela')).toEqual(['Total', '10', 'R$ 1.092,26']);
    expect(await page.getByTestId('relatorio-tabela').getByTestId('movimentacao-linha').count()).toBe(10);
    await shot(page, 'relatorio-movimentacao-produtos');

    await escolherFiltro(page, 'movimentacao-tipos', 'Ajuste de inventário');
    await expect.poll(() => param(page, 'tipos')).toBe('ajusteInventario');
    await expect.poll(() => page.getByTestId('relatorio-tabela').getByTestId('movimentacao-linha').count()).toBe(2);
    await escolherFiltro(page, 'movimentacao-local', 'Câmara Rel E2E');
    await expect.poll(() => param(page, 'local')).toBe(ids.camara);
    const linhas = page.getByTestId('relatorio-tabela').getByTestId('movimentacao-linha');
    await expect.poll(() => linhas.allTextContents()).toHaveLength(2);
    const primeira = await linhas.allTextContents();
    expect(primeira.some((l) => l.includes('Inventário nº') && l.includes('Alcatra Rel E2E') && l.includes('+0,5 KG') && l.includes('R$ 22,50'))).toBe(true);
    expect(primeira.some((l) => l.includes('Picanha Rel E2E') && l.includes('-0,25 KG') && l.includes('-R$ 22,48'))).toBe(true);
  });

  it('relatorioEstoqueInventario: the count with its gains and losses, its lines by location, only the differences; all in the URL', async () => {
    const { page } = ctx.browser;
    await page.goto(`${ctx.server.url}/relatorioEstoqueInventario`);
    await page.getByTestId('relatorio-estoque-inventario').waitFor();
    await page.getByTestId('inventario-relatorio-inventario').first().waitFor();
    expect(await page.getByTestId('inventario-relatorio-quantos-valor').textContent()).toBe('1');
    expect(await page.getByTestId('inventario-relatorio-quantos-detalhe').textContent()).toBe('de 1 inventário no período');
    expect(await page.getByTestId('inventario-relatorio-sobras-valor').textContent()).toBe('+R$ 22,50');
    expect(await page.getByTestId('inventario-relatorio-faltas-valor').textContent()).toBe('-R$ 22,48');
    expect(await page.getByTestId('inventario-relatorio-diferenca-total-valor').textContent()).toBe('+R$ 0,02');
    const linha = page.getByTestId('inventario-relatorio-inventario').filter({ hasText: 'Contagem Rel E2E' });
    expect(await linha.textContent()).toContain('Aprovado');
    expect(await linha.textContent()).toContain('Câmara Rel E2E, Seco Rel E2E');
    expect(await linha.textContent()).toContain('2 de 3');
    await shot(page, 'relatorio-inventario-lista');

    await escolherFiltro(page, 'inventario-relatorio-status', 'Cancelado');
    await expect.poll(() => param(page, 'status')).toBe('cancelado');
    await page.getByTestId('relatorio-vazio').waitFor();
    await page.goto(`${ctx.server.url}/relatorioEstoqueInventario`);

    await page.getByTestId('inventario-relatorio-abrir').first().click();
    await expect.poll(() => param(page, 'inventario')).toBe(ids.inventario);
    await expect.poll(() => page.getByTestId('inventario-relatorio-titulo').textContent()).toMatch(/^Inventário nº \d+: Contagem Rel E2E$/);
    expect(await page.getByTestId('inventario-relatorio-quantos-valor').textContent()).toBe('2 de 3');
    const linhas = page.getByTestId('relatorio-tabela').getByTestId('inventario-relatorio-linha');
    expect(await linhas.count()).toBe(5);
    const todas = await linhas.allTextContents();
    expect(todas[0]).toMatch(/^Câmara Rel E2E · 2 de 2 linhas contadas · sobras \+R\$ 22,50 · faltas -R\$ 22,48/);
    expect(todas.find((l) => l.includes('Alcatra'))).toContain('8,5 KG9 KG+0,5 KGR$ 45,00+R$ 22,50');
    expect(todas.find((l) => l.includes('Picanha'))).toContain('4,75 KG4,5 KG-0,25 KGR$ 89,90-R$ 22,48');
    expect(todas.find((l) => l.includes('Arroz'))).toContain('não contado');
    expect((await totais(page, 'relatorio-tabela')).join('|')).toContain('+R$ 0,02');
    await shot(page, 'relatorio-inventario-detalhe');

    await page.getByTestId('inventario-relatorio-so-diferencas').click();
    await expect.poll(() => param(page, 'soDiferencas')).toBe('1');
    await expect.poll(() => linhas.count()).toBe(3);
    expect((await linhas.allTextContents()).some((l) => l.includes('Arroz'))).toBe(false);
    await page.getByTestId('inventario-relatorio-voltar').click();
    await expect.poll(() => [param(page, 'inventario'), param(page, 'soDiferencas')]).toEqual([null, null]);
    await page.getByTestId('inventario-relatorio-lista').waitFor();
  });
});
