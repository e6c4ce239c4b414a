import { canaisVenda } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;

/** A one-item order closed at `hora` (São Paulo) on `dia`, paid by one method. */
function pedido(id: string, dia: string, hora: string, canal: string, itens: { produto: string; quantidade: string; precoUnitario: number }[], forma: string, tPag: string) {
  const total = itens.reduce((s, i) => s + Math.round(Number(i.quantidade) * i.precoUnitario), 0);
  return { pedidoId: id, canal, abertoEm: `${dia}T${hora}:00-03:00`, fechadoEm: `${dia}T${hora}:30-03:00`, itens, pagamentos: [{ formaPagamento: forma, tPag, valor: total }], total };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  const { xis, suco, buffet, dinheiro, credito } = c.ids;
  const vendas = [
    // Friday 2026-11-20: lunch and dinner, one cancelled afterwards.
    pedido('A1', '2026-11-20', '12:10', 'Salão', [{ produto: xis, quantidade: '2', precoUnitario: 3290 }], credito, '03'),
    pedido('A2', '2026-11-20', '12:40', 'Balcão', [{ produto: suco, quantidade: '1', precoUnitario: 900 }], dinheiro, '01'),
    pedido('A3', '2026-11-20', '20:05', 'Delivery', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }, { produto: suco, quantidade: '3', precoUnitario: 900 }], credito, '03'),
    pedido('A4', '2026-11-20', '20:50', 'Salão', [{ produto: buffet, quantidade: '0.5', precoUnitario: 6990 }], dinheiro, '01'),
    // 23:30 in São Paulo is already the 21st in UTC: it still counts on the 20th.
    pedido('A5', '2026-11-20', '23:30', 'Balcão', [{ produto: suco, quantidade: '1', precoUnitario: 900 }], dinheiro, '01'),
    // The Friday before, 2026-11-13.
    pedido('B1', '2026-11-13', '12:20', 'Salão', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }], credito, '03'),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
  expect((await c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Estorno', em: '2026-11-20T21:00:00-03:00' }, c.token, '/api/vendas/A4/cancelar')).status).toBe(200);
});
afterAll(async () => ctx?.close());

