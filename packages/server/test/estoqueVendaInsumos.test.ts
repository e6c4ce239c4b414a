import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { vendidosDasVendas } from '../src/stock/vendidosDia.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { pedidoSimples, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * relatorioVendaInsumos: what the sales should have consumed by recipe (sub-recipes, yields, losses,
 * complements that are products), valued at average cost; and, between two approved counts, the actual
 * consumption from the ledger against it (the CMV variance per ingredient).
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let cenario: CenarioVendas;
const id: Record<string, string> = {};

const pedido = (pedidoId: string, fechadoEm: string, itens: Record<string, unknown>[]) => {
  const total = itens.reduce((s, i) => s + (i.cancelado ? 0 : Math.round(Number(i.quantidade) * Number(i.precoUnitario))), 0);
  const abertoEm = new Date(Date.parse(fechadoEm) - 10 * 60_000).toISOString();
  return { ...pedidoSimples(cenario, pedidoId), abertoEm, fechadoEm, itens, pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: total, troco: 0 }], total };
};
const vender = async (p: ReturnType<typeof pedido>) => expect((await cenario.enviar(p)).status).toBe(201);
const documento = async (corpo: Record<string, unknown>) => expect((await admin('POST', '/estoqueDocumento', corpo)).status).toBe(201);

/** A count of the kitchen, counted and approved: its id. */
async function inventario(descricao: string, contagens: [string, string][]) {
  const inv = await admin('POST', '/estoqueInventario', { descricao, locais: [id.cozinha] });
  expect(inv.status).toBe(200);
  const _id = inv.body.data._id as string;
  expect((await admin('POST', `/estoqueInventario/${_id}/contagem`, { itens: contagens.map(([produto, contado]) => ({ local: id.cozinha, produto: id[produto], contado })) })).status).toBe(200);
  expect((await admin('POST', `/estoqueInventario/${_id}/aprovar`)).status).toBe(200);
  return _id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, admin);
  const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]._id;
  const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0]._id;
  id.carnes = (await criar(admin, 'agrupador', { descricao: 'Carnes' }))._id;
  id.laticinios = (await criar(admin, 'agrupador', { descricao: 'Laticínios' }))._id;
  id.carne = (await criar(admin, 'produtoGeral', { descricao: 'Carne moída', unidade: kg, agrupador: id.carnes }))._id;
  id.queijo = (await criar(admin, 'produtoGeral', { descricao: 'Queijo prato', unidade: kg, agrupador: id.laticinios }))._id;
  id.pao = (await criar(admin, 'produtoGeral', { descricao: 'Pão de hambúrguer', unidade: un }))._id;
  id.blend = (await criar(admin, 'produtoGeral', { descricao: 'Blend da casa', unidade: kg }))._id;
  id.cheddar = (await criar(admin, 'produtoGeral', { descricao: 'Cheddar extra', unidade: un }))._id;
  id.sobremesa = (await criar(admin, 'produtoGeral', { descricao: 'Pudim', unidade: un }))._id;
  id.xis = cenario.ids.xis;
  id.suco = cenario.ids.suco;
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: id.suco, preco: 900, controlaEstoque: true });
  id.deposito = (await criar(admin, 'estoqueCadastro', { descricao: 'Depósito' }))._id;
  id.cozinha = (await criar(admin, 'estoqueCadastro', { descricao: 'Cozinha', baixaVendas: true }))._id;
  // The blend: 2,2 kg of beef yield 2 kg; the burger: 150 g of blend, 20 g of cheese (10 % lost) and a bun; a cheddar complement: 30 g of cheese.
  await criar(admin, 'estoqueFichaTecnica', { produto: id.blend, rendimento: '2', itens: [{ produto: id.carne, quantidade: '2.2' }] });
  await criar(admin, 'estoqueFichaTecnica', { produto: id.xis, itens: [{ produto: id.blend, quantidade: '0.15' }, { produto: id.queijo, quantidade: '0.02', perda: '10' }, { produto: id.pao, quantidade: '1' }] });
  await criar(admin, 'estoqueFichaTecnica', { produto: id.cheddar, itens: [{ produto: id.queijo, quantidade: '0.03' }] });
  await documento({
    tipo: 'entradaManual',
    local: id.deposito,
    ocorridoEm: '2026-11-01T08:00:00-03:00',
    itens: [
      { produto: id.carne, quantidade: '10', custoUnitario: '3000' },
      { produto: id.queijo, quantidade: '5', custoUnitario: '4000' },
      { produto: id.pao, quantidade: '100', custoUnitario: '100' },
      { produto: id.suco, quantidade: '50', custoUnitario: '300' },
    ],
  });
  await documento({
    tipo: 'transferenciaLocal',
    local: id.deposito,
    destino: id.cozinha,
    ocorridoEm: '2026-11-02T08:00:00-03:00',
    itens: [
      { produto: id.carne, quantidade: '6' },
      { produto: id.queijo, quantidade: '3' },
      { produto: id.pao, quantidade: '60' },
      { produto: id.suco, quantidade: '30' },
    ],
  });
  const xis = (quantidade: string, extra: Record<string, unknown> = {}) => ({ produto: id.xis, quantidade, precoUnitario: 3000, ...extra });
  const cheddar = { modificadores: [{ descricao: 'Cheddar', produto: id.cheddar, quantidade: '1', precoUnitario: 0 }] };
  await vender(pedido('INS-1', '2026-11-10T12:30:00-03:00', [xis('2', cheddar), { produto: id.suco, quantidade: '3', precoUnitario: 900 }]));
  await vender(pedido('INS-2', '2026-11-10T20:00:00-03:00', [xis('1'), { produto: id.sobremesa, quantidade: '1', precoUnitario: 1200 }]));
  // Left out: a sale cancelled afterwards and a cancelled item; and a sale of another day.
  await vender(pedido('INS-3', '2026-11-10T21:00:00-03:00', [xis('5')]));
  expect((await cenario.enviar({ usuario: 'gerente', motivo: 'Desistiu', em: '2026-11-10T21:30:00-03:00' }, cenario.token, '/api/vendas/INS-3/cancelar')).status).toBe(200);
  await vender(pedido('INS-4', '2026-11-10T22:00:00-03:00', [xis('1'), xis('4', { cancelado: { usuario: 'u', motivo: 'Errado', em: '2026-11-10T22:01:00-03:00' } })]));
  await vender(pedido('INS-5', '2026-11-12T12:00:00-03:00', [xis('1')]));
});
afterAll(async () => ctx?.close());

