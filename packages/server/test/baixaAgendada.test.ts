import { contaPadrao, hojeNoFuso, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';

/**
 * A settlement dated after today (a "pagamento agendado") is not paid yet (issue 14): the agenda's open
 * amount, the installment's status, the dashboard's overdue and the aging at today all agree on it, to the
 * centavo; on its date the aging counts it paid; it cannot be settled twice meanwhile.
 */
let ctx: TestContext;
let admin: Api;
let fornecedor: string;
let banco: string;
const hoje = hojeNoFuso();
const vencimento = somarDias(hoje, -10);
const agendada = somarDias(hoje, 5);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  fornecedor = (await criar(admin, 'pessoa', { nome: 'Distribuidora Agendada', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
  banco = (await criar(admin, 'financeiroConta', { nome: 'Banco agendamentos', tipo: 'Banco', banco: '341', dataSaldoInicial: '2026-01-01', saldoInicial: 500000 }))._id;
});
afterAll(async () => ctx?.close());

type Q = { quantidade: number; valor: number };
const vencidoPagar = async () => (await admin('POST', '/financeiroResumo', {})).body.data.pagar.vencido as Q;
const aging = async (data?: string) => {
  const res = await admin('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar', pessoa: fornecedor, ...(data ? { data } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.totais as { aVencer: number; ate30: number; total: number; parcelas: number };
};
const titulo = async (id: string) => (await admin('GET', `/financeiroAgenda/${id}`)).body.data as { parcelas: { _id: string; pago: number; aberto: number; aBaixar: number; status: string }[]; baixas: { _id: string; data: string }[] };

describe('financeiroAgenda: a settlement dated after today', () => {
  it('R$ 300,00 paid today and R$ 700,00 scheduled: open R$ 700,00 and overdue everywhere today, nothing open on the scheduled day', async () => {
    const antes = await vencidoPagar();
    const criado = await admin('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: contaPadrao('3.01')._id, descricao: 'Bebidas', emissao: somarDias(hoje, -20), valor: 100000, vencimento });
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const id = criado.body.data[0]._id as string;
    const parcela = criado.body.data[0].parcelas[0]._id as string;
    expect((await admin('POST', `/financeiroAgenda/parcelas/${parcela}/baixar`, { conta: banco, data: hoje, valor: 30000 })).status).toBe(201);
    const futura = await admin('POST', `/financeiroAgenda/parcelas/${parcela}/baixar`, { conta: banco, data: agendada, valor: 70000 });
    expect(futura.status, JSON.stringify(futura.body)).toBe(201);

    const t = await titulo(id);
    expect(t.parcelas.map((p) => [p.pago, p.aberto, p.aBaixar, p.status])).toEqual([[30000, 70000, 0, 'vencida']]);
    const lista = (await admin('POST', '/financeiroAgenda/lista', { tipo: 'pagar', busca: 'Bebidas' })).body.data;
    expect([lista.pago, lista.aberto, lista.vencido, lista.linhas[0].aberto, lista.linhas[0].aBaixar]).toEqual([30000, 70000, 70000, 70000, 0]);
    expect(await aging()).toMatchObject({ aVencer: 0, ate30: 70000, total: 70000, parcelas: 1 });
    const depois = await vencidoPagar();
    expect([depois.quantidade - antes.quantidade, depois.valor - antes.valor]).toEqual([1, 70000]);
    // On the scheduled day it is paid.
    expect(await aging(agendada)).toMatchObject({ total: 0, parcelas: 0 });
    // Nothing is left to settle: a third settlement is refused, nothing written.
    const outra = await admin('POST', `/financeiroAgenda/parcelas/${parcela}/baixar`, { conta: banco, data: hoje, valor: 1 });
    expect([outra.status, outra.body.data.message]).toEqual([409, 'Esta parcela já está paga.']);

    // The schedule cancelled (the reversal): R$ 700,00 still open today, and now it can be settled.
    const baixaFutura = t.baixas.find((b) => b.data === agendada)!;
    expect((await admin('POST', `/financeiroAgenda/baixas/${baixaFutura._id}/estornar`, { motivo: 'Agendamento cancelado' })).status).toBe(200);
    expect((await titulo(id)).parcelas.map((p) => [p.pago, p.aberto, p.aBaixar, p.status])).toEqual([[30000, 70000, 70000, 'vencida']]);
    expect(await aging(agendada)).toMatchObject({ ate30: 70000, total: 70000 });
    expect((await vencidoPagar()).valor - antes.valor).toBe(70000);
  });
});
