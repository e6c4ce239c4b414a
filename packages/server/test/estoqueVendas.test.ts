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

  it('a dish with a recipe lowers its ingredients through sub-recipes, with yields and losses; its cost and margin come from their averages', async () => {
    const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0];
    const novo = async (descricao: string) => (await criar(admin, 'produtoGeral', { descricao, unidade: kg._id }))._id;
    const [carne, sal, queijo, blend] = [await novo('Carne moída'), await novo('Sal'), await novo('Queijo prato'), await novo('Blend da casa')];
    await admin('POST', '/estoqueDocumento', {
      tipo: 'entradaManual',
      local: bar._id,
      ocorridoEm: '2026-11-20T08:00:00-03:00',
      itens: [{ produto: carne, quantidade: '10', custoUnitario: '3290' }, { produto: sal, quantidade: '1', custoUnitario: '200' }, { produto: queijo, quantidade: '2', custoUnitario: '4290' }],
    });
    // The blend: 3 kg of beef and 0.1 kg of salt yield 3 kg; the burger: 150 g of blend and 20 g of cheese (10 % lost slicing).
    expect((await admin('POST', '/estoqueFichaTecnica', { produto: blend, rendimento: '3', itens: [{ produto: carne, quantidade: '3' }, { produto: sal, quantidade: '0.1' }] })).status).toBe(201);
    const ficha = await admin('POST', '/estoqueFichaTecnica', { produto: cenario.ids.xis, itens: [{ produto: blend, quantidade: '0.15' }, { produto: queijo, quantidade: '0.02', perda: '10' }] });
    expect(ficha.status).toBe(201);

    const pedido = { ...pedidoSimples(cenario, 'EST-3'), itens: [{ produto: cenario.ids.xis, quantidade: '2', precoUnitario: 450 }] };
    expect((await cenario.enviar(pedido)).status).toBe(201);
    const s = await saldos();
    expect([s['Carne moída'], s['Sal'], s['Queijo prato'], s['Blend da casa']]).toEqual(['9.7000', '0.9900', '1.9556', undefined]);

    // 0.15 × R$ 32,90 + 0.005 × R$ 2,00 + 0.02 ÷ 0.9 × R$ 42,90 = R$ 4,935 + 0,01 + 0,9533… = R$ 5,90 (to the centavo);
    // the company sells it for R$ 30,00: margin (30 − 5,8983) ÷ 30 = 80,34 %.
    const custo = await admin('GET', `/estoqueFichaTecnica/${ficha.body.data._id}/custo`);
    expect(custo.status).toBe(200);
    expect(custo.body.data).toMatchObject({ custo: '589.83', preco: 3000, margem: '80.34', semCusto: [] });
    expect(custo.body.data.ingredientes.map((i: Record<string, unknown>) => [i.descricao, i.quantidade])).toEqual([
      ['Carne moída', '0.1500'],
      ['Sal', '0.0050'],
      ['Queijo prato', '0.0222'],
    ]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('a recipe that would lead back to itself is refused naming the path', async () => {
    const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0];
    const novo = async (descricao: string) => (await criar(admin, 'produtoGeral', { descricao, unidade: kg._id }))._id;
    const [massa, recheio] = [await novo('Massa'), await novo('Recheio')];
    expect((await admin('POST', '/estoqueFichaTecnica', { produto: massa, itens: [{ produto: recheio, quantidade: '1' }] })).status).toBe(201);
    const ciclo = await admin('POST', '/estoqueFichaTecnica', { produto: recheio, itens: [{ produto: massa, quantidade: '0,5' }] });
    expect(ciclo.status).toBe(400);
    expect(ciclo.body.data.message).toBe('Ingredientes: As fichas técnicas formariam um ciclo: Recheio → Massa → Recheio.');
    const propria = await admin('POST', '/estoqueFichaTecnica', { produto: recheio, itens: [{ produto: recheio, quantidade: '1' }] });
    expect(propria.body.data.message).toBe('Ingredientes: As fichas técnicas formariam um ciclo: Recheio → Recheio.');
  });
});
