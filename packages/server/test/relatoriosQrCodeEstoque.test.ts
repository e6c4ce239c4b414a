import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaisVenda } from '@retaguarda/domain';
import { perfilCaixaDemo } from '../src/seed/demo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let bacon: string;
let adicionais: string;

type Item = { produto: string; quantidade: string; precoUnitario: number; modificadores?: unknown[]; cancelado?: unknown };
/** An order closed at `hora` (São Paulo) on `dia`; `total` is what its items add up to (said in the test). */
function pedido(id: string, dia: string, hora: string, canal: string, mesa: string | null, itens: Item[], total: number) {
  return { pedidoId: id, canal, mesa, abertoEm: `${dia}T${hora}:00-03:00`, fechadoEm: `${dia}T${hora}:30-03:00`, itens, pagamentos: [{ formaPagamento: c.ids.credito, tPag: '03', valor: total }], total };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  // The unit of the fixture's burger (UN).
  const un = (await admin('GET', `/produtoGeral/${c.ids.xis}`)).body.data.unidade;
  adicionais = (await criar(admin, 'agrupador', { descricao: 'Adicionais' }))._id;
  bacon = (await criar(admin, 'produtoGeral', { descricao: 'Bacon extra', unidade: un, agrupador: adicionais, ncm: '21069090' }))._id;
  const { xis, suco, buffet } = c.ids;
  const comBacon = (quantidade: string) => ({ descricao: 'Bacon extra', produto: bacon, quantidade, precoUnitario: 300 });
  const cancelado = { usuario: ctx.seed.demo.admin, motivo: 'Pediu errado', em: '2026-11-20T12:35:00-03:00' };
  const vendas = [
    // 2 × (32,90 + 2 × 3,00 of bacon) = 77,80 at table 5.
    pedido('Q1', '2026-11-20', '12:10', 'QR Code', '5', [{ produto: xis, quantidade: '2', precoUnitario: 3290, modificadores: [comBacon('2')] }], 7780),
    // 3 juices at table 12; the burger was cancelled.
    pedido('Q2', '2026-11-20', '12:40', 'QR Code', '12', [{ produto: suco, quantidade: '3', precoUnitario: 900 }, { produto: xis, quantidade: '1', precoUnitario: 3290, cancelado }], 2700),
    // 0,485 kg of buffet at 69,90/kg = 33,90.
    pedido('Q3', '2026-11-20', '20:05', 'QR Code', '5', [{ produto: buffet, quantidade: '0.485', precoUnitario: 6990 }], 3390),
    // Cancelled afterwards.
    pedido('Q4', '2026-11-20', '20:30', 'QR Code', '12', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }], 3290),
    pedido('S1', '2026-11-20', '12:20', 'Salão', '3', [{ produto: xis, quantidade: '1', precoUnitario: 3290, modificadores: [{ descricao: 'Sem cebola' }] }, { produto: suco, quantidade: '1', precoUnitario: 900 }], 4190),
    // A QR order that did not say its table.
    pedido('Q5', '2026-11-21', '13:00', 'QR Code', null, [{ produto: suco, quantidade: '1', precoUnitario: 900 }], 900),
    // 32,90 + half a portion of bacon (1,50).
    pedido('S2', '2026-11-21', '13:10', 'Balcão', null, [{ produto: xis, quantidade: '1', precoUnitario: 3290, modificadores: [comBacon('0.5')] }], 3440),
  ];
  for (const v of vendas) {
    const res = await c.enviar(v);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  expect((await c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Desistiu', em: '2026-11-20T21:00:00-03:00' }, c.token, '/api/vendas/Q4/cancelar')).status).toBe(200);
});
afterAll(async () => ctx?.close());

const periodo = { de: '2026-11-20', ate: '2026-11-21' };
// The store sold 77,80 + 27,00 + 33,90 + 41,90 + 9,00 + 34,40 = 224,00 in every channel (Q4 cancelled).
const LOJA = 22400;

describe('POST /api/relatorioQrCode', () => {
  it('sums QR code orders per table with their share of the store, cancellations out, and the top products', async () => {
    const res = await admin('POST', '/relatorioQrCode', periodo);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.linhas.map((l: Record<string, unknown>) => [l.rotulo, l.pedidos, l.itens, l.total, l.ticketMedio, l.participacao, l.canceladas])).toEqual([
      ['Mesa 5', 2, '3', 11170, 5585, 4987, 0],
      ['Mesa 12', 1, '3', 2700, 2700, 1205, 1],
      ['Sem mesa informada', 1, '1', 900, 900, 402, 0],
    ]);
    expect(r.totais).toMatchObject({ rotulo: 'Total', pedidos: 4, itens: '7', total: 14770, ticketMedio: 3693, totalLoja: LOJA, participacao: 6594, canceladas: 1 });
    expect(r.topProdutos.map((p: Record<string, unknown>) => [p.descricao, p.quantidade, p.pedidos, p.total])).toEqual([
      ['Xis bacon', '2', 1, 7780],
      ['Suco de laranja', '4', 2, 3600],
      ['Buffet por quilo', '0.485', 1, 3390],
    ]);
    // The same QR code money relatorioVenda shows for the channel.
    expect((await admin('POST', '/relatorioVenda', { ...periodo, canais: ['QR Code'] })).body.data.totais.total).toBe(14770);
  });

  it('by day and by hour: the share is of the store’s sales in the same slice', async () => {
    const dia = (await admin('POST', '/relatorioQrCode', { ...periodo, agrupar: 'dia' })).body.data;
    expect(dia.linhas.map((l: Record<string, unknown>) => [l.rotulo, l.pedidos, l.total, l.totalLoja, l.participacao])).toEqual([
      ['20/11/2026', 3, 13870, 18060, 7680],
      ['21/11/2026', 1, 900, 4340, 2074],
    ]);
    const hora = (await admin('POST', '/relatorioQrCode', { ...periodo, agrupar: 'hora' })).body.data;
    expect(hora.linhas.map((l: Record<string, unknown>) => [l.rotulo, l.pedidos, l.total, l.participacao, l.canceladas])).toEqual([
      ['12h', 2, 10480, 7144, 0],
      ['13h', 1, 900, 2074, 0],
      ['20h', 1, 3390, 10000, 1],
    ]);
    expect(hora.totais).toMatchObject({ total: 14770, totalLoja: LOJA, participacao: 6594 });
  });

  it("refuses a wrong grouping naming the field; another group and another company see nothing; the cashier's profile cannot", async () => {
    const ruim = await admin('POST', '/relatorioQrCode', { ...periodo, agrupar: 'garcom' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe('Agrupar por: mesa, dia, hora.');
    expect(ruim.body.data.campos).toHaveProperty('agrupar');
    const terminal = await admin('POST', '/relatorioQrCode', { ...periodo, terminais: ['terminal-inventado'] });
    expect(terminal.status).toBe(400);
    expect(terminal.body.data.campos).toHaveProperty('terminais');
    // The shared filters apply: every order here came from the fixture's terminal.
    expect((await admin('POST', '/relatorioQrCode', { ...periodo, terminais: [c.ids.terminal] })).body.data.totais.total).toBe(14770);
    const outraLoja = await admin('POST', '/relatorioQrCode', { ...periodo, empresas: [ctx.seed.demo.empresas[1]] });
    expect(outraLoja.body.data.linhas).toEqual([]);
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const deles = (await vizinho('POST', '/relatorioQrCode', periodo)).body.data;
    expect(deles.linhas).toEqual([]);
    expect(deles.topProdutos).toEqual([]);
    expect((await vizinho('POST', '/relatorioQrCode', { ...periodo, empresas: [ctx.seed.demo.empresas[0]] })).status).toBe(400);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/relatorioQrCode', periodo)).status).toBe(403);
  });
});

describe('POST /api/listaProdutosVendidos', () => {
  it('counts each product sold for stock, complements that are products as their own lines, by agrupador with subtotals', async () => {
    const res = await admin('POST', '/listaProdutosVendidos', periodo);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.linhas.map((l: Record<string, unknown>) => [l.agrupadorDescricao, l.descricao, l.unidade, l.comoItem, l.comoComplemento, l.quantidade])).toEqual([
      // 2 × 2 portions on Q1 and 1 × 0,5 on S2; "Sem cebola" is not a product and is not counted.
      ['Adicionais', 'Bacon extra', 'UN', '0', '4.5', '4.5'],
      ['Sem agrupador', 'Buffet por quilo', 'KG', '0.485', '0', '0.485'],
      ['Sem agrupador', 'Suco de laranja', 'UN', '5', '0', '5'],
      // Q1 2 + S1 1 + S2 1; the cancelled item (Q2) and the cancelled sale (Q4) are out.
      ['Sem agrupador', 'Xis bacon', 'UN', '4', '0', '4'],
    ]);
    expect(r.linhas[0]).toMatchObject({ produto: bacon, agrupador: adicionais, codigo: expect.stringMatching(/\S/) });
    expect(r.subtotais).toEqual([
      { agrupador: adicionais, agrupadorDescricao: 'Adicionais', unidade: 'UN', produtos: 1, quantidade: '4.5' },
      { agrupador: null, agrupadorDescricao: 'Sem agrupador', unidade: 'KG', produtos: 1, quantidade: '0.485' },
      { agrupador: null, agrupadorDescricao: 'Sem agrupador', unidade: 'UN', produtos: 2, quantidade: '9' },
    ]);
    // As items, the same quantities relatorioVendaProdutos counts.
    const produtos = (await admin('POST', '/relatorioVendaProdutos', periodo)).body.data;
    expect(Object.fromEntries(produtos.map((p: { descricao: string; quantidade: string }) => [p.descricao, p.quantidade]))).toEqual({ 'Xis bacon': '4', 'Suco de laranja': '5', 'Buffet por quilo': '0.485' });
  });

  it('without filters reads the products kept per day with each sale: the same as adding up the items (a filter that keeps every sale)', async () => {
    // Every channel asked: the items are added up; none asked: estoque_vendido_dia is read.
    const todos = { ...periodo, canais: [...canaisVenda] };
    for (const relatorio of ['/listaProdutosVendidos', '/relatorioVendaProdutos']) {
      const doResumo = (await admin('POST', relatorio, periodo)).body.data;
      expect(doResumo).toEqual((await admin('POST', relatorio, todos)).body.data);
      // One day apart, past midnight in São Paulo, too.
      for (const dia of ['2026-11-20', '2026-11-21']) expect((await admin('POST', relatorio, { de: dia, ate: dia })).body.data).toEqual((await admin('POST', relatorio, { de: dia, ate: dia, canais: [...canaisVenda] })).body.data);
    }
    // The cancelled sale (Q4) and item (Q2) are out of both; the bacon counted as a complement, 4,5.
    const produtos = (await admin('POST', '/relatorioVendaProdutos', periodo)).body.data;
    expect(produtos.map((p: Record<string, unknown>) => [p.descricao, p.quantidade, p.vendas, p.total])).toEqual([
      ['Xis bacon', '4', 3, 7780 + 3290 + 3440],
      ['Suco de laranja', '5', 3, 4500],
      ['Buffet por quilo', '0.485', 1, 3390],
    ]);
  });

  it('narrows to a channel and to a store; refuses a bad date naming it; walls off other groups; not for the cashier', async () => {
    const qr = (await admin('POST', '/listaProdutosVendidos', { ...periodo, canais: ['QR Code'] })).body.data;
    expect(qr.linhas.map((l: Record<string, unknown>) => [l.descricao, l.quantidade])).toEqual([
      ['Bacon extra', '4'],
      ['Buffet por quilo', '0.485'],
      ['Suco de laranja', '4'],
      ['Xis bacon', '2'],
    ]);
    expect((await admin('POST', '/listaProdutosVendidos', { ...periodo, empresas: [ctx.seed.demo.empresas[1]] })).body.data).toEqual({ linhas: [], subtotais: [], lojas: [], totais: [] });
    const ruim = await admin('POST', '/listaProdutosVendidos', { de: '2026-11-20', ate: '21/11/2026' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe('Até: use aaaa-mm-dd.');
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/listaProdutosVendidos', periodo)).body.data).toEqual({ linhas: [], subtotais: [], lojas: [], totais: [] });
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/listaProdutosVendidos', periodo)).status).toBe(403);
  });
});

describe('listaProdutosVendidos over several stores', () => {
  const dia = { de: '2026-11-25', ate: '2026-11-25' };

  it('sums the stores chosen, with totals per store and unit that add up to the overall ones; only stores of the group the user may see', async () => {
    const [centro, shopping] = ctx.seed.demo.empresas as [string, string];
    const { xis, suco, buffet } = c.ids;
    // A terminal of the second store (Shopping), made while the session is there.
    expect((await admin('POST', '/sessao/empresa', { empresa: shopping })).status).toBe(200);
    const terminal = (await criar(admin, 'terminal', { descricao: 'PDV Shopping', tipo: 'PDV' }))._id;
    const token = (await admin('POST', `/terminal/${terminal}/credencial`)).body.data.token as string;
    // Payment methods are each store's own.
    const credito = (await criar(admin, 'formaPagamento', { descricao: 'Crédito', tipo: 'Cartão de Crédito' }))._id;
    await admin('POST', '/sessao/empresa', { empresa: centro });
    const noCentro = [
      pedido('M1', '2026-11-25', '12:00', 'Salão', '1', [{ produto: xis, quantidade: '2', precoUnitario: 3290 }, { produto: buffet, quantidade: '0.200', precoUnitario: 6990 }], 7978),
    ];
    const noShopping = [
      pedido('M2', '2026-11-25', '12:30', 'Balcão', null, [{ produto: xis, quantidade: '1', precoUnitario: 3290, modificadores: [{ descricao: 'Bacon extra', produto: bacon, quantidade: '1', precoUnitario: 300 }] }, { produto: suco, quantidade: '2', precoUnitario: 900 }], 5390),
      pedido('M3', '2026-11-25', '13:00', 'Balcão', null, [{ produto: buffet, quantidade: '0.333', precoUnitario: 6990 }], 2328),
    ];
    for (const v of noCentro) expect((await c.enviar(v)).status).toBe(201);
    for (const v of noShopping) {
      const res = await c.enviar({ ...v, pagamentos: v.pagamentos.map((p) => ({ ...p, formaPagamento: credito })) }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    const ambas = (await admin('POST', '/listaProdutosVendidos', { ...dia, empresas: [centro, shopping] })).body.data;
    expect(ambas.linhas.map((l: Record<string, unknown>) => [l.descricao, l.unidade, l.quantidade])).toEqual([
      ['Bacon extra', 'UN', '1'],
      ['Buffet por quilo', 'KG', '0.533'],
      ['Suco de laranja', 'UN', '2'],
      ['Xis bacon', 'UN', '3'],
    ]);
    expect(ambas.lojas).toEqual([
      { empresa: centro, loja: 'Restaurante Demonstração Centro', unidade: 'KG', produtos: 1, quantidade: '0.2' },
      { empresa: centro, loja: 'Restaurante Demonstração Centro', unidade: 'UN', produtos: 1, quantidade: '2' },
      { empresa: shopping, loja: 'Restaurante Demonstração Shopping', unidade: 'KG', produtos: 1, quantidade: '0.333' },
      { empresa: shopping, loja: 'Restaurante Demonstração Shopping', unidade: 'UN', produtos: 3, quantidade: '4' },
    ]);
    expect(ambas.totais).toEqual([
      { unidade: 'KG', produtos: 1, quantidade: '0.533' },
      { unidade: 'UN', produtos: 3, quantidade: '6' },
    ]);
    // No store asked: every store the administrator sees, the same answer.
    expect((await admin('POST', '/listaProdutosVendidos', dia)).body.data).toEqual(ambas);
    // One store: its lines only, and its totals are its line in the list of both.
    const so = (await admin('POST', '/listaProdutosVendidos', { ...dia, empresas: [shopping] })).body.data;
    expect(so.linhas.map((l: Record<string, unknown>) => [l.descricao, l.quantidade])).toEqual([
      ['Bacon extra', '1'],
      ['Buffet por quilo', '0.333'],
      ['Suco de laranja', '2'],
      ['Xis bacon', '1'],
    ]);
    expect(so.totais).toEqual(ambas.lojas.filter((l: { empresa: string }) => l.empresa === shopping).map(({ unidade, produtos, quantidade }: Record<string, unknown>) => ({ unidade, produtos, quantidade })));
  });

  it("refuses a store the user may not see (another group's, or one outside the user's companies), naming the field", async () => {
    const [centro, shopping] = ctx.seed.demo.empresas as [string, string];
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const alheia = await vizinho('POST', '/listaProdutosVendidos', { ...dia, empresas: [centro] });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.message).toBe(`Empresas: empresa não encontrada: ${centro}.`);
    // The cashier, allowed the report but only in the first store.
    const perfil = (await admin('GET', `/acessoSistema/${ctx.seed.caixa.perfil}`)).body.data;
    const telas = { ...perfilCaixaDemo.telas, listaProdutosVendidos: ['ver'] };
    expect((await admin('PUT', `/acessoSistema/${perfil._id}`, { telas, version: perfil.version })).status).toBe(200);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const fora = await caixa('POST', '/listaProdutosVendidos', { ...dia, empresas: [centro, shopping] });
    expect(fora.status).toBe(400);
    expect(fora.body.data).toEqual({ message: `Empresas: empresa não encontrada: ${shopping}.`, campos: { empresas: `Empresa não encontrada: ${shopping}.` } });
    // Asking for none, the cashier gets their own store only.
    const dele = (await caixa('POST', '/listaProdutosVendidos', dia)).body.data;
    expect(dele.lojas.map((l: { empresa: string }) => l.empresa)).toEqual([centro, centro]);
    expect(dele.totais).toEqual([
      { unidade: 'KG', produtos: 1, quantidade: '0.2' },
      { unidade: 'UN', produtos: 1, quantidade: '2' },
    ]);
  });
});
