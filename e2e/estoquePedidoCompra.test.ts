import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, escolherOpcao, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const shot = (page: Page, nome: string, celular = true) => fotografar(page, nome, celular ? [[1440, 900], [390, 844]] : [[1440, 900]]);

/** A product's balance in a location, as the position report answers. */
const saldo = async (page: Page, busca: string, local: string) =>
  (await api<{ localDescricao: string; quantidade: string }[]>(page, 'relatorioEstoqueProduto', { busca })).find((l) => l.localDescricao === local)?.quantidade;

describe('purchase order screen', () => {
  it('creates an order with the supplier mapping filling unit and factor, edits the draft, sends it, receives part and then the rest, and the stock rises', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ctx.server.url);

    // Setup through the API: a supplier that sells rice in 5 KG bags (its mapping), oil by the box, a location.
    const unidades = await api<{ _id: string; sigla: string }[]>(page, 'unidadeMedida/getPopulate', { filtro: { lixo: false, busca: 'KG' }, sort: { sigla: 1 }, limit: 50, skip: 0 });
    const kg = unidades.find((u) => u.sigla === 'KG') ?? (await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true }));
    const fornecedor = await api<{ _id: string }>(page, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '73820564000144', nome: 'Cerealista Pedido E2E Ltda', fornecedor: true });
    await api(page, 'estoqueCadastro', { descricao: 'Depósito Pedido E2E' });
    const arroz = await api<{ _id: string; codigo: string }>(page, 'produtoGeral', { descricao: 'Arroz Pedido E2E', unidade: kg._id });
    const oleo = await api<{ _id: string; codigo: string }>(page, 'produtoGeral', { descricao: 'Óleo Pedido E2E', unidade: kg._id });
    await api(page, 'estoqueProdutoFornecedor', { fornecedor: fornecedor._id, codigo: 'ARZ5', produto: arroz._id, unidadeCompra: 'FD5', fator: '5' });

    await page.goto(`${ctx.server.url}/estoquePedidoCompra`);
    await page.getByTestId('estoque-pedido-compra').waitFor();
    await page.getByTestId('pedido-novo').click();
    await page.getByTestId('pedido-form').waitFor();
    await page.getByTestId('pedido-salvar').click();
    await expect.poll(() => page.getByTestId('pedido-form').textContent()).toContain('Escolha o fornecedor.');
    await escolherOpcao(page, 'pedido-fornecedor', 'Cerealista Pedido E2E Ltda', 'Cerealista Pedido');
    const linha = (n: number) => page.getByTestId('pedido-form-linha').nth(n);
    await linha(0).getByTestId('pedido-linha-produto').click();
    await linha(0).getByTestId('pedido-linha-produto').fill('Arroz Pedido');
    await page.getByRole('option', { name: `${arroz.codigo} - Arroz Pedido E2E`, exact: true }).click();
    // The supplier's mapping gives its unit and the factor to ours.
    await expect.poll(() => linha(0).getByTestId('pedido-linha-unidade').inputValue()).toBe('FD5');
    expect(await linha(0).getByTestId('pedido-linha-fator').inputValue()).toBe('5');
    await linha(0).getByTestId('pedido-linha-quantidade').fill('10');
    await linha(0).getByTestId('pedido-linha-preco').fill('27,90');
    await page.getByTestId('pedido-adicionar-linha').click();
    await linha(1).getByTestId('pedido-linha-produto').click();
    await linha(1).getByTestId('pedido-linha-produto').fill('Óleo Pedido');
    await page.getByRole('option', { name: `${oleo.codigo} - Óleo Pedido E2E`, exact: true }).click();
    await linha(1).getByTestId('pedido-linha-unidade').fill('CX');
    await linha(1).getByTestId('pedido-linha-fator').fill('9');
    await linha(1).getByTestId('pedido-linha-quantidade').fill('2');
    await linha(1).getByTestId('pedido-linha-preco').fill('63,455');
    // 10 × 27,90 + 2 × 63,455 = 279,00 + 126,91
    await expect.poll(() => page.getByTestId('pedido-linha-total').allTextContents()).toEqual(['R$ 279,00', 'R$ 126,91']);
    expect(await page.getByTestId('pedido-form-total').textContent()).toBe('Total do pedido: R$ 405,91');
    await page.getByTestId('pedido-previsao').fill('05/12/2026');
    await shot(page, 'estoque-pedido-compra-novo');
    await page.getByTestId('pedido-salvar').click();

    await page.getByTestId('pedido-detalhe').waitFor();
    expect(await page.getByTestId('pedido-status').textContent()).toBe('Rascunho');
    expect(await page.getByTestId('pedido-valor').textContent()).toBe('R$ 405,91');

    // The draft edited: 12 bags instead of 10.
    await page.getByTestId('pedido-editar').click();
    await page.getByTestId('pedido-editar-drawer').getByTestId('pedido-form').waitFor();
    await linha(0).getByTestId('pedido-linha-quantidade').fill('12');
    await page.getByTestId('pedido-salvar').click();
    await expect.poll(() => page.getByTestId('pedido-valor').textContent()).toBe('R$ 461,71');

    await page.getByTestId('pedido-enviar').click();
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Enviado');
    expect(await page.getByTestId('pedido-editar').count()).toBe(0);

    // Part of it: 4 bags of rice at R$ 28,50 (dearer than ordered), no oil yet.
    await page.getByTestId('pedido-receber').click();
    await page.getByTestId('pedido-receber-ok').waitFor();
    const receber = (n: number) => page.getByTestId('pedido-receber-linha').nth(n);
    expect(await receber(0).getByTestId('pedido-receber-quantidade').inputValue()).toBe('12');
    await escolherOpcao(page, 'pedido-receber-local', 'Depósito Pedido E2E');
    await receber(0).getByTestId('pedido-receber-quantidade').fill('4');
    await receber(0).getByTestId('pedido-receber-preco').fill('28,50');
    await receber(1).getByTestId('pedido-receber-quantidade').fill('');
    await expect.poll(() => receber(0).textContent()).toContain('Entra no estoque: 20');
    await shot(page, 'estoque-pedido-compra-receber', false);
    await page.getByTestId('pedido-receber-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Recebido parcialmente');
    expect(await page.getByTestId('pedido-item-falta').allTextContents()).toEqual(['8', '2']);
    expect(await page.getByTestId('pedido-item-divergencias').first().textContent()).toBe('Recebimento 1: preço R$ 28,50 (pedido R$ 27,90)');
    await expect.poll(() => saldo(page, 'Arroz Pedido E2E', 'Depósito Pedido E2E')).toBe('20.0000');

    // The rest: what is still due comes filled in; one box of oil more than ordered.
    await page.getByTestId('pedido-receber').click();
    await page.getByTestId('pedido-receber-ok').waitFor();
    expect(await receber(0).getByTestId('pedido-receber-quantidade').inputValue()).toBe('8');
    await escolherOpcao(page, 'pedido-receber-local', 'Depósito Pedido E2E');
    await receber(1).getByTestId('pedido-receber-quantidade').fill('3');
    await page.getByTestId('pedido-receber-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Recebido');
    expect(await page.getByTestId('pedido-item-recebido').allTextContents()).toEqual(['12', '3']);
    expect(await page.getByTestId('pedido-item-divergencias').nth(1).textContent()).toBe('Recebimento 2: +1 CX além do pedido');
    // 12 bags × 5 KG, and 3 boxes × 9 KG.
    await expect.poll(() => saldo(page, 'Arroz Pedido E2E', 'Depósito Pedido E2E')).toBe('60.0000');
    expect(await saldo(page, 'Óleo Pedido E2E', 'Depósito Pedido E2E')).toBe('27.0000');
    expect((await page.getByTestId('pedido-evento').allTextContents()).map((e) => e.replace(/\d{2}\/\d{2}\/\d{4}.*$/, ''))).toEqual([
      'Criou o pedido',
      'Marcou como enviado',
      'Registrou o recebimento 1 (R$ 114,00)',
      'Registrou o recebimento 2 (R$ 413,57)',
    ]);
    await shot(page, 'estoque-pedido-compra-detalhe');

    // Back to the list, filtered by state in the URL, with its totals.
    await page.getByTestId('pedido-voltar').click();
    await page.goto(`${ctx.server.url}/estoquePedidoCompra?status=recebido`);
    await page.getByTestId('pedido-lista').waitFor();
    expect(await page.getByTestId('pedido-lista').textContent()).toContain('Cerealista Pedido E2E Ltda');
    expect(await page.getByTestId('pedido-lista-status').allTextContents()).toEqual(expect.arrayContaining(['Recebido']));
    expect(new Set(await page.getByTestId('pedido-lista-status').allTextContents())).toEqual(new Set(['Recebido']));
    await page.goto(`${ctx.server.url}/estoquePedidoCompra`);
    await page.getByTestId('pedido-lista').waitFor();
    await shot(page, 'estoque-pedido-compra-lista');
  });

  it('an order above the company limit waits for approval, is approved, e-mailed as a PDF, received in part and closed short', async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    const sessao = await api<{ empresa: { _id: string } }>(page, 'sessao');
    const empresa = await api<{ _id: string; version: number; configuracoes: Record<string, Record<string, unknown>> }>(page, `empresa/${sessao.empresa._id}`);
    await page.evaluate(
      async ([id, corpo]) => {
        const r = await fetch(`/api/empresa/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(corpo) });
        if (r.status !== 200) throw new Error(await r.text());
      },
      [empresa._id, { configuracoes: { ...empresa.configuracoes, estoque: { ...empresa.configuracoes.estoque, limiteAprovacaoPedidoCompra: 100000 } }, version: empresa.version }] as const,
    );
    const fornecedores = await api<{ _id: string }[]>(page, 'pessoa/getPopulate', { filtro: { lixo: false, busca: 'Cerealista Pedido E2E' }, sort: { nome: 1 }, limit: 5, skip: 0 });
    const produtos = await api<{ _id: string }[]>(page, 'produtoGeral/getPopulate', { filtro: { lixo: false, busca: 'Arroz Pedido E2E' }, sort: { descricao: 1 }, limit: 5, skip: 0 });
    // 50 bags × R$ 27,90 = R$ 1.395,00, above the R$ 1.000,00 limit.
    const pedido = await api<{ _id: string; numero: number }>(page, 'estoquePedidoCompra', { fornecedor: fornecedores[0]!._id, itens: [{ produto: produtos[0]!._id, unidade: 'FD5', quantidade: '50', precoUnitario: '2790' }] });

    await page.goto(`${ctx.server.url}/estoquePedidoCompra?pedido=${pedido._id}`);
    await page.getByTestId('pedido-enviar').click();
    await expect.poll(() => page.getByTestId('pedido-confirmar').textContent()).toContain('passa do limite de R$ 1.000,00');
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Aguardando aprovação');
    expect(await page.getByTestId('pedido-receber').count()).toBe(0);
    await shot(page, 'estoque-pedido-compra-aprovacao', false);
    await page.getByTestId('pedido-aprovar').click();
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Enviado');

    // The PDF by e-mail: this supplier has no address in pessoa, so one is typed.
    await page.getByTestId('pedido-email').click();
    await expect.poll(() => page.getByTestId('pedido-confirmar').textContent()).toContain('não tem e-mail cadastrado');
    await page.getByTestId('pedido-email-para').fill('compras@cerealista-e2e.com.br');
    await shot(page, 'estoque-pedido-compra-email', false);
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-historico').textContent()).toContain('Enviou o PDF por e-mail para compras@cerealista-e2e.com.br');

    await page.getByTestId('pedido-receber').click();
    await page.getByTestId('pedido-receber-ok').waitFor();
    await escolherOpcao(page, 'pedido-receber-local', 'Depósito Pedido E2E');
    await page.getByTestId('pedido-receber-quantidade').first().fill('30');
    await page.getByTestId('pedido-receber-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Recebido parcialmente');
    await page.getByTestId('pedido-encerrar').click();
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-confirmar-erro').textContent()).toBe('Informe o motivo (ao menos 3 letras).');
    await page.getByTestId('pedido-confirmar-motivo').fill('Fornecedor sem estoque do restante');
    await page.getByTestId('pedido-confirmar-ok').click();
    await expect.poll(() => page.getByTestId('pedido-status').textContent()).toBe('Encerrado com falta');
    expect(await page.getByTestId('pedido-item-falta').allTextContents()).toEqual(['0']);
    expect((await page.getByTestId('pedido-evento').allTextContents()).map((e) => e.replace(/\d{2}\/\d{2}\/\d{4}.*$/, ''))).toEqual([
      'Criou o pedido',
      'Enviou para aprovação',
      'Aprovou e enviou o pedido',
      'Enviou o PDF por e-mail para compras@cerealista-e2e.com.br',
      'Registrou o recebimento 1 (R$ 837,00)',
      'Encerrou com falta: Fornecedor sem estoque do restante',
    ]);
    await shot(page, 'estoque-pedido-compra-encerrado', false);
  });
});
