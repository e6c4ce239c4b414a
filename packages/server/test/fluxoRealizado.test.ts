import { contaPadrao, hojeNoFuso, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * The dashboard's realised cash flow (issue 14) reads the rollup lancar keeps per account and day
 * (financeiro_saldo_dia.entradas/saidas), not the ledger's rows: after entries, an exit, a transfer, a reversal
 * and an opening balance it equals the ledger summed by hand, day by day, to the centavo; the recompute command
 * finds and mends a corrupted day.
 */
let ctx: TestContext;
let admin: Api;
const hoje = hojeNoFuso();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
});
afterAll(async () => ctx?.close());

type Dia = { data: string; entradas: number; saidas: number; previsto: boolean };
const fluxo = async () => ((await admin('POST', '/financeiroResumo', { empresas: [ctx.seed.demo.empresas[0]] })).body.data.fluxo as Dia[]).filter((d) => !d.previsto).map((d) => [d.data, d.entradas, d.saidas]);
/** The same days summed from the ledger's rows, as the dashboard read them before the rollup. */
const doRazao = async (de: string) => {
  const empresa = ctx.seed.demo.empresas[0]!;
  const r = await ctx.db.execute<{ data: string; e: string; s: string }>(sql`
    select m.data::text as data, coalesce(sum(m.valor) filter (where m.valor > 0), 0)::text e, coalesce(sum(m.valor) filter (where m.valor < 0), 0)::text s
    from financeiro_movimento m
    where m.empresa_id = ${empresa} and m.data between ${de}::date and ${hoje}::date and m.tipo <> 'saldoInicial' and m.transferencia_id is null
    group by 1`);
  return new Map(r.rows.map((x) => [x.data, [Number(x.e), Number(x.s)]]));
};

describe('financeiroResumo: the realised flow from the daily rollup', () => {
  it('equals the ledger day by day after entries, an exit, a transfer, a reversal and an opening balance', async () => {
    const ontem = somarDias(hoje, -1);
    const caixa = (await criar(admin, 'financeiroConta', { nome: 'Caixa fluxo', tipo: 'Caixa', dataSaldoInicial: ontem, saldoInicial: 50000 }))._id;
    const banco = (await criar(admin, 'financeiroConta', { nome: 'Banco fluxo', tipo: 'Banco', banco: '341', dataSaldoInicial: ontem }))._id;
    const antes = new Map((await fluxo()).map(([d, e, s]) => [d as string, [e as number, s as number]]));
    const mov = (tipo: string, conta: string, data: string, valor: number) =>
      admin('POST', '/financeiroMovimentacao', { tipo, conta, data, valor, planoConta: contaPadrao(tipo === 'entrada' ? '1.01' : '3.01')._id, descricao: `Fluxo ${valor}` });
    expect((await mov('entrada', caixa, ontem, 12345)).status).toBe(201);
    expect((await mov('entrada', banco, hoje, 100)).status).toBe(201);
    expect((await mov('saida', caixa, hoje, 4321)).status).toBe(201);
    const errado = await mov('saida', banco, hoje, 999);
    expect((await admin('POST', '/financeiroMovimentacao/transferencia', { origem: caixa, destino: banco, data: hoje, valor: 5000 })).status).toBe(201);
    expect((await admin('POST', `/financeiroMovimentacao/${errado.body.data._id}/estornar`, { motivo: 'lançado errado' })).status).toBe(200);

    const depois = await fluxo();
    const dia = (d: string) => depois.find(([x]) => x === d)!.slice(1) as number[];
    // Yesterday: +123,45 (the opening balances are no flow); today: +1,00 and the reversal's +9,99 in, −43,21 and −9,99 out; the transfer, neither.
    expect([dia(ontem)[0]! - antes.get(ontem)![0]!, dia(ontem)[1]! - antes.get(ontem)![1]!]).toEqual([12345, 0]);
    expect([dia(hoje)[0]! - antes.get(hoje)![0]!, dia(hoje)[1]! - antes.get(hoje)![1]!]).toEqual([100 + 999, -4321 - 999]);
    const razao = await doRazao(depois[0]![0] as string);
    expect(depois).toEqual(depois.map(([d]) => [d, ...(razao.get(d as string) ?? [0, 0])]));
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('a corrupted day is found and mended by financeiro:recalcular', async () => {
    await ctx.db.execute(sql`update financeiro_saldo_dia set entradas = entradas + 1 where data = ${hoje}::date and entradas > 0`);
    const achadas = await recalcularFinanceiro(ctx.db);
    expect(achadas.length).toBeGreaterThan(0);
    expect(achadas.every((d) => d.fluxo === 'entradas' && d.data === hoje && d.mantido === d.recalculado + 1)).toBe(true);
    await recalcularFinanceiro(ctx.db, { corrigir: true });
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });
});