describe('POST /api/dashboard', () => {
  it('sums the day to the centavo against the same weekday last week, cancelled sales apart', async () => {
    const res = await admin('POST', '/dashboard', { data: '2026-11-20' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ data: '2026-11-20', comparacao: '2026-11-13' });
    // 65,80 + 9,00 + 59,90 + 9,00 = 143,70 over 4 sales; the buffet plate (34,95) was cancelled.
    expect(d.resumo.dia).toEqual({ vendas: 4, total: 14370, ticketMedio: 3593, canceladas: 1, valorCancelado: 3495 });
    expect(d.resumo.comparacao).toEqual({ vendas: 1, total: 3290, ticketMedio: 3290, canceladas: 0, valorCancelado: 0 });
    expect(d.porHora).toEqual([
      { hora: 12, dia: 7480, comparacao: 3290 },
      { hora: 20, dia: 5990, comparacao: 0 },
      { hora: 23, dia: 900, comparacao: 0 },
    ]);
    expect(d.porCanal).toEqual([
      { canal: 'Salão', vendas: 1, total: 6580 },
      { canal: 'Delivery', vendas: 1, total: 5990 },
      { canal: 'Balcão', vendas: 2, total: 1800 },
    ]);
    expect(d.porPagamento).toEqual([
      { formaPagamento: c.ids.credito, descricao: 'Crédito', tPag: '03', total: 12570 },
      { formaPagamento: c.ids.dinheiro, descricao: 'Dinheiro', tPag: '01', total: 1800 },
    ]);
    expect(d.topProdutos).toEqual([
      { produto: c.ids.xis, descricao: 'Xis bacon', quantidade: '3', total: 9870 },
      { produto: c.ids.suco, descricao: 'Suco de laranja', quantidade: '5', total: 4500 },
    ]);
  });

  it("shows only the active company's sales and nothing to another group", async () => {
    const outraEmpresa = ctx.seed.demo.empresas[1]!;
    expect((await admin('POST', '/sessao/empresa', { empresa: outraEmpresa })).status).toBe(200);
    expect((await admin('POST', '/dashboard', { data: '2026-11-20' })).body.data.resumo.dia.vendas).toBe(0);
    await admin('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[0] });
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const deles = (await vizinho('POST', '/dashboard', { data: '2026-11-20' })).body.data;
    expect(deles.resumo.dia).toMatchObject({ vendas: 0, total: 0 });
    expect(deles.topProdutos).toEqual([]);
  });

  it('refuses a malformed date naming it, and a profile without the dashboard', async () => {
    const ruim = await admin('POST', '/dashboard', { data: '20/11/2026' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toBe('Data: use aaaa-mm-dd.');
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/dashboard', {})).status).toBe(403);
  });
});

describe('POST /api/relatorioVenda', () => {
  const periodo = { de: '2026-11-13', ate: '2026-11-20' };

  it('groups by day with totals that reconcile with the dashboard to the centavo', async () => {
    const res = await admin('POST', '/relatorioVenda', { ...periodo, agrupar: 'dia' });
    expect(res.status).toBe(200);
    const { linhas, totais } = res.body.data;
    expect(linhas.map((l: { rotulo: string; vendas: number; total: number; canceladas: number }) => [l.rotulo, l.vendas, l.total, l.canceladas])).toEqual([
      ['13/11/2026', 1, 3290, 0],
      ['20/11/2026', 4, 14370, 1],
    ]);
    expect(totais).toMatchObject({ vendas: 5, total: 17660, bruto: 17660, descontos: 0, ticketMedio: 3532, canceladas: 1, valorCancelado: 3495 });
    const painel = (await admin('POST', '/dashboard', { data: '2026-11-20' })).body.data;
    expect(linhas[1].total).toBe(painel.resumo.dia.total);
    expect(linhas[0].total).toBe(painel.resumo.comparacao.total);
  });

  it('groups by channel, hour and company, and filters channels', async () => {
    const canal = (await admin('POST', '/relatorioVenda', { ...periodo, agrupar: 'canal' })).body.data.linhas;
    expect(canal.map((l: { rotulo: string; total: number }) => [l.rotulo, l.total])).toEqual([
      ['Balcão', 1800],
      ['Delivery', 5990],
      ['Salão', 9870],
    ]);
    const hora = (await admin('POST', '/relatorioVenda', { ...periodo, agrupar: 'hora', canais: ['Salão'] })).body.data;
    expect(hora.linhas.map((l: { rotulo: string; vendas: number }) => [l.rotulo, l.vendas])).toEqual([['12h', 2], ['20h', 0]]);
    expect(hora.totais.total).toBe(9870);
    const empresa = (await admin('POST', '/relatorioVenda', { ...periodo, agrupar: 'empresa' })).body.data.linhas;
    expect(empresa).toHaveLength(1);
    expect(empresa[0].rotulo).toBe('Restaurante Demonstração Centro');
  });

  it("refuses bad filters naming them and another group's company; the cashier's profile has no reports", async () => {
    const invertido = await admin('POST', '/relatorioVenda', { de: '2026-11-20', ate: '2026-11-01' });
    expect(invertido.status).toBe(400);
    expect(invertido.body.data).toEqual({ message: 'Até: O fim do período é anterior ao início.', campos: { ate: 'O fim do período é anterior ao início.' } });
    const alheia = await admin('POST', '/relatorioVenda', { ...periodo, empresas: ctx.seed.vizinho.empresas });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.campos.empresas).toBe(`Empresa não encontrada: ${ctx.seed.vizinho.empresas[0]}.`);
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/relatorioVenda', periodo)).status).toBe(403);
  });
});

describe('POST /api/relatorioVendaProdutos', () => {
  it('sums each product net of cancelled sales and items, with its ABC class; totals match relatorioVenda', async () => {
    const res = await admin('POST', '/relatorioVendaProdutos', { de: '2026-11-13', ate: '2026-11-20' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: Record<string, unknown>) => [l.descricao, l.quantidade, l.vendas, l.total, l.participacao, l.classe])).toEqual([
      ['Xis bacon', '4', 3, 13160, 7452, 'A'],
      // It starts at 74,52% of the revenue, under the 80% of class A.
      ['Suco de laranja', '5', 3, 4500, 2548, 'A'],
    ]);
    const venda = (await admin('POST', '/relatorioVenda', { de: '2026-11-13', ate: '2026-11-20' })).body.data.totais;
    expect(13160 + 4500).toBe(venda.total);
  });
});

describe('POST /api/relatorioVendaCancelamentos', () => {
  it('lists whole sales and items cancelled, with who (the user by name), why and how much', async () => {
    const { suco, xis, credito } = c.ids;
    const comItemCancelado = {
      ...pedido('C1', '2026-11-21', '13:00', 'Salão', [{ produto: xis, quantidade: '1', precoUnitario: 3290 }], credito, '03'),
      itens: [
        { produto: xis, quantidade: '1', precoUnitario: 3290 },
        { produto: suco, quantidade: '2', precoUnitario: 900, cancelado: { usuario: ctx.seed.demo.admin, motivo: 'Lançado em dobro', em: '2026-11-21T12:40:00-03:00' } },
      ],
    };
    expect((await c.enviar(comItemCancelado)).status).toBe(201);
    const res = await admin('POST', '/relatorioVendaCancelamentos', { de: '2026-11-13', ate: '2026-11-21' });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.vendas).toEqual([expect.objectContaining({ pedidoId: 'A4', loja: 'Restaurante Demonstração Centro', motivo: 'Estorno', por: 'Administrador Demonstração', total: 3495 })]);
    expect(r.itens).toEqual([expect.objectContaining({ pedidoId: 'C1', produto: 'Suco de laranja', quantidade: '2', valor: 1800, motivo: 'Lançado em dobro', por: 'Administrador Demonstração' })]);
    expect(r.totais).toEqual({ vendas: 1, valorVendas: 3495, itens: 1, valorItens: 1800 });
    // Unfiltered, the report's statements go in one round trip; with every channel asked it goes the filtered way: the same answer.
    expect((await admin('POST', '/relatorioVendaCancelamentos', { de: '2026-11-13', ate: '2026-11-21', canais: [...canaisVenda] })).body.data).toEqual(r);
    // The same cancelled value as relatorioVenda's.
    expect((await admin('POST', '/relatorioVenda', { de: '2026-11-13', ate: '2026-11-21' })).body.data.totais.valorCancelado).toBe(3495);
  });
});

