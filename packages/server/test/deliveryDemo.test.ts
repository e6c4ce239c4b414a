import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gerarVendasDemo } from '../src/seed/vendasDemo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('delivery demonstration', () => {
  it("shows an iFood integration with today's orders in every state, one waiting with an unmapped item; a rerun adds nothing", async () => {
    const s = { id: 'gerador', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    const agora = new Date('2026-11-27T11:30:00-03:00');
    await gerarVendasDemo(ctx.db, s, { lojas: 1, dias: 1, ateAgora: true, agora });
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const todos = (await api('GET', '/appIntegracaoDelivery/pedidos')).body.data as any[];
    const pedidos = todos.filter((p) => p.provedor === 'iFood');
    expect(pedidos.map((p) => [p.codigo, p.situacao])).toEqual([
      ['7356', 'recebido'],
      ['7351', 'recebido'],
      ['7342', 'aceito'],
      ['7330', 'cancelado'],
      ['7324', 'aceito'],
      ['7311', 'recusado'],
    ]);
    expect(pedidos[0].itens.filter((i: any) => !i.mapeado).map((i: any) => i.nome)).toEqual(['Batata rústica com cheddar']);
    // 2 × 35,90 + 2 × 7,50 + 7,99 = 94,79 gross; the store's 5,00 and 12% of the items (10,42) leave 79,37.
    expect(pedidos[4].repasse).toEqual({ bruto: 9479, comissao: 1042, taxaEntrega: 799, campanhas: 500, subsidio: 300, liquido: 7937 });
    const [venda] = (await ctx.db.execute<{ canal: string; total: number; cancelada: boolean }>(sql`select canal, total::int, cancelada from venda where id = ${pedidos[3].venda}`)).rows;
    // 54,90 + 25,90 + 8,99: iFood's R$ 10,00 campaign is not the store's discount.
    expect(venda).toEqual({ canal: 'Delivery', total: 8979, cancelada: true });

    // The own delivery page: three orders of signed-in customers, accepted at once, with the fee of their CEP.
    const doSite = todos.filter((p) => p.provedor === 'Delivery próprio');
    expect(doSite.map((p) => [p.codigo, p.cliente, p.situacao, p.repasse.taxaEntrega])).toEqual([
      ['3', 'Lúcia Fernandes', 'aceito', 799],
      ['2', 'Rafael Teixeira', 'aceito', 599],
      ['1', 'Beatriz Nogueira', 'aceito', 399],
    ]);
    const [vendaSite] = (await ctx.db.execute<{ canal: string; taxa_entrega: number }>(sql`select canal, taxa_entrega::int from venda where id = ${doSite[2].venda}`)).rows;
    expect(vendaSite).toEqual({ canal: 'Delivery próprio', taxa_entrega: 399 });
    // Its statuses are the customer's page's to read (no app to tell): kept as sent at once.
    expect(doSite[2].retornos.map((r: any) => [r.evento, r.situacao])).toEqual([['aceito', 'enviado'], ['despachado', 'enviado']]);
    const menu = await ctx.app.inject({ method: 'GET', url: `/api/q/d/loja/${doSite[0].integracao}` });
    expect(menu.json().data).toMatchObject({ pedidoMinimo: 3000, taxaEntrega: 799, pagamentos: ['Dinheiro', 'Cartão na entrega', 'Pix'] });
    expect(menu.json().data.secoes.length).toBeGreaterThan(1);

    await gerarVendasDemo(ctx.db, s, { lojas: 1, dias: 1, ateAgora: true, agora });
    expect((await api('GET', '/appIntegracaoDelivery/pedidos')).body.data).toHaveLength(9);
  });
});
