import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularResumosDeVendas } from '../src/sales/resumosVenda.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';
import { documentoDeTeste, prepararVendas, type CenarioVendas } from './vendasFixture.ts';

// relatorioVendasResumoFiscal and relatorioQrCode read rollups kept with each sale when no terminal, operator
// or hour filter is asked; with a filter they read the sales and items. Both must give the same report after
// every change a sale goes through (ingest, cancellation, the document's new status) and after a recompute.

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
const periodo = { de: '2026-11-20', ate: '2026-11-21' };

type Item = { produto: string; quantidade: string; precoUnitario: number; cfop?: string; cst?: string; cancelado?: unknown };
function pedido(id: string, dia: string, hora: string, canal: string, itens: Item[], extra: Record<string, unknown> = {}) {
  const total = itens.filter((i) => !i.cancelado).reduce((s, i) => s + Math.round(Number(i.quantidade) * i.precoUnitario), 0);
  return {
    pedidoId: id,
    canal,
    abertoEm: `2026-11-${dia}T${hora}:00-03:00`,
    fechadoEm: `2026-11-${dia}T${hora}:30-03:00`,
    itens,
    pagamentos: [{ formaPagamento: c.ids.dinheiro, tPag: '01', valor: total }],
    total,
    ...extra,
  };
}

/** The report as the rollups give it, and as the sales give it (the only terminal asked: every sale). */
async function dosDoisJeitos(relatorio: string, extra: Record<string, unknown> = {}) {
  const [resumo, vendas] = await Promise.all([admin('POST', `/${relatorio}`, { ...periodo, ...extra }), admin('POST', `/${relatorio}`, { ...periodo, ...extra, terminais: [c.ids.terminal] })]);
  expect(resumo.status).toBe(200);
  expect(vendas.status).toBe(200);
  return { resumo: resumo.body.data, vendas: vendas.body.data };
}

async function conferirIguais() {
  const fiscal = await dosDoisJeitos('relatorioVendasResumoFiscal');
  expect(fiscal.resumo).toEqual(fiscal.vendas);
  for (const agrupar of ['mesa', 'dia', 'hora']) {
    const qr = await dosDoisJeitos('relatorioQrCode', { agrupar });
    expect(qr.resumo).toEqual(qr.vendas);
  }
  return { fiscal: fiscal.resumo, qr: (await dosDoisJeitos('relatorioQrCode', { agrupar: 'mesa' })).resumo };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  const { xis, suco, buffet } = c.ids;
  const suco5405 = { produto: suco, precoUnitario: 900, cfop: '5405', cst: '500' };
  const vendas = [
    pedido('Q1', '20', '12:10', 'QR Code', [{ produto: xis, quantidade: '2', precoUnitario: 3290, cfop: '5102', cst: '102' }, { ...suco5405, quantidade: '1' }], { mesa: '4', documentoFiscal: documentoDeTeste(1, 1, 'autorizada') }),
    pedido('Q2', '20', '12:50', 'QR Code', [{ produto: buffet, quantidade: '0.485', precoUnitario: 6990 }, { ...suco5405, quantidade: '2' }], { mesa: '4', documentoFiscal: documentoDeTeste(7, 2, 'contingencia') }),
    pedido('Q3', '20', '20:05', 'QR Code', [
      { produto: xis, quantidade: '1', precoUnitario: 3290 },
      { ...suco5405, quantidade: '1', cancelado: { usuario: ctx.seed.demo.admin, motivo: 'Lançado em dobro', em: '2026-11-20T20:04:00-03:00' } },
    ], { mesa: '10' }),
    pedido('B1', '20', '20:15', 'Balcão', [{ produto: xis, quantidade: '1', precoUnitario: 3290, cfop: '5102', cst: '102' }], { documentoFiscal: documentoDeTeste(2, 1, 'autorizada') }),
    pedido('Q4', '21', '13:00', 'QR Code', [{ ...suco5405, quantidade: '3' }], { mesa: '2', documentoFiscal: documentoDeTeste(3, 1, 'autorizada') }),
  ];
  for (const v of vendas) expect((await c.enviar(v)).status).toBe(201);
});
afterAll(async () => ctx?.close());