describe('POST /api/relatorioVendaDescontos', () => {
  it('sums discounts by reason, on whole sales and on items, against the gross they came from', async () => {
    const { xis, suco, credito } = c.ids;
    const cortesia = await criar(admin, 'descontoMotivo', { descricao: 'Cortesia da casa' });
    const fidelidade = await criar(admin, 'descontoMotivo', { descricao: 'Cliente fiel' });
    const base = { canal: 'Balcão', abertoEm: '2026-11-22T12:00:00-03:00', fechadoEm: '2026-11-22T12:10:00-03:00' };
    // 2 × 32,90 = 65,80 with 6,58 off the sale (10%).
    expect((await c.enviar({ ...base, pedidoId: 'D1', itens: [{ produto: xis, quantidade: '2', precoUnitario: 3290 }], desconto: 658, descontoMotivo: fidelidade._id, pagamentos: [{ formaPagamento: credito, tPag: '03', valor: 5922 }], total: 5922 })).status).toBe(201);
    // A juice on the house: 9,00 off an item of 9,00.
    expect((await c.enviar({ ...base, pedidoId: 'D2', itens: [{ produto: xis, quantidade: '1', precoUnitario: 3290 }, { produto: suco, quantidade: '1', precoUnitario: 900, desconto: 900, descontoMotivo: cortesia._id }], pagamentos: [{ formaPagamento: credito, tPag: '03', valor: 3290 }], total: 3290 })).status).toBe(201);
    const res = await admin('POST', '/relatorioVendaDescontos', { de: '2026-11-22', ate: '2026-11-22' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { motivo: cortesia._id, descricao: 'Cortesia da casa', onde: 'item', vezes: 1, desconto: 900, base: 900, percentual: 10000 },
      { motivo: fidelidade._id, descricao: 'Cliente fiel', onde: 'venda', vezes: 1, desconto: 658, base: 6580, percentual: 1000 },
    ]);
    // The same discounts relatorioVenda subtracts.
    expect((await admin('POST', '/relatorioVenda', { de: '2026-11-22', ate: '2026-11-22' })).body.data.totais.descontos).toBe(1558);
  });
});

describe('relatorioFavorito', () => {
  it('belongs to the user who marks it (the body cannot name another) and marks a report once', async () => {
    const fav = await admin('POST', '/relatorioFavorito', { tela: 'relatorioVendaDescontos', usuario: 'outra-pessoa' });
    expect(fav.status).toBe(201);
    expect(fav.body.data.usuario).toBe(ctx.seed.demo.admin);
    expect((await admin('POST', '/relatorioFavorito', { tela: 'relatorioVendaDescontos' })).status).toBe(409);
    expect((await admin('POST', '/relatorioFavorito', { tela: 'pessoa' })).body.data.campos).toEqual({ tela: 'Relatório desconhecido.' });
  });
});
