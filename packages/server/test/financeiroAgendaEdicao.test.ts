import { contaPadrao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';

/** financeiroAgenda: editing a título after it was created, and settling several installments at once (issue 14). */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let fornecedor: string;
let outroFornecedor: string;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  fornecedor = (await criar(api, 'pessoa', { nome: 'Imobiliária Edição', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
  outroFornecedor = (await criar(api, 'pessoa', { nome: 'Energia Sul', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
});
afterAll(async () => ctx?.close());

let n = 0;
const aluguel = contaPadrao('5.01')._id;
const energia = contaPadrao('5.02')._id;
const conta = async (cliente: Api = api) => (await criar(cliente, 'financeiroConta', { nome: `Banco edição ${++n}`, tipo: 'Caixa', dataSaldoInicial: '2026-01-01' }))._id;
type P = { _id: string; numero: number; valor: number; pago: number; vencimento: string; status: string };
type T = { _id: string; descricao: string; documento: string; pessoa: string | null; planoConta: string; parcelas: P[]; recorrencia: string | null };
const novo = async (extra: Record<string, unknown> = {}, cliente: Api = api): Promise<T> => {
  const res = await cliente('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: aluguel, descricao: `Aluguel ${++n}`, documento: `NF ${n}`, emissao: '2097-02-01', valor: 100000, parcelas: 3, vencimento: '2097-03-10', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0];
};
/** The edit body of a título as it is, with `mudar` applied. */
const edicao = (t: T, mudar: Record<string, unknown> = {}) => ({ pessoa: t.pessoa, planoConta: t.planoConta, descricao: t.descricao, documento: t.documento, parcelas: t.parcelas.map((p) => ({ _id: p._id, vencimento: p.vencimento, valor: p.valor })), ...mudar });
const saldo = async (c: string) => (await api('GET', '/financeiroMovimentacao/saldos')).body.data.find((s: { conta: string }) => s.conta === c)?.saldo;
const contagem = async () =>
  (await ctx.db.execute<{ t: number; p: number; b: number; m: number; d: string }>(sql`
    select (select count(*)::int from financeiro_titulo) as t, (select count(*)::int from financeiro_parcela) as p, (select count(*)::int from financeiro_baixa) as b,
      (select count(*)::int from financeiro_movimento) as m, (select coalesce(sum(valor), 0)::text from financeiro_dre_mes) as d`)).rows[0]!;
/** The accrual basis of the chart account in the year 2097, per month. */
const competencia = async (plano: string) =>
  (await ctx.db.execute<{ mes: string; valor: string }>(sql`
    select mes::text as mes, sum(valor)::text as valor from financeiro_dre_mes where regime = 'competencia' and plano_conta_id = ${plano} and mes between '2097-01-01' and '2097-12-01' group by mes having sum(valor) <> 0 order by mes`)).rows.map((r) => [r.mes, Number(r.valor)]);

describe('financeiroAgenda: editing a título', () => {
  it('changes names, chart account, due dates and amounts of open installments; the total follows them; the DRE follows too', async () => {
    const t = await novo({ planoConta: energia, emissao: '2097-04-05', descricao: 'Conta de luz' });
    const res = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, {
      descricao: 'Conta de luz de março',
      documento: 'Fatura 889',
      pessoa: outroFornecedor,
      planoConta: aluguel,
      parcelas: [
        { _id: t.parcelas[0]!._id, vencimento: '2097-03-15', valor: 40000 },
        { _id: t.parcelas[1]!._id, vencimento: '2097-04-15', valor: 35050 },
        { _id: t.parcelas[2]!._id, vencimento: '2097-05-15', valor: 35001 },
      ],
    }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ descricao: 'Conta de luz de março', documento: 'Fatura 889', pessoa: outroFornecedor, pessoaNome: 'Energia Sul', planoConta: aluguel });
    expect(res.body.data.parcelas.map((p: P) => [p.numero, p.vencimento, p.valor])).toEqual([[1, '2097-03-15', 40000], [2, '2097-04-15', 35050], [3, '2097-05-15', 35001]]);
    // The new total, 1.100,51, is on the new chart account in the month of issue; the old one has nothing left.
    expect(await competencia(aluguel)).toEqual([['2097-04-01', -110051]]);
    expect(await competencia(energia)).toEqual([]);
    const lista = (await api('POST', '/financeiroAgenda/lista', { busca: 'Fatura 889' })).body.data;
    expect(lista).toMatchObject({ total: 3, valor: 110051, aberto: 110051 });
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('a recurrence from before the competence was typed: moving occurrence 1’s first due date moves the competence of every occurrence, and the rollup equals the recomputation', async () => {
    const [t1] = (await api('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: energia, descricao: 'Internet', emissao: '2097-06-01', valor: 20000, vencimento: '2097-06-10', recorrencia: { frequencia: 'mensal', ocorrencias: 3 } })).body.data as T[];
    expect(await competencia(energia)).toEqual([['2097-06-01', -20000], ['2097-07-01', -20000], ['2097-08-01', -20000]]);
    // As the títulos written before migration 0062 are: no competence stored, derived (the same days, so the rollup stands).
    await ctx.db.execute(sql`update financeiro_titulo set competencia = null where recorrencia_id = ${t1!.recorrencia}`);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
    const res = await api('PUT', `/financeiroAgenda/${t1!._id}`, edicao(t1!, { parcelas: [{ _id: t1!.parcelas[0]!._id, vencimento: '2097-05-10', valor: 20000 }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Occurrence 1 is due a month earlier: occurrences 2 and 3 are now a month later than it.
    expect(await competencia(energia)).toEqual([['2097-06-01', -20000], ['2097-08-01', -20000], ['2097-09-01', -20000]]);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('a recurrence with its competence typed: moving a due date leaves every occurrence’s competence where it was typed', async () => {
    const [t1] = (await api('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: aluguel, descricao: 'Seguro', emissao: '2097-10-01', competencia: '2097-10-01', valor: 30000, vencimento: '2097-10-10', recorrencia: { frequencia: 'mensal', ocorrencias: 2 } })).body.data as T[];
    const antes = await competencia(aluguel);
    const res = await api('PUT', `/financeiroAgenda/${t1!._id}`, edicao(t1!, { parcelas: [{ _id: t1!.parcelas[0]!._id, vencimento: '2097-12-10', valor: 30000 }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await competencia(aluguel)).toEqual(antes);
    expect(antes).toEqual(expect.arrayContaining([['2097-10-01', -30000], ['2097-11-01', -30000]]));
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('a settled installment keeps its amount and due date (409 naming it), a settled título its chart account; a cancelled título is not edited; nothing is written', async () => {
    const banco = await conta();
    const t = await novo();
    await api('POST', `/financeiroAgenda/parcelas/${t.parcelas[1]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 1000 });
    const antes = await contagem();
    const valor = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, { descricao: 'Outro nome', parcelas: t.parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: i === 1 ? 33000 : p.valor })) }));
    expect(valor.status).toBe(409);
    expect(valor.body.data.message).toBe('A parcela 2/3 tem baixa: o valor e o vencimento dela não mudam (estorne a baixa para mudá-los).');
    const plano = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, { planoConta: energia }));
    expect(plano.status).toBe(409);
    expect(plano.body.data.message).toBe('Este título tem baixas: estorne-as antes de mudar o plano de contas.');
    expect(await contagem()).toEqual(antes);
    expect((await api('GET', `/financeiroAgenda/${t._id}`)).body.data).toMatchObject({ descricao: t.descricao, planoConta: aluguel });
    // The open installments still change around the settled one.
    const ok = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, { parcelas: t.parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: i === 2 ? 50000 : p.valor })) }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.parcelas.map((p: P) => [p.valor, p.pago])).toEqual([[33334, 0], [33333, 1000], [50000, 0]]);
    // Once its settlement is reversed, the installment is open again and changes.
    const baixa = ok.body.data.baixas[0]._id;
    expect((await api('POST', `/financeiroAgenda/baixas/${baixa}/estornar`, { motivo: 'valor errado' })).status).toBe(200);
    const depois = (await api('GET', `/financeiroAgenda/${t._id}`)).body.data as T;
    const reaberta = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(depois, { parcelas: depois.parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: i === 1 ? 33000 : p.valor })) }));
    expect(reaberta.status, JSON.stringify(reaberta.body)).toBe(200);
    expect(reaberta.body.data.parcelas.map((p: P) => p.valor)).toEqual([33334, 33000, 50000]);
    const c = await novo();
    await api('POST', `/financeiroAgenda/${c._id}/cancelar`, { motivo: 'lançado em dobro' });
    const cancelado = await api('PUT', `/financeiroAgenda/${c._id}`, edicao(c, { descricao: 'Ressuscitado' }));
    expect(cancelado.status).toBe(409);
    expect(cancelado.body.data.message).toBe('Este título está cancelado e não pode ser editado.');
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const t = await novo();
    const antes = await contagem();
    const casos: [Record<string, unknown>, string][] = [
      [{ descricao: '' }, 'Descrição: Informe a descrição.'],
      [{ pessoa: null }, 'Pessoa: Informe o fornecedor de uma conta a pagar.'],
      [{ parcelas: [{ _id: 'nao-existe', vencimento: '2097-03-10', valor: 100000 }] }, 'Parcelas: Uma das parcelas enviadas não é deste título (ou já foi removida): atualize o título.'],
      [{ parcelas: [], total: 100000 }, 'Parcelas: Ao menos 1 parcela.'],
      [{ total: 100001 }, 'Parcelas: As parcelas somam R$ 1.000,00 e o total do título é R$ 1.000,01: ajuste os valores ou altere o total.'],
      [{ parcelas: t.parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: i ? p.valor : 0 })) }, 'Parcelas: O valor deve ser maior que zero.'],
      [{ parcelas: t.parcelas.map((p, i) => ({ _id: p._id, vencimento: i ? p.vencimento : '31/03/2097', valor: p.valor })) }, 'Parcelas: Informe a data (AAAA-MM-DD).'],
      [{ parcelas: t.parcelas.map((p, i) => ({ _id: p._id, vencimento: p.vencimento, valor: i ? p.valor : 100.5 })) }, 'Parcelas: Informe o valor em centavos inteiros (R$ 10,50 = 1050).'],
      [{ planoConta: 'nao-existe' }, 'Plano de contas: Conta do plano de contas não encontrada.'],
    ];
    for (const [mudar, mensagem] of casos) {
      const res = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, mudar));
      expect([res.status, res.body.data.message]).toEqual([400, mensagem]);
    }
    expect(await contagem()).toEqual(antes);
  });
});

describe('financeiroAgenda: installments added and removed after creation', () => {
  const removidas = async (titulo: string) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from financeiro_parcela where titulo_id = ${titulo} and removida_em is not null`)).rows[0]!.n;

  it('removes an open installment and adds another: numbered again by due date, the total kept or changed on purpose; every reader leaves the removed one out', async () => {
    const agua = contaPadrao('5.04')._id;
    const saneamento = (await criar(api, 'pessoa', { nome: 'Saneamento Edição', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
    const t = await novo({ documento: 'Contrato 77', emissao: '2097-02-01', pessoa: saneamento, planoConta: agua });
    // Three of 333,34 + 333,33 + 333,33: the third removed, its amount moved to the second; the total (1.000,00) kept.
    const res = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, {
      parcelas: [{ _id: t.parcelas[0]!._id, vencimento: '2097-03-10', valor: 33334 }, { _id: t.parcelas[1]!._id, vencimento: '2097-04-10', valor: 66666 }],
      total: 100000,
    }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.parcelas.map((p: P) => [p.numero, p.vencimento, p.valor])).toEqual([[1, '2097-03-10', 33334], [2, '2097-04-10', 66666]]);
    // The row stays (ledgers and documents are never deleted), flagged.
    expect(await removidas(t._id)).toBe(1);
    const lista = (await api('POST', '/financeiroAgenda/lista', { busca: 'Contrato 77' })).body.data;
    expect([lista.total, lista.valor, lista.linhas.map((l: { numero: number; parcelas: number }) => `${l.numero}/${l.parcelas}`)]).toEqual([2, 100000, ['1/2', '2/2']]);
    // The calendar's day of the removed one (10/05) lists none of this título.
    const dia = (await api('POST', '/calendarioRecebimento/titulos', { de: '2097-05-01', ate: '2097-05-31', dia: '2097-05-10' })).body.data;
    expect(dia.parcelas.filter((p: { titulo: string }) => p.titulo === t._id)).toEqual([]);
    // The aging at 30/06: 333,34 over 90 days, 666,66 in 61–90; the removed one nowhere.
    const aging = (await api('POST', '/relatorioFinanceiroAgenda', { tipo: 'pagar', data: '2097-06-30', pessoa: saneamento })).body.data;
    expect(aging.linhas).toMatchObject([{ parcelas: 2, mais90: 33334, ate90: 66666, ate60: 0, total: 100000 }]);
    expect(await competencia(agua)).toEqual([['2097-02-01', -100000]]);

    // A new installment of 100,00 on 25/03, the total changing to 1.100,00 on purpose: it takes number 2.
    const atual = res.body.data as T;
    const mais = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(atual, { parcelas: [...edicao(atual).parcelas, { vencimento: '2097-03-25', valor: 10000 }], total: 110000 }));
    expect(mais.status, JSON.stringify(mais.body)).toBe(200);
    expect(mais.body.data.parcelas.map((p: P) => [p.numero, p.vencimento, p.valor])).toEqual([[1, '2097-03-10', 33334], [2, '2097-03-25', 10000], [3, '2097-04-10', 66666]]);
    expect((await api('POST', '/financeiroAgenda/lista', { busca: 'Contrato 77' })).body.data).toMatchObject({ total: 3, valor: 110000 });
    expect(await competencia(agua)).toEqual([['2097-02-01', -110000]]);
    // The accrual rollup followed (out and back in around the edit) and equals the recomputation.
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('only an installment that never had a settlement is removed (409 naming it, nothing written); a removed one is not settled', async () => {
    const banco = await conta();
    const t = await novo();
    const removida = t.parcelas[2]!._id;
    expect((await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t, { parcelas: edicao(t).parcelas.slice(0, 2) }))).status).toBe(200);
    const sozinha = await api('POST', `/financeiroAgenda/parcelas/${removida}/baixar`, { conta: banco, data: '2026-03-01', valor: 100 });
    expect([sozinha.status, sozinha.body.data.message]).toEqual([409, 'Esta parcela foi removida do título: atualize-o.']);
    const varias = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-01', parcelas: [t.parcelas[0]!._id, removida] });
    expect([varias.status, varias.body.data.message]).toEqual([409, expect.stringContaining('a parcela foi removida do título')]);
    // An edit still naming the removed one is refused.
    expect((await api('PUT', `/financeiroAgenda/${t._id}`, edicao(t))).body.data.message).toBe('Parcelas: Uma das parcelas enviadas não é deste título (ou já foi removida): atualize o título.');

    const vivo = (await api('GET', `/financeiroAgenda/${t._id}`)).body.data as T;
    await api('POST', `/financeiroAgenda/parcelas/${vivo.parcelas[1]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 1000 });
    const antes = await contagem();
    const paga = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(vivo, { parcelas: edicao(vivo).parcelas.slice(0, 1) }));
    expect([paga.status, paga.body.data.message]).toEqual([409, 'A parcela 2/2 tem baixa: não pode ser removida (estorne a baixa e edite o valor).']);
    const baixa = (await api('GET', `/financeiroAgenda/${t._id}`)).body.data.baixas[0]._id;
    expect((await api('POST', `/financeiroAgenda/baixas/${baixa}/estornar`, { motivo: 'engano' })).status).toBe(200);
    const estornada = await api('PUT', `/financeiroAgenda/${t._id}`, edicao(vivo, { parcelas: edicao(vivo).parcelas.slice(0, 1) }));
    expect([estornada.status, estornada.body.data.message]).toEqual([409, 'A parcela 2/2 tem baixa estornada: não pode ser removida.']);
    expect((await api('GET', `/financeiroAgenda/${t._id}`)).body.data.parcelas).toHaveLength(2);
    expect((await contagem()).p).toBe(antes.p);
    // Another group cannot remove ours.
    expect((await vizinho('PUT', `/financeiroAgenda/${t._id}`, { ...edicao(vivo, { parcelas: edicao(vivo).parcelas.slice(0, 1) }), pessoa: null })).status).toBe(404);
    expect(await removidas(t._id)).toBe(1);
  });
});

describe('financeiroAgenda: settling several installments at once', () => {
  it('settles each at its open amount from one account on one day, in one go: the account moves by the sum to the centavo', async () => {
    const banco = await conta();
    const a = await novo({ valor: 100001, parcelas: 3 });
    const b = await novo({ valor: 2599, parcelas: 1, pessoa: outroFornecedor, planoConta: energia });
    await api('POST', `/financeiroAgenda/parcelas/${a.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 10000 });
    const res = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [a.parcelas[0]!._id, a.parcelas[1]!._id, b.parcelas[0]!._id] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 33.335 − 10.000 open of the first, 33.333 of the second, 2.599 of the energy bill.
    expect(res.body.data).toEqual({ baixas: 3, total: 23335 + 33333 + 2599 });
    expect(await saldo(banco)).toBe(-(10000 + 23335 + 33333 + 2599));
    const ta = (await api('GET', `/financeiroAgenda/${a._id}`)).body.data;
    expect(ta.parcelas.map((p: P) => [p.pago, p.status])).toEqual([[33335, 'paga'], [33333, 'paga'], [0, 'aberta']]);
    // Settlements of one batch share their registration time: compared without order.
    expect(ta.baixas.map((x: { data: string; total: number }) => [x.data, x.total]).sort()).toEqual([['2026-03-01', 10000], ['2026-03-20', 23335], ['2026-03-20', 33333]]);
    // Each settlement posts like a single one: the principal on the título's chart account.
    const linhas = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-20', ate: '2026-03-20', conta: banco })).body.data.linhas;
    expect(linhas.map((l: { valor: number; planoConta: string }) => [l.valor, l.planoConta]).sort()).toEqual([[-23335, aluguel], [-2599, energia], [-33333, aluguel]].sort());
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('with interest, fine and discount per installment: each settlement and the account to the centavo; a discount too large or for an installment not chosen is 400, nothing written', async () => {
    const banco = await conta();
    const a = await novo({ descricao: 'Fornecedor de carnes', valor: 20001, parcelas: 2 });
    const [p1, p2] = a.parcelas.map((p) => p._id) as [string, string];
    const antes = await contagem();
    const ruim = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [p1, p2], encargos: { [p2]: { desconto: 10000 } } });
    expect([ruim.status, ruim.body.data.message]).toEqual([400, 'Juros, multa e desconto: Fornecedor de carnes (parcela 2/2): o desconto deve ser menor que o valor com juros e multa.']);
    const fora = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [p1], encargos: { [p2]: { juros: 1 } } });
    expect([fora.status, fora.body.data.message]).toEqual([400, 'Juros, multa e desconto: Há juros, multa ou desconto de uma parcela não escolhida.']);
    const negativo = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [p1], encargos: { [p1]: { juros: -1 } } });
    expect([negativo.status, negativo.body.data.message]).toMatchObject([400, expect.stringMatching(/^Juros, multa e desconto: /)]);
    expect(await contagem()).toEqual(antes);

    // 10.001 + 33 interest + 200 fine; 10.000 − 150 discount.
    const res = await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [p1, p2], encargos: { [p1]: { juros: 33, multa: 200 }, [p2]: { desconto: 150 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ baixas: 2, total: 10001 + 233 + 10000 - 150 });
    expect(await saldo(banco)).toBe(-(10001 + 233 + 10000 - 150));
    const t = (await api('GET', `/financeiroAgenda/${a._id}`)).body.data;
    expect(t.parcelas.map((p: P) => [p.pago, p.status])).toEqual([[10001, 'paga'], [10000, 'paga']]);
    expect(t.baixas.map((x: { juros: number; multa: number; desconto: number; total: number }) => [x.juros, x.multa, x.desconto, x.total]).sort()).toEqual([[0, 0, 150, 9850], [33, 200, 0, 10234]]);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('any refusal writes nothing: a paid installment or a cancelled título is 409 naming it; kinds mixed or bad input 400 naming the field', async () => {
    const banco = await conta();
    const a = await novo({ descricao: 'Aluguel da loja' });
    const pago = await novo({ descricao: 'Gás', valor: 5000, parcelas: 1 });
    await api('POST', `/financeiroAgenda/parcelas/${pago.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 5000 });
    const cancelado = await novo({ descricao: 'Duplicado', valor: 7000, parcelas: 1 });
    await api('POST', `/financeiroAgenda/${cancelado._id}/cancelar`, { motivo: 'lançado em dobro' });
    const r = await novo({ tipo: 'receber', pessoa: null, planoConta: contaPadrao('1.04')._id, valor: 9000, parcelas: 1 });
    const antes = await contagem();
    const saldoAntes = await saldo(banco);
    const varias = (parcelas: string[], extra: Record<string, unknown> = {}) => api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas, ...extra });
    const jaPaga = await varias([a.parcelas[0]!._id, pago.parcelas[0]!._id]);
    expect([jaPaga.status, jaPaga.body.data.message]).toEqual([409, 'Gás: a parcela já está paga.']);
    const canc = await varias([a.parcelas[1]!._id, cancelado.parcelas[0]!._id]);
    expect([canc.status, canc.body.data.message]).toEqual([409, 'Duplicado: o título está cancelado.']);
    const mistura = await varias([a.parcelas[0]!._id, r.parcelas[0]!._id]);
    expect([mistura.status, mistura.body.data.message]).toEqual([400, 'Parcelas: Escolha parcelas de um só tipo: a pagar ou a receber.']);
    expect((await varias([])).body.data.message).toBe('Parcelas: Escolha ao menos uma parcela.');
    expect((await varias([a.parcelas[0]!._id, a.parcelas[0]!._id])).body.data.message).toBe('Parcelas: Uma parcela aparece duas vezes.');
    expect((await varias([a.parcelas[0]!._id], { data: '20/03/2097' })).body.data.message).toBe('Data: Informe a data (AAAA-MM-DD).');
    expect((await varias([a.parcelas[0]!._id], { conta: '' })).body.data.message).toBe('Conta: Escolha a conta financeira.');
    expect(await contagem()).toEqual(antes);
    expect(await saldo(banco)).toBe(saldoAntes);
  });

  it('at the same time: two batches over the same installments settle them once, and an edit waits for a settlement; balances = ledger', async () => {
    const banco = await conta();
    const a = await novo({ valor: 30003, parcelas: 3 });
    const ids = a.parcelas.map((p) => p._id);
    const [x, y] = await Promise.all([
      api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: ids }),
      api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-21', parcelas: [...ids].reverse() }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(await saldo(banco)).toBe(-30003);
    const b = await novo({ valor: 9000, parcelas: 1 });
    const [baixa, edit] = await Promise.all([
      api('POST', `/financeiroAgenda/parcelas/${b.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-22', valor: 9000 }),
      api('PUT', `/financeiroAgenda/${b._id}`, edicao(b, { parcelas: [{ _id: b.parcelas[0]!._id, vencimento: b.parcelas[0]!.vencimento, valor: 8000 }] })),
    ]);
    // Whichever came first, the installment's amount and what was paid agree with what was answered.
    const final = (await api('GET', `/financeiroAgenda/${b._id}`)).body.data.parcelas[0];
    if (edit.status === 200) expect([baixa.status, final.valor, final.pago]).toEqual([400, 8000, 0]);
    else expect([baixa.status, edit.status, final.valor, final.pago]).toEqual([201, 409, 9000, 9000]);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('the wall between groups: another group cannot edit our títulos nor settle our installments, nor pay ours from its account', async () => {
    const banco = await conta();
    const t = await novo();
    const delas = await conta(vizinho);
    const antes = await contagem();
    expect((await vizinho('PUT', `/financeiroAgenda/${t._id}`, edicao(t, { pessoa: null, descricao: 'alheio' }))).status).toBe(404);
    expect((await vizinho('POST', '/financeiroAgenda/baixarVarias', { conta: delas, data: '2026-03-20', parcelas: [t.parcelas[0]!._id] })).status).toBe(404);
    expect((await api('POST', '/financeiroAgenda/baixarVarias', { conta: delas, data: '2026-03-20', parcelas: [t.parcelas[0]!._id] })).body.data.campos).toEqual({ conta: 'Conta financeira não encontrada nesta empresa.' });
    const deles = await novo({ tipo: 'receber', pessoa: null }, vizinho);
    expect((await api('PUT', `/financeiroAgenda/${deles._id}`, edicao(deles, { descricao: 'nosso?' }))).status).toBe(404);
    expect((await api('POST', '/financeiroAgenda/baixarVarias', { conta: banco, data: '2026-03-20', parcelas: [t.parcelas[0]!._id, deles.parcelas[0]!._id] })).status).toBe(404);
    expect((await api('GET', `/financeiroAgenda/${t._id}`)).body.data).toMatchObject({ descricao: t.descricao, parcelas: [{ pago: 0 }, { pago: 0 }, { pago: 0 }] });
    const depois = await contagem();
    // Only their own título was written meanwhile.
    expect([depois.b, depois.m]).toEqual([antes.b, antes.m]);
  });
});
