import { contaPadrao } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';

/**
 * A título's competence date as typed (issue 14): the accrual basis counts it in that month, a recurrence's
 * occurrences follow their due dates from it, an edit moves it, and the kept rollup equals a recount. 2096,
 * far from the demonstration and the other finance tests.
 */
let ctx: TestContext;
let a: Api;
let vizinho: Api;
let fornecedor: string;
const plano = (codigo: string) => contaPadrao(codigo)._id;

beforeAll(async () => {
  ctx = await createTestContext();
  a = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  fornecedor = (await criar(a, 'pessoa', { nome: 'Contador Competência', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
});
afterAll(async () => ctx?.close());

const pagar = (extra: Record<string, unknown>) =>
  a('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: plano('6'), descricao: 'Honorários', valor: 123456, vencimento: '2096-03-20', emissao: '2096-03-05', ...extra });
const competenciaPorMes = async () => {
  const res = await a('POST', '/relatorioFinanceiroPlanoDeContas', { de: '2096-01', ate: '2096-06', regime: 'competencia' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const linha = (res.body.data.linhas as { codigo: string; valores: number[] }[]).find((l) => l.codigo === '6');
  return linha?.valores ?? [0, 0, 0, 0, 0, 0];
};

describe('financeiroAgenda: the competence date typed', () => {
  it('a payable issued in March for February counts in February on the accrual basis; omitted, it is the issue date', async () => {
    const fevereiro = await pagar({ competencia: '2096-02-29' });
    expect(fevereiro.status, JSON.stringify(fevereiro.body)).toBe(201);
    expect([fevereiro.body.data[0].emissao, fevereiro.body.data[0].competencia]).toEqual(['2096-03-05', '2096-02-29']);
    expect(await competenciaPorMes()).toEqual([0, -123456, 0, 0, 0, 0]);
    const semCompetencia = await pagar({ valor: 1000 });
    expect(semCompetencia.body.data[0].competencia).toBe('2096-03-05');
    expect(await competenciaPorMes()).toEqual([0, -123456, -1000, 0, 0, 0]);
    // Cancelled: out of the month it was in.
    expect((await a('POST', `/financeiroAgenda/${semCompetencia.body.data[0]._id}/cancelar`, { motivo: 'teste' })).status).toBe(200);
    expect(await competenciaPorMes()).toEqual([0, -123456, 0, 0, 0, 0]);
  });

  it('a monthly recurrence: occurrence k moved from the typed competence as its due date is (January, February, March)', async () => {
    const antes = await competenciaPorMes();
    const res = await pagar({ descricao: 'Software', valor: 10000, emissao: '2096-01-10', competencia: '2096-01-31', vencimento: '2096-02-05', recorrencia: { frequencia: 'mensal', ocorrencias: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 05/02 → 05/03 is 29 days in 2096 (a leap year): 31/01 + 29 = 29/02; 05/04 is 60 days on: 31/03.
    expect(res.body.data.map((t: { competencia: string }) => t.competencia)).toEqual(['2096-01-31', '2096-02-29', '2096-03-31']);
    expect(await competenciaPorMes()).toEqual([antes[0]! - 10000, antes[1]! - 10000, antes[2]! - 10000, 0, 0, 0]);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('an edit moves it (the rollup equal to a recount); left out, it stays', async () => {
    const criado = (await pagar({ descricao: 'Manutenção', valor: 5000, competencia: '2096-04-15' })).body.data[0];
    const antes = await competenciaPorMes();
    const corpo = { pessoa: fornecedor, planoConta: plano('6'), descricao: 'Manutenção', documento: '', parcelas: criado.parcelas.map((p: { _id: string; vencimento: string; valor: number }) => ({ _id: p._id, vencimento: p.vencimento, valor: p.valor })) };
    const movido = await a('PUT', `/financeiroAgenda/${criado._id}`, { ...corpo, competencia: '2096-06-01' });
    expect(movido.status, JSON.stringify(movido.body)).toBe(200);
    expect(movido.body.data.competencia).toBe('2096-06-01');
    expect(await competenciaPorMes()).toEqual([antes[0], antes[1], antes[2], antes[3]! + 5000, 0, -5000]);
    const mantido = await a('PUT', `/financeiroAgenda/${criado._id}`, { ...corpo, descricao: 'Manutenção do forno' });
    expect(mantido.body.data.competencia).toBe('2096-06-01');
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
    // Another group can neither read nor change it.
    expect((await vizinho('PUT', `/financeiroAgenda/${criado._id}`, { ...corpo, competencia: '2096-05-01' })).status).toBe(404);
    expect((await vizinho('GET', `/financeiroAgenda/${criado._id}`)).status).toBe(404);
  });

  it('a date that does not exist, or one years away from the issue, is a 400 naming Competência, nothing written', async () => {
    const antes = await competenciaPorMes();
    for (const [competencia, message] of [
      ['2096-02-30', 'Competência: Informe a competência (AAAA-MM-DD).'],
      ['30/01/2096', 'Competência: Informe a competência (AAAA-MM-DD).'],
      ['2296-03-01', 'Competência: A competência está a mais de dois anos da emissão: confira a data.'],
    ] as const) {
      const res = await pagar({ competencia });
      expect([res.status, res.body.data.message], competencia).toEqual([400, message]);
    }
    const criado = (await pagar({ descricao: 'Longe', valor: 700, competencia: '2096-03-01' })).body.data[0];
    const longe = await a('PUT', `/financeiroAgenda/${criado._id}`, { pessoa: fornecedor, planoConta: plano('6'), descricao: 'Longe', parcelas: criado.parcelas.map((p: { _id: string; vencimento: string; valor: number }) => ({ _id: p._id, vencimento: p.vencimento, valor: p.valor })), competencia: '2099-03-01' });
    expect([longe.status, longe.body.data.message]).toEqual([400, 'Competência: A competência está a mais de dois anos da emissão: confira a data.']);
    expect(await competenciaPorMes()).toEqual([antes[0], antes[1], antes[2]! - 700, antes[3], antes[4], antes[5]]);
  });
});
