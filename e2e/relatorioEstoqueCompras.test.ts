import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);
const diaSP = (diasAtras: number) => new Date(Date.now() - 3 * 3_600_000 - diasAtras * 86_400_000).toISOString().slice(0, 10);

describe('relatorioEstoqueCompras', () => {
  it('shows one product bought twice at two prices: totals, average and last price, the change and the chart', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // A product bought twice by order receipts: 10 KG at R$ 5,00 two days ago, 10 KG at R$ 5,60 today.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const fornecedor = await api<{ _id: string }>(page, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '61847392000113', nome: 'Hortifruti Compras E2E Ltda', fornecedor: true });
    const local = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Depósito Compras E2E' });
    const tomate = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Tomate Compras E2E', unidade: kg._id });
    const pedido = await api<{ _id: string }>(page, 'estoquePedidoCompra', { fornecedor: fornecedor._id, itens: [{ produto: tomate._id, quantidade: '20', precoUnitario: '500' }] });
    const enviado = await api<{ version: number }>(page, `estoquePedidoCompra/${pedido._id}/enviar`, {});
    const parte = await api<{ pedido: { version: number } }>(page, `estoquePedidoCompra/${pedido._id}/receber`, { version: enviado.version, local: local._id, ocorridoEm: `${diaSP(2)}T10:00:00-03:00`, itens: [{ linha: 0, quantidade: '10' }] });
    await api(page, `estoquePedidoCompra/${pedido._id}/receber`, { version: parte.pedido.version, local: local._id, itens: [{ linha: 0, quantidade: '10', precoUnitario: '560' }] });

    await page.goto(`${ctx.server.url}/relatorioEstoqueCompras?de=${diaSP(6)}&ate=${diaSP(0)}&produto=${tomate._id}`);
    await expect.poll(() => page.getByTestId('compras-total-valor').textContent()).toBe('R$ 106,00');
    expect(await page.getByTestId('compras-total-detalhe').textContent()).toBe('2 compras');
    const linha = page.getByTestId('compras-produto-linha').first();
    const texto = await linha.textContent();
    // (50,00 + 56,00) ÷ 20 KG = 5,30; last 5,60; +12 %.
    expect(await linha.locator('td').nth(1).textContent()).toBe('20');
    expect(await linha.locator('td').nth(2).textContent()).toBe('KG');
    expect(texto).toContain('R$ 5,30');
    expect(texto).toContain('R$ 5,60');
    expect(texto).toContain('+12%');
    expect(await page.getByTestId('compras-evolucao').textContent()).toContain('Evolução do preço de Tomate Compras E2E (por KG)');
    expect(await page.getByTestId('relatorio-grafico-barra').evaluateAll((b) => b.map((x) => x.getAttribute('data-valor')))).toEqual(['500', '560']);
    expect(await page.getByTestId('compras-relatorio-linha').count()).toBe(2);
    expect(await page.getByTestId('compras-por-fornecedor').textContent()).toContain('Hortifruti Compras E2E Ltda');
    await shot(page, 'relatorio-estoque-compras');
  });
});
