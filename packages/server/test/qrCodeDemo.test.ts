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

describe('QR code demonstration', () => {
  it("sets up twelve tables on the house menu with today's orders (on the kitchen board) and two waiter calls; a rerun adds nothing", async () => {
    const s = { id: 'gerador', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    await gerarVendasDemo(ctx.db, s, { lojas: 1, dias: 1, ateAgora: true, agora: new Date() });
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const tela = (await api('GET', '/qrCode')).body.data;
    expect(tela.config).toMatchObject({ taxaServico: '10.00', ativo: true });
    expect(tela.mesas.map((m: { nome: string; area: string }) => `${m.nome} ${m.area}`)).toEqual([...Array.from({ length: 8 }, (_, i) => `Mesa ${i + 1} Salão`), ...Array.from({ length: 4 }, (_, i) => `Mesa ${i + 9} Varanda`)]);
    const atividade = (await api('GET', '/qrCode/atividade')).body.data;
    expect(atividade.pedidos.map((p: { mesa: number }) => p.mesa)).toEqual([11, 5, 9, 3]);
    for (const p of atividade.pedidos) expect(p.total).toBe(p.subtotal + Math.round(p.subtotal / 10));
    expect(atividade.pedidos.every((p: { naCozinha: boolean }) => p.naCozinha)).toBe(true);
    expect(atividade.chamadas.map((c: { mesa: number; atendidaEm: string | null }) => [c.mesa, c.atendidaEm === null])).toEqual([
      [5, true],
      [7, false],
    ]);
    // The public page of a table reads the house menu.
    const pagina = await ctx.app.inject({ method: 'GET', url: `/api/q/${tela.mesas[0].token}` });
    expect(pagina.json().data.secoes.length).toBeGreaterThan(3);

    await gerarVendasDemo(ctx.db, s, { lojas: 1, dias: 1, ateAgora: true, agora: new Date() });
    expect((await api('GET', '/qrCode')).body.data.mesas).toHaveLength(12);
    expect((await api('GET', '/qrCode/atividade')).body.data.pedidos).toHaveLength(4);
  });
});
