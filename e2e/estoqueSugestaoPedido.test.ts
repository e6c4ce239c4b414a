import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900], [390, 844]]);
const linhaDe = (page: Page, produto: string) => page.getByTestId('sugestao-linha').filter({ hasText: produto });

describe('order suggestion screen', () => {
  it('suggests from min/max and balance in the supplier unit, takes an edited quantity, generates the draft purchase order, which is sent and received into the stock', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: flour in 5 KG bags (3 days to deliver) with 4 KG in stock, corn meal by the KG, salt with no supplier.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const fornecedor = await api<{ _id: string }>(page, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '61983756000192', nome: 'Moinho Sugestão E2E Ltda', fornecedor: true });
    const local = await api<{ _id: string }>(page, 'estoqueCadastro', { descricao: 'Depósito Sugestão E2E' });
    const produto = async (descricao: string, minimo: string, maximo: string | null) => {
      const p = await api<{ _id: string }>(page, 'produtoGeral', { descricao, unidade: kg._id, tipoProduto: 'insumo' });
      await api(page, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 0, controlaEstoque: true, estoqueMinimo: minimo, estoqueMaximo: maximo });
      return p._id;
    };
    const farinha = await produto('Farinha Sugestão E2E', '10', '30');
    const fuba = await produto('Fubá Sugestão E2E', '5', null);
    await produto('Sal Sugestão E2E', '2', null);
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: 'FAR5', produto: farinha, unidadeCompra: 'SC5', fator: '5', prazoEntrega: 3 });
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: 'FUB1', produto: fuba, unidadeCompra: 'KG', fator: '1', prazoEntrega: 3 });
    await api(page, 'estoqueDocumento', { tipo: 'entradaManual', local: local._id, ocorridoEm: new Date(Date.now() - 86_400_000).toISOString(), itens: [{ produto: farinha, quantidade: '4', custoUnitario: '450' }] });

    // Without a filter: salt is listed as having no supplier.
    await page.goto(`${ctx.server.url}/estoqueSugestaoPedido`);
    await page.getByTestId('sugestao-pedido').waitFor();
    await linhaDe(page, 'Sal Sugestão E2E').waitFor();
    expect(await linhaDe(page, 'Sal Sugestão E2E').getByTestId('sugestao-sem-fornecedor').textContent()).toBe('Sem fornecedor');

    // The supplier's filter goes to the URL.
    await page.goto(`${ctx.server.url}/estoqueSugestaoPedido?fornecedor=${fornecedor._id}`);
    await linhaDe(page, 'Farinha Sugestão E2E').waitFor();
    expect(await page.getByTestId('sugestao-linha').count()).toBe(2);
    // Flour: max(30, 10 + 0) − 4 = 26 KG → 5.2 bags → 6; corn meal: 5 KG.
    const farinhaLinha = linhaDe(page, 'Farinha Sugestão E2E');
    expect(await farinhaLinha.getByTestId('sugestao-quantidade').inputValue()).toBe('6');
    expect(await farinhaLinha.textContent()).toContain('26 KG');
    expect(await farinhaLinha.textContent()).toContain('3 dias');
    expect(await linhaDe(page, 'Fubá Sugestão E2E').getByTestId('sugestao-quantidade').inputValue()).toBe('5');
    // 6 bags at the average cost × 5 (R$ 22,50) = R$ 135,00; the corn meal has no price yet.
    expect(await page.getByTestId('sugestao-total-valor').textContent()).toContain('R$ 135,00');
    await farinhaLinha.getByTestId('sugestao-quantidade').fill('8');
    await expect.poll(() => page.getByTestId('sugestao-total-valor').textContent()).toContain('R$ 180,00');
    await shot(page, 'estoque-sugestao-pedido');

    await page.getByTestId('sugestao-gerar').click();
    // One supplier, one draft: it opens on the purchase order screen.
    await page.getByTestId('pedido-detalhe').waitFor();
    expect(new URL(page.url()).pathname).toBe('/estoquePedidoCompra');
    expect(await page.getByTestId('pedido-status').textContent()).toBe('Rascunho');
    expect(await page.getByTestId('pedido-valor').textContent()).toBe('R$ 180,00');
    const itens = await page.getByTestId('pedido-item').allTextContents();
    expect(itens).toHaveLength(2);
    expect(itens.find((i) => i.startsWith('Farinha Sugestão E2E'))).toContain('SC5');
    await shot(page, 'estoque-sugestao-pedido-gerado');

    // Sent to the supplier and received whole into the store's depot: 4 KG + 8 bags of 5 KG of flour.
    await page.getByTestId('pedido-enviar').click();
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Enviado');
    await page.getByTestId('pedido-receber').click();
    await page.getByTestId('pedido-receber-ok').waitFor();
    await escolherOpcao(page, 'pedido-receber-local', 'Depósito Sugestão E2E');
    await page.getByTestId('pedido-receber-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Recebido');
    const posicao = await api<{ produto: string; quantidade: string }[]>(page, 'relatorioEstoqueProduto', { local: local._id });
    expect(posicao.find((l) => l.produto === farinha)?.quantidade).toBe('44.0000');
    expect(posicao.find((l) => l.produto === fuba)?.quantidade).toBe('5.0000');

    // Back on the suggestion, with the order received: nothing more to buy from this supplier.
    await page.goto(`${ctx.server.url}/estoqueSugestaoPedido?fornecedor=${fornecedor._id}`);
    await page.getByTestId('sugestao-pedido').waitFor();
    await expect.poll(() => page.getByTestId('sugestao-linha').count()).toBe(0);
  });
});
