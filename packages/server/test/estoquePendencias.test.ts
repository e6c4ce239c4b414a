import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { pedidoSimples, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * A product sold that cannot leave stock is never skipped in silence: the sale is stored and the gap
 * is a pendência until its cause is fixed; its consumption may then be posted, exactly once.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let bacon: string;
let couvert: string;
let carne: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, admin);
  const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]._id;
  const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0]._id;
  bacon = (await criar(admin, 'produtoGeral', { descricao: 'Bacon extra', unidade: un }))._id;
  couvert = (await criar(admin, 'produtoGeral', { descricao: 'Couvert artístico', unidade: un, tipoProduto: 'serviço' }))._id;
  carne = (await criar(admin, 'produtoGeral', { descricao: 'Carne do xis', unidade: kg }))._id;
  // The juice controls its stock in this company; the burger has neither a recipe nor stock control yet.
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cenario.ids.suco, preco: 900, controlaEstoque: true });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: cenario.ids.xis, preco: 3000 });
});
afterAll(async () => ctx?.close());

const pendencias = async (api = admin) => {
  const r = await api('GET', '/estoquePendencias');
  expect(r.status).toBe(200);
  return r.body.data as { abertas: number; pendencias: Record<string, unknown>[] };
};
const resumo = (p: Record<string, unknown>) => [p.tipo, p.descricao, p.vendas, p.quantidade, p.resolvida];
const cancelar = (pedidoId: string) => cenario.enviar({ usuario: 'gerente', motivo: 'Cliente desistiu', em: '2026-11-21T13:00:00-03:00' }, cenario.token, `/api/vendas/${pedidoId}/cancelar`);
const saldos = async () =>
  Object.fromEntries(((await admin('POST', '/relatorioEstoqueProduto', {})).body.data as { descricao: string; quantidade: string }[]).map((l) => [l.descricao, l.quantidade]));

const pedido = (pedidoId: string, fechadoEm: string, itens: Record<string, unknown>[]) => {
  const total = itens.reduce((s, i) => s + (i.cancelado ? 0 : Math.round(Number(i.quantidade) * Number(i.precoUnitario))), 0);
  return { ...pedidoSimples(cenario, pedidoId), fechadoEm, itens, pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: total, troco: 0 }], total };
};

