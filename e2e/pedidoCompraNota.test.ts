import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const shot = (page: Page, nome: string) => fotografar(page, nome, [[1440, 900]]);
const medicos = readFileSync(new URL('../fixtures/nfe/nfe55_medicos_icms40_2dups.xml', import.meta.url), 'utf8');

describe('purchase order received from the supplier NF-e', () => {
  it('the entry shows each item\'s order and its price divergence, the user takes one item off, the posting receives the order, and the order shows the receipt by the note', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const { cnpj } = await api<{ cnpj: string }>(page, `empresa/${sessao.empresa._id}`);
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'UN' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const un = unidades.find((u) => u.sigla === 'UN') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }));
    const grama = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'GPE', descricao: 'Grama pedido E2E', fracionado: true });
    const fornecedor = await api<{ _id: string }>(page, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '75335849000115', nome: 'Ortopédica Pedido E2E Ltda', fornecedor: true });
    await api(page, 'estoqueCadastro', { descricao: 'Depósito pedido NF-e E2E' });
    const espacador = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Espaçador pedido E2E', unidade: un._id });
    const cimento = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Cimento pedido E2E', unidade: grama._id });
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: '880945', produto: espacador._id, unidadeCompra: 'UN' });
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: '880930', produto: espacador._id, unidadeCompra: 'UN' });
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: '880200', produto: cimento._id, unidadeCompra: 'UN', fator: '40' });
    const pedido = await api<{ _id: string; numero: number }>(page, 'estoquePedidoCompra', {
      fornecedor: fornecedor._id,
      itens: [
        { produto: espacador._id, unidade: 'UN', quantidade: '3', precoUnitario: '240000' },
        { produto: cimento._id, unidade: 'CX', fator: '40', quantidade: '10', precoUnitario: '20000' },
      ],
    });
    await api(page, `estoquePedidoCompra/${pedido._id}/enviar`, {});
    // The supplier's note quotes the order on items 1 and 3 (xPed / nItemPed).
    let n = 0;
    const xml = medicos.replace(/(<dest>\s*<CNPJ>)[^<]*(<\/CNPJ>)/, `$1${cnpj}$2`).replace(/<indTot>1<\/indTot>/g, (m) => (++n === 2 ? m : `${m}<xPed>${pedido.numero}</xPed><nItemPed>${n === 1 ? 1 : 2}</nItemPed>`));
    const [lida] = await api<{ entrada: string }[]>(page, 'entradaNotaFiscal/importar', { arquivos: [{ nome: 'medicos.xml', conteudo: Buffer.from(xml, 'utf8').toString('base64') }] });

    await page.goto(`${ctx.server.url}/entradaNotaFiscal?entrada=${lida!.entrada}`);
    await page.getByTestId('entrada-pedido-1').waitFor();
    await expect.poll(() => page.getByTestId('entrada-pedido-escolha-1').inputValue()).toBe(`Nº ${pedido.numero}, linha 1 (0 de 3 UN)`);
    expect(await page.getByTestId('entrada-pedido-1').textContent()).toContain('Preço R$ 2.490,00 (pedido R$ 2.400,00)');
    expect(await page.getByTestId('entrada-pedido-3').textContent()).toContain('Confere com o pedido');
    // Item 2 went to the same open line by its product: the user takes it off the order.
    expect(await page.getByTestId('entrada-pedido-escolha-2').inputValue()).toBe(`Nº ${pedido.numero}, linha 1 (0 de 3 UN)`);
    await escolherOpcao(page, 'entrada-pedido-escolha-2', 'Sem pedido');
    await expect.poll(() => page.getByTestId('entrada-pedido-escolha-2').inputValue()).toBe('Sem pedido');
    await shot(page, 'entrada-nota-fiscal-pedido');

    await escolherOpcao(page, 'entrada-local', 'Depósito pedido NF-e E2E');
    await page.getByTestId('entrada-lancar').click();
    await expect.poll(() => page.getByTestId('entrada-detalhe-situacao').textContent()).toBe('Lançada');
    expect(await page.getByTestId('entrada-pedido-1').textContent()).toContain(`Pedido nº ${pedido.numero}, linha 1`);

    await page.goto(`${ctx.server.url}/estoquePedidoCompra?pedido=${pedido._id}`);
    await page.getByTestId('pedido-recebimento').first().waitFor();
    expect(await page.getByTestId('pedido-status').textContent()).toBe('Recebido parcialmente');
    expect(await page.getByTestId('pedido-recebimento-nota').textContent()).toBe('NF-e nº 1687');
    // One spacer and 4 boxes (160 g) of the 3 and 10 ordered; the spacer's price divergence kept.
    expect(await page.getByTestId('pedido-detalhe').textContent()).toContain('R$ 2.490,00');
    await shot(page, 'estoque-pedido-compra-nota');
  });
});
