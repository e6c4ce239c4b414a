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
    const pedidos = (await api('GET', '/appIntegracaoDelivery/pedidos')).body.data as any[];
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

    await gerarVendasDemo(ctx.db, s, { lojas: 1, dias: 1, ateAgora: true, agora });
    expect((await api('GET', '/appIntegracaoDelivery/pedidos')).body.data).toHaveLength(6);
  });
});