const relatorio = async (filtro: Record<string, unknown>, api = admin) => {
  const r = await api('POST', '/relatorioVendaInsumos', filtro);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const colunas = (l: Record<string, unknown>) => [l.descricao, l.teorico, l.custoUnitario, l.valorTeorico];

describe('relatorioVendaInsumos', () => {
  it('a period: the products sold exploded through their recipes (sub-recipes, yields, losses, complements), valued at average cost, most valuable first', async () => {
    const r = await relatorio({ de: '2026-11-10', ate: '2026-11-10', empresas: [ctx.seed.demo.empresas[0]] });
    expect([r.modo, r.de, r.ate, r.vendas, r.inventarios]).toEqual(['periodo', '2026-11-10', '2026-11-10', 3, null]);
    // 4 burgers: 0,6 kg of blend = 0,66 kg of beef; 4 × 0,02 ÷ 0,9 = 0,0889 kg of cheese + 2 cheddars × 0,03 = 0,1489; 4 buns; 3 juices.
    expect(r.linhas.map(colunas)).toEqual([
      ['Carne moída', '0.6600', '3000.0000', 1980],
      ['Suco de laranja', '3.0000', '300.0000', 900],
      ['Queijo prato', '0.1489', '4000.0000', 596],
      ['Pão de hambúrguer', '4.0000', '100.0000', 400],
    ]);
    expect(r.linhas[0]).toMatchObject({ codigo: expect.any(String), unidade: 'KG', agrupador: id.carnes, agrupadorDescricao: 'Carnes', real: null, diferenca: null });
    // The pudding has no recipe and does not control its stock: said apart, not guessed.
    expect(r.semFicha).toEqual([{ produto: id.sobremesa, descricao: 'Pudim', unidade: 'UN', quantidade: '1.0000' }]);
    expect(r.totais).toEqual({ valorTeorico: 3876, valorReal: null, valorDiferenca: null });

    // An ingredient group: the cheese only; every store the user sees (no unit cost over several: each store's own average).
    const laticinios = await relatorio({ de: '2026-11-10', ate: '2026-11-12', agrupador: id.laticinios });
    expect(laticinios.linhas.map(colunas)).toEqual([['Queijo prato', '0.1711', null, 684]]);
    expect(laticinios.vendas).toBe(4);
  });

  it('between two approved counts of the kitchen: actual consumption (opening + entries − closing − other exits) against the theory, the variance in quantity and value, largest first', async () => {
    const inicial = await inventario('Abertura', [['carne', '5.5'], ['queijo', '2.87'], ['pao', '55'], ['suco', '27']]);
    // After the opening count: 6 burgers (4 with cheddar) and 2 juices sold; a bun broken; 2 kg of beef from the store room; 10 juices bought.
    const agora = new Date().toISOString();
    await vender(pedido('INS-6', agora, [{ produto: id.xis, quantidade: '4', precoUnitario: 3000, modificadores: [{ descricao: 'Cheddar', produto: id.cheddar, quantidade: '1', precoUnitario: 0 }] }, { produto: id.suco, quantidade: '2', precoUnitario: 900 }]));
    await vender(pedido('INS-7', agora, [{ produto: id.xis, quantidade: '2', precoUnitario: 3000 }]));
    await documento({ tipo: 'saidaManual', local: id.cozinha, motivo: 'Quebra', itens: [{ produto: id.pao, quantidade: '1' }] });
    await documento({ tipo: 'transferenciaLocal', local: id.deposito, destino: id.cozinha, itens: [{ produto: id.carne, quantidade: '2' }] });
    await documento({ tipo: 'entradaManual', local: id.cozinha, itens: [{ produto: id.suco, quantidade: '10', custoUnitario: '330' }] });
    const final = await inventario('Fechamento', [['carne', '6.3'], ['queijo', '2.6'], ['pao', '48'], ['suco', '34']]);

    const r = await relatorio({ inventarioInicial: inicial, inventarioFinal: final, local: id.cozinha });
    expect(r.modo).toBe('inventarios');
    expect(r.vendas).toBe(2);
    expect([r.inventarios.inicial._id, r.inventarios.final._id]).toEqual([inicial, final]);
    const linha = (l: Record<string, unknown>) => [l.descricao, l.inicial, l.entradas, l.outrasSaidas, l.final, l.real, l.teorico, l.diferenca, l.custoUnitario, l.valorReal, l.valorTeorico, l.valorDiferenca];
    // Juice at the closing count's average: (45 × R$ 3,00 + 10 × R$ 3,30) ÷ 55 = R$ 3,054545….
    expect(r.linhas.map(linha)).toEqual([
      ['Carne moída', '5.5000', '2.0000', '0.0000', '6.3000', '1.2000', '0.9900', '0.2100', '3000.0000', 3600, 2970, 630],
      ['Suco de laranja', '27.0000', '10.0000', '0.0000', '34.0000', '3.0000', '2.0000', '1.0000', '305.4545', 916, 611, 305],
      ['Queijo prato', '2.8700', '0.0000', '0.0000', '2.6000', '0.2700', '0.2533', '0.0167', '4000.0000', 1080, 1013, 67],
      ['Pão de hambúrguer', '55.0000', '0.0000', '1.0000', '48.0000', '6.0000', '6.0000', '0.0000', '100.0000', 600, 600, 0],
    ]);
    expect(r.linhas.every((l: { contado: boolean }) => l.contado)).toBe(true);
    expect(r.totais).toEqual({ valorTeorico: 5194, valorReal: 6196, valorDiferenca: 1002 });

    // Every location: the store room joins both balances, and transfers between the company's own locations add up to nothing.
    const todos = await relatorio({ inventarioInicial: inicial, inventarioFinal: final });
    const carne = todos.linhas.find((l: { descricao: string }) => l.descricao === 'Carne moída');
    expect([carne.inicial, carne.entradas, carne.final, carne.real, carne.diferenca]).toEqual(['9.5000', '0.0000', '8.3000', '1.2000', '0.2100']);
  });

  it('the day’s products kept with each sale and cancellation equal adding up the items, for stock and for the sales reports', async () => {
    // A resend stores nothing twice; a cancelled sale leaves (both kept in the sale's and the cancellation's transactions).
    await cenario.enviar(pedido('INS-5', '2026-11-12T12:00:00-03:00', [{ produto: id.xis, quantidade: '1', precoUnitario: 3000 }]));
    const grupo = ctx.seed.demo.grupoEmpresarial;
    // The stock quantity and what the sales reports read (as item, as complement, sales, total).
    const colunas = sql.raw('grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, como_item, como_complemento, vendas, total');
    const algo = sql.raw('(quantidade, como_item, como_complemento, vendas, total) <> (0, 0, 0, 0, 0)');
    const mantidos = sql`select ${colunas} from estoque_vendido_dia where grupo_empresarial_id = ${grupo} and ${algo}`;
    const somados = sql`select ${colunas} from (${vendidosDasVendas(grupo)}) x where ${algo}`;
    expect((await ctx.db.execute(sql`(${mantidos}) except (${somados})`)).rows).toEqual([]);
    expect((await ctx.db.execute(sql`(${somados}) except (${mantidos})`)).rows).toEqual([]);
    expect((await ctx.db.execute(sql`select count(*)::int as n from (${somados}) x`)).rows[0]).toEqual({ n: 8 });
  });

  it('bad filters are a 400 naming the field', async () => {
    const recusa = async (filtro: Record<string, unknown>, api = admin) => {
      const r = await api('POST', '/relatorioVendaInsumos', filtro);
      expect(r.status).toBe(400);
      return r.body.data.message as string;
    };
    expect(await recusa({})).toBe('De: Informe o início do período (ou escolha dois inventários).');
    expect(await recusa({ de: '2026-11-10', ate: '2026-11-01' })).toBe('Até: O fim do período é anterior ao início.');
    expect(await recusa({ de: '10/11/2026', ate: '2026-11-01' })).toBe('De: Use aaaa-mm-dd.');
    expect(await recusa({ de: '2025-01-01', ate: '2026-11-01' })).toBe('Até: O período tem no máximo 366 dias.');
    expect(await recusa({ de: '2026-11-10', ate: '2026-11-10', local: id.cozinha })).toBe('Local de estoque: O local vale para a comparação entre dois inventários.');
    expect(await recusa({ de: '2026-11-10', ate: '2026-11-10', agrupador: 'nao-existe' })).toBe('Grupo de insumos: Agrupador não encontrado.');
    expect(await recusa({ de: '2026-11-10', ate: '2026-11-10', empresas: ['nao-existe'] })).toBe('Empresas: empresa não encontrada: nao-existe.');
    const [aprovado] = (await admin('GET', '/relatorioVendaInsumos/inventarios')).body.data as { _id: string; numero: number }[];
    expect(await recusa({ inventarioInicial: aprovado!._id })).toBe('Inventário final: Escolha o inventário final.');
    const [outro] = (await admin('GET', '/relatorioVendaInsumos/inventarios')).body.data.slice(1) as { _id: string; numero: number }[];
    expect(await recusa({ inventarioInicial: aprovado!._id, inventarioFinal: outro!._id })).toBe(`Inventário final: O inventário final deve ser posterior ao inicial (nº ${aprovado!.numero}).`);
    const aberto = (await admin('POST', '/estoqueInventario', { descricao: 'Aberto', locais: [id.cozinha] })).body.data;
    expect(await recusa({ inventarioInicial: outro!._id, inventarioFinal: aberto._id })).toBe(`Inventário final: O inventário nº ${aberto.numero} não foi aprovado: só um inventário aprovado fixa o estoque contado.`);
    expect(await recusa({ inventarioInicial: outro!._id, inventarioFinal: aprovado!._id, local: 'nao-existe' })).toBe('Local de estoque: Local de estoque não encontrado nesta empresa.');
    expect(await recusa({ inventarioInicial: outro!._id, inventarioFinal: aprovado!._id, de: '2026-11-10' })).toBe('De: Entre dois inventários o período é o deles: não informe datas.');
  });

  it('another group sees none of it: not our sales, not our counts, not our groups', async () => {
    const dele = await relatorio({ de: '2026-11-10', ate: '2026-11-12' }, vizinho);
    expect([dele.vendas, dele.linhas, dele.semFicha]).toEqual([0, [], []]);
    expect((await vizinho('GET', '/relatorioVendaInsumos/inventarios')).body.data).toEqual([]);
    const [a, b] = (await admin('GET', '/relatorioVendaInsumos/inventarios')).body.data as { _id: string }[];
    const r = await vizinho('POST', '/relatorioVendaInsumos', { inventarioInicial: b!._id, inventarioFinal: a!._id });
    expect([r.status, r.body.data.message]).toEqual([400, 'Inventário inicial: Inventário não encontrado nesta empresa.']);
    const g = await vizinho('POST', '/relatorioVendaInsumos', { de: '2026-11-10', ate: '2026-11-10', agrupador: id.carnes });
    expect([g.status, g.body.data.message]).toEqual([400, 'Grupo de insumos: Agrupador não encontrado.']);
    const e = await vizinho('POST', '/relatorioVendaInsumos', { de: '2026-11-10', ate: '2026-11-10', empresas: [ctx.seed.demo.empresas[0]] });
    expect(e.status).toBe(400);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/relatorioVendaInsumos', { de: '2026-11-10', ate: '2026-11-10' })).status).toBe(403);
  });
});