describe('the fiscal and QR code rollups kept with each sale', () => {
  it('give the sales figures after ingest, a cancellation and a document transmitted from contingency', async () => {
    const ingeridas = await conferirIguais();
    // Q1 2×3290 + 900, Q2 0.485 kg × 6990 (3390) + 2×900, Q3 3290 (its juice cancelled), Q4 3×900.
    expect(ingeridas.qr.totais).toMatchObject({ pedidos: 4, total: 7480 + 5190 + 3290 + 2700, itens: '10', canceladas: 0 });
    expect(ingeridas.fiscal.totais).toMatchObject({ quantidade: 5, total: 7480 + 5190 + 3290 + 3290 + 2700, canceladas: 0 });
    expect(ingeridas.fiscal.porCfop).toContainEqual({ cfop: '5405', itens: 3, total: 900 + 1800 + 2700 });

    expect((await c.enviar({ usuario: ctx.seed.demo.admin, motivo: 'Cliente desistiu', em: '2026-11-20T21:00:00-03:00' }, c.token, '/api/vendas/Q1/cancelar')).status).toBe(200);
    const canceladas = await conferirIguais();
    expect(canceladas.qr.totais).toMatchObject({ pedidos: 3, total: 5190 + 3290 + 2700, itens: '7', canceladas: 1 });
    expect(canceladas.fiscal.totais).toMatchObject({ quantidade: 5, canceladas: 1, valorCancelado: 7480 });
    expect(canceladas.fiscal.porCfop).toContainEqual({ cfop: '5405', itens: 2, total: 1800 + 2700 });

    const autorizada = { status: 'autorizada', protocolo: '135260000012345', codigo: '100', em: '2026-11-20T13:00:00-03:00' };
    expect((await c.enviar(autorizada, c.token, '/api/vendas/Q2/documentoFiscal')).status).toBe(200);
    const transmitida = await conferirIguais();
    expect(transmitida.fiscal.documentos.find((d: { status: string }) => d.status === 'contingencia')).toBeUndefined();
    expect(transmitida.fiscal.documentos).toContainEqual({ modelo: '65', status: 'autorizada', serie: 2, quantidade: 1, total: 5190, canceladas: 0, valorCancelado: 0 });
  });

  it('are added up again from the sales by the recompute, which finds and mends a rollup gone wrong', async () => {
    const grupo = ctx.seed.demo.grupoEmpresarial;
    expect(await recalcularResumosDeVendas(ctx.db, { grupoEmpresarial: grupo })).toEqual([]);
    const antes = await conferirIguais();
    await ctx.db.execute(sql`delete from venda_resumo_codigo where grupo_empresarial_id = ${grupo}`);
    await ctx.db.execute(sql`update venda_resumo_qr set pedidos = pedidos + 5 where grupo_empresarial_id = ${grupo}`);
    expect(await recalcularResumosDeVendas(ctx.db, { grupoEmpresarial: grupo })).toEqual([
      { tabela: 'venda_resumo_qr', linhas: expect.any(Number) },
      { tabela: 'venda_resumo_codigo', linhas: expect.any(Number) },
    ]);
    // Only looking changed nothing: the report still shows the wrong rollup.
    expect((await dosDoisJeitos('relatorioQrCode', { agrupar: 'mesa' })).resumo.totais.pedidos).toBe(antes.qr.totais.pedidos + 5 * antes.qr.linhas.length);
    await recalcularResumosDeVendas(ctx.db, { grupoEmpresarial: grupo, corrigir: true });
    expect(await recalcularResumosDeVendas(ctx.db, { grupoEmpresarial: grupo })).toEqual([]);
    expect(await conferirIguais()).toEqual(antes);
  });

  it("another group's reports read none of this group's rollups", async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    const fiscal = await vizinho('POST', '/relatorioVendasResumoFiscal', periodo);
    expect(fiscal.status).toBe(200);
    expect(fiscal.body.data).toMatchObject({ documentos: [], porCfop: [], porCst: [], totais: { quantidade: 0, total: 0 } });
    const qr = await vizinho('POST', '/relatorioQrCode', { ...periodo, agrupar: 'mesa' });
    expect(qr.status).toBe(200);
    expect(qr.body.data).toMatchObject({ linhas: [], topProdutos: [], totais: { pedidos: 0, total: 0 } });
  });
});
