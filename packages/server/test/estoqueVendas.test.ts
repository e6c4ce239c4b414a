import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { pedidoSimples, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/** Sales received from the terminals take stock out in their own transaction; a cancellation puts it back. */
let ctx: TestContext;
let admin: Api;
let cenario: CenarioVendas;
let bar: { _id: string };
let bacon: { _id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  cenario = await prepararVendas(ctx, admin);
  await criar(admin, 'estoqueCadastro', { descricao: 'Almoxarifado' });
  bar = await criar(admin, 'estoqueCadastro', { descricao: 'Bar', baixaVendas: true });
  const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0];
  bacon = await criar(admin, 'produtoGeral', { descricao: 'Bacon extra', unidade: un._id });
  // The juice and the bacon are stock-controlled in this company; the burger is not (no recipe yet).
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cenario.ids.suco, preco: 900, controlaEstoque: true });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: bacon._id, preco: 400, controlaEstoque: true });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cenario.ids.xis, preco: 3000 });
  await admin('POST', '/estoqueDocumento', {
    tipo: 'entradaManual',
    local: bar._id,
    ocorridoEm: '2026-11-20T08:00:00-03:00',
    itens: [{ produto: cenario.ids.suco, quantidade: '24', custoUnitario: '350' }, { produto: bacon._id, quantidade: '10', custoUnitario: '120' }],
  });
});
afterAll(async () => ctx?.close());

const saldos = async () =>
  Object.fromEntries(((await admin('POST', '/relatorioEstoqueProduto', { local: bar._id })).body.data as { descricao: string; quantidade: string }[]).map((l) => [l.descricao, l.quantidade]));

describe('sales and stock', () => {
  it('a sale lowers the sales location by the controlled products sold, complements included; a resend moves nothing; a cancellation puts it back', async () => {
    const pedido = {
      ...pedidoSimples(cenario, 'EST-1'),
      itens: [
        { produto: cenario.ids.suco, quantidade: '2', precoUnitario: 900 },
        { produto: cenario.ids.xis, quantidade: '1.5', precoUnitario: 3000, modificadores: [{ descricao: 'Bacon extra', produto: bacon._id, quantidade: '2', precoUnitario: 0 }] },
        { produto: cenario.ids.suco, quantidade: '1', precoUnitario: 900, cancelado: { usuario: 'u', motivo: 'Errado', em: '2026-11-20T12:03:00-03:00' } },
      ],
      pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 6300, troco: 0 }],
      total: 6300,
    };
    expect((await cenario.enviar(pedido)).status).toBe(201);
    expect(await saldos()).toEqual({ 'Suco de laranja': '22.0000', 'Bacon extra': '7.0000' });
    expect((await cenario.enviar(pedido)).status).toBe(200);
    expect(await saldos()).toEqual({ 'Suco de laranja': '22.0000', 'Bacon extra': '7.0000' });

    const k = (await admin('POST', '/relatorioEstoqueFluxo', { produto: cenario.ids.suco, de: '2026-11-20', ate: '2026-11-20' })).body.data;
    expect(k.linhas.map((l: Record<string, unknown>) => [l.tipo, l.quantidade, l.custoUnitario, l.valor, l.saldo])).toEqual([
      ['entrada', '24.0000', '350.0000', 8400, '24.0000'],
      ['saidaVenda', '-2.0000', '350.0000', -700, '22.0000'],
    ]);

    const cancelar = await cenario.enviar({ usuario: 'gerente', motivo: 'Cliente desistiu', em: '2026-11-20T13:00:00-03:00' }, cenario.token, '/api/vendas/EST-1/cancelar');
    expect(cancelar.status).toBe(200);
    expect(await saldos()).toEqual({ 'Suco de laranja': '24.0000', 'Bacon extra': '10.0000' });
    // Cancelling again puts nothing back twice.
    await cenario.enviar({ usuario: 'gerente', motivo: 'De novo', em: '2026-11-20T13:05:00-03:00' }, cenario.token, '/api/vendas/EST-1/cancelar');
    expect(await saldos()).toEqual({ 'Suco de laranja': '24.0000', 'Bacon extra': '10.0000' });
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('a sale is stored even when the company refuses negative stock: what happened at the till is never lost', async () => {
    const empresa = (await admin('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).body.data;
    await admin('PUT', `/empresa/${empresa._id}`, { configuracoes: { ...empresa.configuracoes, estoque: { permitirNegativo: false } }, version: empresa.version });
    const pedido = { ...pedidoSimples(cenario, 'EST-2'), itens: [{ produto: cenario.ids.suco, quantidade: '30', precoUnitario: 30 }], pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 900, troco: 0 }] };
    expect((await cenario.enviar(pedido)).status).toBe(201);
    expect((await saldos())['Suco de laranja']).toBe('-6.0000');
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });
});
