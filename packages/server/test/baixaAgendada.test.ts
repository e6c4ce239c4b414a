import { contaPadrao, hojeNoFuso, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
let vizinho: Api;
let fornecedor: string;
let banco: string;
const hoje = hojeNoFuso();
const vencimento = somarDias(hoje, -10);
const agendada = somarDias(hoje, 5);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
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

type DiaCal = { aPagar: number; vencidoPagar: number; pago: number; agendadoPagar: number };
type DiaFluxo = { data: string; entradas: number; saidas: number; agendado: number; previsto: boolean; saldo: number };

describe('the calendar and the dashboard: a bill due on the "10th" scheduled for the "15th"', () => {
  // Today sits between the due date and the scheduled day; then a fake "today" the day after the scheduled one.
  const dia10 = somarDias(hoje, -2);
  const dia15 = somarDias(hoje, 3);
  const de = somarDias(hoje, -2);
  const ate = somarDias(hoje, 4);
  const calendario = async (cliente: Api, dia: string | null = null) => {
    const res = await cliente('POST', '/calendarioRecebimento/titulos', { de, ate, dia });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dias = Object.fromEntries(res.body.data.dias.map((d: DiaCal & { data: string }) => [d.data, d])) as Record<string, DiaCal>;
    const zero = { aPagar: 0, vencidoPagar: 0, pago: 0, agendadoPagar: 0 };
    return { dia: (d: string) => ({ ...zero, ...dias[d] }), parcelas: res.body.data.parcelas, agendadas: res.body.data.agendadas };
  };
  const resumo = async (cliente: Api) => {
    const res = await cliente('POST', '/financeiroResumo', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fluxo = res.body.data.fluxo as DiaFluxo[];
    return { ...res.body.data, dia: (d: string) => fluxo.find((x) => x.data === d)! };
  };
  const menos = (a: DiaCal, b: DiaCal) => ({ aPagar: a.aPagar - b.aPagar, vencidoPagar: a.vencidoPagar - b.vencidoPagar, pago: a.pago - b.pago, agendadoPagar: a.agendadoPagar - b.agendadoPagar });

  it('shows it as Agendado on the 15th, not paid nor overdue on the 10th, the projection down by it on the 15th; the day after, paid', async () => {
    const conta = (await criar(admin, 'financeiroConta', { nome: 'Banco do agendamento', tipo: 'Banco', banco: '237', dataSaldoInicial: '2026-01-01', saldoInicial: 1000000 }))._id;
    const calAntes = await calendario(admin);
    const resAntes = await resumo(admin);
    const criado = await admin('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: contaPadrao('3.01')._id, descricao: 'Hortifrúti agendado', emissao: somarDias(hoje, -15), valor: 45678, vencimento: dia10 });
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const parcela = criado.body.data[0].parcelas[0]._id as string;
    const agendou = await admin('POST', `/financeiroAgenda/parcelas/${parcela}/baixar`, { conta, data: dia15, valor: 45678, juros: 122 });
    expect(agendou.status, JSON.stringify(agendou.body)).toBe(201);
    // The installment: nothing left to settle, R$ 456,78 scheduled.
    expect(agendou.body.data.parcelas.map((p: { aBaixar: number; agendado: number }) => [p.aBaixar, p.agendado])).toEqual([[0, 45678]]);

    const cal = await calendario(admin);
    expect(menos(cal.dia(dia10), calAntes.dia(dia10))).toEqual({ aPagar: 0, vencidoPagar: 0, pago: 0, agendadoPagar: 0 });
    expect(menos(cal.dia(dia15), calAntes.dia(dia15))).toEqual({ aPagar: 0, vencidoPagar: 0, pago: 0, agendadoPagar: 45800 });
    // The 15th's list has the scheduled payment with its account; the 10th's the installment, scheduled.
    const no15 = await calendario(admin, dia15);
    expect(no15.agendadas.filter((b: { descricao: string }) => b.descricao === 'Hortifrúti agendado')).toMatchObject([{ tipo: 'pagar', vencimento: dia10, contaNome: 'Banco do agendamento', total: 45800, numero: 1, parcelas: 1 }]);
    const no10 = await calendario(admin, dia10);
    expect(no10.parcelas.filter((p: { descricao: string }) => p.descricao === 'Hortifrúti agendado').map((p: { aBaixar: number; agendado: number }) => [p.aBaixar, p.agendado])).toEqual([[0, 45678]]);

    const res = await resumo(admin);
    // The account's kept balance has it already; today's closing balance and the realised flow do not.
    expect(res.saldoTotal - resAntes.saldoTotal).toBe(-45800);
    expect(res.dia(hoje).saldo).toBe(resAntes.dia(hoje).saldo);
    expect(res.dia(hoje).saidas).toBe(resAntes.dia(hoje).saidas);
    // The projection: an outflow of R$ 458,00 on the 15th, the balance down by it from then on.
    const d15 = res.dia(dia15);
    expect(d15.previsto).toBe(true);
    expect([d15.saidas - resAntes.dia(dia15).saidas, d15.agendado - resAntes.dia(dia15).agendado]).toEqual([-45800, -45800]);
    expect(res.dia(somarDias(dia15, -1)).saldo).toBe(resAntes.dia(somarDias(dia15, -1)).saldo);
    expect(d15.saldo - resAntes.dia(dia15).saldo).toBe(-45800);
    expect(res.previsto.agendado - resAntes.previsto.agendado).toBe(-45800);

    // Another group sees none of it.
    const deles = await calendario(vizinho, dia15);
    expect(deles.agendadas).toEqual([]);
    expect(deles.dia(dia15).agendadoPagar).toBe(0);

    // The day after the 15th it is paid: on the calendar, in the agenda and in the realised flow.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(`${somarDias(dia15, 1)}T15:00:00Z`));
      const depois = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
      const cal16 = await calendario(depois);
      expect(cal16.dia(dia15).pago).toBe(calAntes.dia(dia15).pago + calAntes.dia(dia15).agendadoPagar + 45800);
      expect(cal16.dia(dia15).agendadoPagar).toBe(0);
      expect((await calendario(depois, dia15)).agendadas).toEqual([]);
      const t = (await depois('GET', `/financeiroAgenda/${criado.body.data[0]._id}`)).body.data;
      expect(t.parcelas.map((p: { pago: number; aberto: number; agendado: number; status: string }) => [p.pago, p.aberto, p.agendado, p.status])).toEqual([[45678, 0, 0, 'paga']]);
      const r16 = (await resumo(depois)).dia(dia15);
      // What the projection had on the 15th from the ledger is that day's realised flow now.
      expect([r16.previsto, r16.agendado, r16.entradas + r16.saidas]).toEqual([false, 0, d15.agendado]);
    } finally {
      vi.useRealTimers();
    }
  });
});