describe('stock pendências of the sales', () => {
  it('a company with no stock location: the sale is stored, the gap is one pendência until a location exists; then its consumption is posted once', async () => {
    const venda = pedido('PEND-1', '2026-11-20T12:05:00-03:00', [
      { produto: cenario.ids.suco, quantidade: '2', precoUnitario: 900 },
      { produto: cenario.ids.xis, quantidade: '1', precoUnitario: 3000 },
      // A service never holds stock: no pendência for it.
      { produto: couvert, quantidade: '1', precoUnitario: 1000 },
    ]);
    expect((await cenario.enviar(venda)).status).toBe(201);
    const antes = await pendencias();
    expect(antes.abertas).toBe(1);
    expect(antes.pendencias.map(resumo)).toEqual([['semLocal', null, 1, '3.0000', false]]);
    const p = antes.pendencias[0]!;
    expect(p).toMatchObject({ produto: '', primeiraVendaEm: '2026-11-20T15:05:00.000Z', ultimaVendaEm: '2026-11-20T15:05:00.000Z' });
    // A resend stores nothing and adds nothing.
    expect((await cenario.enviar(venda)).status).toBe(200);
    expect((await pendencias()).pendencias.map(resumo)).toEqual([['semLocal', null, 1, '3.0000', false]]);

    // Not fixed yet: nothing can be posted.
    const cedo = await admin('POST', `/estoquePendencias/${p._id}/reprocessar`);
    expect(cedo.status).toBe(409);
    expect(cedo.body.data.message).toBe('Cadastre ou ative um local de estoque desta empresa antes de lançar o consumo.');

    // A location fixes it (read live: no hook closes it), and the dashboard count drops.
    await criar(admin, 'estoqueCadastro', { descricao: 'Balcão', baixaVendas: true });
    const depois = await pendencias();
    expect([depois.abertas, depois.pendencias.map(resumo)]).toEqual([0, [['semLocal', null, 1, '3.0000', true]]]);

    // Posting: the juice leaves at the sale's time; the burger, still without a way out, opens its own pendência.
    const feito = await admin('POST', `/estoquePendencias/${p._id}/reprocessar`);
    expect(feito.status).toBe(200);
    expect(feito.body.data).toMatchObject({ fechamento: 'reprocessada', vendas: 1, movimentos: 1 });
    expect(await saldos()).toEqual({ 'Suco de laranja': '-2.0000' });
    const k = (await admin('POST', '/relatorioEstoqueFluxo', { produto: cenario.ids.suco, de: '2026-11-20', ate: '2026-11-20' })).body.data;
    expect(k.linhas.map((l: Record<string, unknown>) => [l.tipo, l.quantidade, l.ocorridoEm])).toEqual([['saidaVenda', '-2.0000', '2026-11-20T15:05:00.000Z']]);
    expect((await pendencias()).pendencias.map(resumo)).toEqual([['semFicha', 'Xis bacon', 1, '1.0000', false]]);
    const again = await admin('POST', `/estoquePendencias/${p._id}/reprocessar`);
    expect(again.status).toBe(409);
    expect(again.body.data.message).toMatch(/^Esta pendência já foi reprocessada em \d{2}\/\d{2}\/\d{4}/);
  });

  it('a product sold with neither recipe nor stock control: counted per sale (complements too), a cancelled sale taken back out; a recipe fixes it and its consumption is posted at each sale', async () => {
    await cenario.enviar(pedido('PEND-2', '2026-11-21T19:00:00-03:00', [
      { produto: cenario.ids.xis, quantidade: '2', precoUnitario: 3000, modificadores: [{ descricao: 'Bacon extra', produto: bacon, quantidade: '1.5', precoUnitario: 0 }] },
      { produto: cenario.ids.xis, quantidade: '1', precoUnitario: 3000, cancelado: { usuario: 'u', motivo: 'Errado', em: '2026-11-21T19:01:00-03:00' } },
    ]));
    await cenario.enviar(pedido('PEND-3', '2026-11-21T20:00:00-03:00', [{ produto: cenario.ids.xis, quantidade: '0.5', precoUnitario: 3000 }]));
    const lista = await pendencias();
    expect(lista.abertas).toBe(2);
    expect(lista.pendencias.map(resumo)).toEqual([
      ['semFicha', 'Xis bacon', 3, '3.5000', false],
      ['semFicha', 'Bacon extra', 1, '3.0000', false],
    ]);
    const xis = lista.pendencias[0]!;
    expect(xis).toMatchObject({ primeiraVendaEm: '2026-11-20T15:05:00.000Z', ultimaVendaEm: '2026-11-21T23:00:00.000Z', unidade: 'UN', fichaId: null });
    expect(typeof xis.produtoEmpresaId).toBe('string');

    // The cancelled sale leaves the pendência: nothing of it is left to post.
    expect((await cancelar('PEND-3')).status).toBe(200);
    expect((await pendencias()).pendencias.map(resumo)).toEqual([
      ['semFicha', 'Xis bacon', 2, '3.0000', false],
      ['semFicha', 'Bacon extra', 1, '3.0000', false],
    ]);

    // A recipe for the burger fixes its pendência (read live); posting takes 150 g of meat per burger at each sale.
    const ficha = await criar(admin, 'estoqueFichaTecnica', { produto: cenario.ids.xis, itens: [{ produto: carne, quantidade: '0.15' }] });
    const corrigida = await pendencias();
    expect(corrigida.abertas).toBe(1);
    expect(corrigida.pendencias.map(resumo)).toEqual([
      ['semFicha', 'Bacon extra', 1, '3.0000', false],
      ['semFicha', 'Xis bacon', 2, '3.0000', true],
    ]);
    expect(corrigida.pendencias[1]!.fichaId).toBe(ficha._id);
    const feito = await admin('POST', `/estoquePendencias/${xis._id}/reprocessar`);
    expect(feito.body.data).toMatchObject({ vendas: 2, movimentos: 2 });
    expect((await saldos())['Carne do xis']).toBe('-0.4500');
    const k = (await admin('POST', '/relatorioEstoqueFluxo', { produto: carne, de: '2026-11-20', ate: '2026-11-21' })).body.data;
    expect(k.linhas.map((l: Record<string, unknown>) => [l.quantidade, l.ocorridoEm])).toEqual([
      ['-0.1500', '2026-11-20T15:05:00.000Z'],
      ['-0.3000', '2026-11-21T22:00:00.000Z'],
    ]);

    // A sale cancelled after its consumption was posted puts it back, as any sale's.
    expect((await cancelar('PEND-1')).status).toBe(200);
    expect(await saldos()).toMatchObject({ 'Suco de laranja': '0.0000', 'Carne do xis': '-0.3000' });
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('written off, a pendência closes without posting; the next sale with the same gap opens a new one', async () => {
    const bacon1 = (await pendencias()).pendencias.find((p) => p.descricao === 'Bacon extra')!;
    const descartada = await admin('POST', `/estoquePendencias/${bacon1._id}/descartar`);
    expect(descartada.status).toBe(200);
    expect(descartada.body.data).toMatchObject({ fechamento: 'descartada', vendas: 1, movimentos: 0 });
    expect((await pendencias()).pendencias).toEqual([]);
    expect((await admin('POST', `/estoquePendencias/${bacon1._id}/descartar`)).status).toBe(409);
    await cenario.enviar(pedido('PEND-4', '2026-11-22T12:00:00-03:00', [{ produto: bacon, quantidade: '1', precoUnitario: 400 }]));
    const nova = (await pendencias()).pendencias;
    expect(nova.map(resumo)).toEqual([['semFicha', 'Bacon extra', 1, '1.0000', false]]);
    expect(nova[0]!._id).not.toBe(bacon1._id);
    // Marked to control stock in the company's product form, it is fixed.
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: bacon, preco: 400, controlaEstoque: true });
    expect((await pendencias()).abertas).toBe(0);
  });

  it('another group neither sees nor closes them; a profile without the stock screens is refused', async () => {
    const nossa = (await pendencias()).pendencias[0]!;
    expect(await pendencias(vizinho)).toEqual({ abertas: 0, pendencias: [] });
    expect((await vizinho('POST', `/estoquePendencias/${nossa._id}/reprocessar`)).status).toBe(404);
    expect((await vizinho('POST', `/estoquePendencias/${nossa._id}/descartar`)).status).toBe(404);
    expect((await pendencias()).pendencias.map((p) => p._id)).toEqual([nossa._id]);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('GET', '/estoquePendencias')).status).toBe(403);
    expect((await caixa('POST', `/estoquePendencias/${nossa._id}/reprocessar`)).status).toBe(403);
  });
});
