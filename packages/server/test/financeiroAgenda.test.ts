import { contaPadrao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { prepararFinanceiroDemo } from '../src/seed/financeiroDemo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let token: string;
let fornecedor: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await signIn(ctx.app, 'admin@demo.com.br');
  api = apiClient(ctx.app, token);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  fornecedor = (await criar(api, 'pessoa', { nome: 'Imobiliária Centro', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
});
afterAll(async () => ctx?.close());

let n = 0;
const conta = async (cliente: Api = api) => (await criar(cliente, 'financeiroConta', { nome: `Banco ${++n}`, tipo: 'Caixa', dataSaldoInicial: '2026-01-01' }))._id;
const aluguel = contaPadrao('5.01')._id;
const titulo = (extra: Record<string, unknown> = {}) => ({
  tipo: 'pagar',
  pessoa: fornecedor,
  planoConta: aluguel,
  descricao: `Aluguel ${++n}`,
  documento: `NF ${n}`,
  emissao: '2026-02-01',
  valor: 100000,
  parcelas: 3,
  vencimento: '2099-01-31',
  ...extra,
});
type T = { _id: string; descricao: string; parcelas: { _id: string; valor: number; pago: number; aberto: number; status: string; vencimento: string }[]; baixas: { _id: string; total: number; estornoDe: string | null; estornadoPor: string | null }[] };
const novo = async (extra: Record<string, unknown> = {}, cliente: Api = api): Promise<T> => {
  const res = await cliente('POST', '/financeiroAgenda', titulo(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0];
};
const saldo = async (c: string, cliente: Api = api) => (await cliente('GET', '/financeiroMovimentacao/saldos')).body.data.find((s: { conta: string }) => s.conta === c)?.saldo;
const razaoDaConta = async (c: string) =>
  (await api('POST', '/financeiroMovimentacao/lista', { de: '2000-01-01', ate: '2099-12-31', conta: c })).body.data.linhas.map((l: { valor: number; tipo: string; planoConta: string; documentoTipo: string }) => [l.tipo, l.valor, l.planoConta, l.documentoTipo]);
const contagem = async () =>
  (await ctx.db.execute<{ t: number; p: number; b: number; m: number }>(sql`
    select (select count(*)::int from financeiro_titulo) as t, (select count(*)::int from financeiro_parcela) as p, (select count(*)::int from financeiro_baixa) as b, (select count(*)::int from financeiro_movimento) as m`)).rows[0]!;

describe('financeiroAgenda: payables and receivables', () => {
  it('splits the título in installments to the centavo, monthly on the same day, and lists them with the totals', async () => {
    const t = await novo();
    expect(t.parcelas.map((p) => [p.vencimento, p.valor, p.status])).toEqual([
      ['2099-01-31', 33334, 'aberta'],
      ['2099-02-28', 33333, 'aberta'],
      ['2099-03-31', 33333, 'aberta'],
    ]);
    const lista = (await api('POST', '/financeiroAgenda/lista', { tipo: 'pagar', de: '2099-01-01', ate: '2099-02-28' })).body.data;
    expect(lista.linhas.filter((l: { titulo: string }) => l.titulo === t._id).map((l: { numero: number; parcelas: number; pessoaNome: string; planoContaNome: string }) => [l.numero, l.parcelas, l.pessoaNome, l.planoContaNome])).toEqual([
      [1, 3, 'Imobiliária Centro', '5.01 Aluguel'],
      [2, 3, 'Imobiliária Centro', '5.01 Aluguel'],
    ]);
    const soEste = (await api('POST', '/financeiroAgenda/lista', { busca: 'Imobiliária', de: '2099-03-31', ate: '2099-03-31' })).body.data;
    expect(soEste).toMatchObject({ total: 1, valor: 33333, pago: 0, aberto: 33333, vencido: 0 });
    // An overdue installment is vencida from the day after it fell due, and counted in the overdue total.
    const atrasado = await novo({ valor: 5000, parcelas: 1, vencimento: '2026-01-10', descricao: 'Energia atrasada' });
    expect(atrasado.parcelas[0]!.status).toBe('vencida');
    const vencidas = (await api('POST', '/financeiroAgenda/lista', { status: 'vencida', busca: 'Energia atrasada' })).body.data;
    expect(vencidas).toMatchObject({ total: 1, vencido: 5000 });
  });

  it('a recurrence creates its títulos up front: monthly on a day of the month', async () => {
    const res = await api('POST', '/financeiroAgenda', titulo({ parcelas: 1, valor: 250000, vencimento: '2099-01-05', recorrencia: { frequencia: 'mensal', ocorrencias: 3, diaDoMes: 31 } }));
    expect(res.status).toBe(201);
    expect(res.body.data.map((t: T & { recorrenciaNumero: number }) => [t.recorrenciaNumero, t.parcelas[0]!.vencimento, t.parcelas[0]!.valor])).toEqual([
      [1, '2099-01-31', 250000],
      [2, '2099-02-28', 250000],
      [3, '2099-03-31', 250000],
    ]);
    expect(new Set(res.body.data.map((t: { recorrencia: string }) => t.recorrencia)).size).toBe(1);
  });

  it('settles with interest, fine and discount to the centavo: the ledger gets principal, charges and discount, the account moves by the total', async () => {
    const banco = await conta();
    const t = await novo();
    const p = t.parcelas[0]!;
    const res = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-02', valor: 33334, juros: 123, multa: 667, desconto: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.parcelas[0]).toMatchObject({ pago: 33334, aberto: 0, status: 'paga' });
    expect(res.body.data.baixas).toMatchObject([{ valor: 33334, juros: 123, multa: 667, desconto: 50, total: 34074, estornoDe: null }]);
    expect(await saldo(banco)).toBe(-34074);
    expect(await razaoDaConta(banco)).toEqual([
      ['saida', -33334, aluguel, 'financeiroBaixa'],
      ['saida', -790, contaPadrao('9.02')._id, 'financeiroBaixa'],
      ['entrada', 50, contaPadrao('10')._id, 'financeiroBaixa'],
    ]);
    // A receivable moves money in.
    const r = await novo({ tipo: 'receber', pessoa: null, planoConta: contaPadrao('1.04')._id, valor: 10001, parcelas: 2 });
    expect(r.parcelas.map((x) => x.valor)).toEqual([5001, 5000]);
    expect((await api('POST', `/financeiroAgenda/parcelas/${r.parcelas[1]!._id}/baixar`, { conta: banco, data: '2026-03-03', valor: 5000, juros: 7 })).status).toBe(201);
    expect(await saldo(banco)).toBe(-34074 + 5007);
  });

  it('partial then full; more than is open is 400, a paid installment 409', async () => {
    const banco = await conta();
    const p = (await novo()).parcelas[1]!;
    const parcial = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-02', valor: 10000 });
    expect(parcial.body.data.parcelas[1]).toMatchObject({ pago: 10000, aberto: 23333, status: 'parcial' });
    const demais = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-03', valor: 23334 });
    expect([demais.status, demais.body.data.message, demais.body.data.campos]).toEqual([400, 'Valor: Maior que o que falta desta parcela (R$ 233,33).', { valor: 'Maior que o que falta desta parcela (R$ 233,33).' }]);
    const resto = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-03', valor: 23333 });
    expect(resto.body.data.parcelas[1]).toMatchObject({ pago: 33333, aberto: 0, status: 'paga' });
    const paga = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-04', valor: 1 });
    expect([paga.status, paga.body.data.message]).toEqual([409, 'Esta parcela já está paga.']);
    expect(await saldo(banco)).toBe(-33333);
  });

  it('a reversal reopens the installment and nets the ledger; twice, or of the reversal, is 409; the movements screen cannot reverse a settlement', async () => {
    const banco = await conta();
    const t = await novo();
    const b = (await api('POST', `/financeiroAgenda/parcelas/${t.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-02', valor: 33334, multa: 500 })).body.data.baixas[0];
    const linhas = (await api('POST', '/financeiroMovimentacao/lista', { de: '2026-03-02', ate: '2026-03-02', conta: banco })).body.data.linhas;
    expect((await api('POST', `/financeiroMovimentacao/${linhas[0]._id}/estornar`, { motivo: 'pela tela errada' })).status).toBe(409);
    const e1 = await api('POST', `/financeiroAgenda/baixas/${b._id}/estornar`, { motivo: 'pago em dobro' });
    expect(e1.status).toBe(200);
    expect(e1.body.data.parcelas[0]).toMatchObject({ pago: 0, aberto: 33334, status: 'aberta' });
    expect(e1.body.data.baixas).toMatchObject([{ _id: b._id, estornadoPor: expect.any(String) }, { estornoDe: b._id, valor: -33334, multa: -500, total: -33834, motivo: 'pago em dobro' }]);
    expect(await saldo(banco)).toBe(0);
    expect((await razaoDaConta(banco)).map((l: unknown[]) => [l[0], l[1]])).toEqual([['saida', -33334], ['saida', -500], ['estorno', 33334], ['estorno', 500]]);
    const e2 = await api('POST', `/financeiroAgenda/baixas/${b._id}/estornar`, { motivo: 'de novo' });
    expect([e2.status, e2.body.data.message]).toEqual([409, expect.stringMatching(/^Esta baixa já foi estornada em \d\d\/\d\d\/\d{4}\.$/)]);
    expect((await api('POST', `/financeiroAgenda/baixas/${e1.body.data.baixas[1]._id}/estornar`, { motivo: 'desfazer' })).status).toBe(409);
    expect((await api('POST', `/financeiroAgenda/baixas/${b._id}/estornar`, {})).body.data.message).toBe('Motivo: Informe o motivo.');
  });

  it('concurrent settlements of one installment never pay more than it owes; balances = ledger', async () => {
    const banco = await conta();
    const p = (await novo({ valor: 10000, parcelas: 1 })).parcelas[0]!;
    const respostas = await Promise.all(Array.from({ length: 6 }, () => api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, { conta: banco, data: '2026-03-05', valor: 3000 })));
    expect(respostas.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    const t = (await api('GET', `/financeiroAgenda/${respostas.find((r) => r.status === 201)!.body.data._id}`)).body.data;
    expect(t.parcelas[0]).toMatchObject({ pago: 9000, aberto: 1000, status: 'parcial' });
    expect(await saldo(banco)).toBe(-9000);
    // Racing reversals of one settlement: once.
    const [a, b] = await Promise.all([0, 1].map(() => api('POST', `/financeiroAgenda/baixas/${t.baixas[0]._id}/estornar`, { motivo: 'corrida' })));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    expect(await saldo(banco)).toBe(-6000);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const banco = await conta();
    const antes = await contagem();
    const casos: [Record<string, unknown>, string, string][] = [
      [titulo({ valor: 10.5 }), 'valor', 'Valor: Informe o valor em centavos inteiros (R$ 10,50 = 1050).'],
      [titulo({ valor: 0 }), 'valor', 'Valor: O valor deve ser maior que zero.'],
      [titulo({ parcelas: 0 }), 'parcelas', 'Parcelas: Ao menos 1 parcela.'],
      [titulo({ vencimento: '2026-02-30' }), 'vencimento', 'Vencimento: Informe a data (AAAA-MM-DD).'],
      [titulo({ pessoa: null }), 'pessoa', 'Pessoa: Informe o fornecedor de uma conta a pagar.'],
      [titulo({ pessoa: 'nao-existe' }), 'pessoa', 'Pessoa: Pessoa não encontrada.'],
      [titulo({ planoConta: 'nao-existe' }), 'planoConta', 'Plano de contas: Conta do plano de contas não encontrada.'],
      [titulo({ tipo: 'doar' }), 'tipo', 'Tipo: Escolha a pagar ou a receber.'],
      [titulo({ recorrencia: { frequencia: 'anual', ocorrencias: 3 } }), 'recorrencia', 'Recorrência: Escolha mensal ou semanal.'],
      [titulo({ recorrencia: { frequencia: 'mensal', ocorrencias: 61 } }), 'recorrencia', 'Recorrência: No máximo 60 vezes.'],
    ];
    for (const [body, campo, message] of casos) {
      const res = await api('POST', '/financeiroAgenda', body);
      expect([res.status, res.body.data.message], message).toEqual([400, message]);
      expect(Object.keys(res.body.data.campos)[0]).toContain(campo);
    }
    const p = (await novo({ valor: 1000, parcelas: 1 })).parcelas[0]!;
    const meio = await contagem();
    const baixas: [Record<string, unknown>, string][] = [
      [{ conta: banco, data: '2026-03-01', valor: -1 }, 'Valor: O valor deve ser maior que zero.'],
      [{ conta: banco, data: '2026-03-01', valor: 100, juros: -5 }, 'Juros: Não pode ser negativo.'],
      [{ conta: banco, data: '2026-03-01', valor: 100, desconto: 100 }, 'Desconto: O desconto deve ser menor que o valor com juros e multa.'],
      [{ conta: 'nao-existe', data: '2026-03-01', valor: 100 }, 'Conta: Conta financeira não encontrada nesta empresa.'],
      [{ conta: banco, data: 'ontem', valor: 100 }, 'Data: Informe a data (AAAA-MM-DD).'],
    ];
    for (const [body, message] of baixas) {
      const res = await api('POST', `/financeiroAgenda/parcelas/${p._id}/baixar`, body);
      expect([res.status, res.body.data.message]).toEqual([400, message]);
    }
    expect(await contagem()).toEqual(meio);
    expect(meio).toEqual({ ...antes, t: antes.t + 1, p: antes.p + 1 });
  });

  it('cancels a título without settlements, once; one with a settlement is refused until it is reversed', async () => {
    const banco = await conta();
    const t = await novo();
    const c1 = await api('POST', `/financeiroAgenda/${t._id}/cancelar`, { motivo: 'lançado em dobro' });
    expect(c1.status).toBe(200);
    expect(c1.body.data.parcelas.map((p: { status: string }) => p.status)).toEqual(['cancelada', 'cancelada', 'cancelada']);
    // Nothing is left open of a cancelled título, in the drawer (the título) as in the list.
    expect(c1.body.data.parcelas.map((p: { aberto: number }) => p.aberto)).toEqual([0, 0, 0]);
    const naLista = (await api('POST', '/financeiroAgenda/lista', { busca: t.descricao })).body.data.linhas.filter((l: { titulo: string }) => l.titulo === t._id);
    expect(naLista.map((l: { aberto: number }) => l.aberto)).toEqual([0, 0, 0]);
    expect((await api('POST', `/financeiroAgenda/${t._id}/cancelar`, { motivo: 'de novo' })).status).toBe(409);
    expect((await api('POST', `/financeiroAgenda/parcelas/${t.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 100 })).status).toBe(409);
    const outro = await novo();
    const b = (await api('POST', `/financeiroAgenda/parcelas/${outro.parcelas[2]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 100 })).body.data.baixas[0];
    const recusa = await api('POST', `/financeiroAgenda/${outro._id}/cancelar`, { motivo: 'desistimos' });
    expect([recusa.status, recusa.body.data.message]).toEqual([409, 'Este título tem baixas: estorne-as antes de cancelar.']);
    await api('POST', `/financeiroAgenda/baixas/${b._id}/estornar`, { motivo: 'desistimos' });
    expect((await api('POST', `/financeiroAgenda/${outro._id}/cancelar`, { motivo: 'desistimos' })).status).toBe(200);
  });

  it('attaches a boleto PDF through the storage, refuses a file that is not what it says, and takes it off', async () => {
    const t = await novo();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
    const res = await api('POST', `/financeiroAgenda/${t._id}/anexos`, { nome: 'boleto.pdf', tipo: 'application/pdf', conteudo: pdf.toString('base64') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const anexo = res.body.data.anexos[0];
    expect(anexo).toMatchObject({ nome: 'boleto.pdf', tipo: 'application/pdf', tamanho: pdf.length });
    // Downloaded as it was sent, through the project's file route.
    const baixado = await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${anexo._id}`, ...withCookie(token) });
    expect([baixado.statusCode, baixado.headers['content-type'], baixado.rawPayload.equals(pdf)]).toEqual([200, 'application/pdf', true]);
    const falso = await api('POST', `/financeiroAgenda/${t._id}/anexos`, { nome: 'boleto.pdf', tipo: 'application/pdf', conteudo: Buffer.from('<html>').toString('base64') });
    expect([falso.status, falso.body.data.message]).toEqual([400, 'Arquivo: o conteúdo não confere com o tipo (PDF, PNG, JPEG ou XML).']);
    const exe = await api('POST', `/financeiroAgenda/${t._id}/anexos`, { nome: 'x.exe', tipo: 'application/x-msdownload', conteudo: 'TVo=' });
    expect([exe.status, exe.body.data.message]).toEqual([400, 'Tipo: Envie um PDF, uma imagem PNG ou JPEG ou um XML.']);
    const fora = await api('DELETE', `/financeiroAgenda/${t._id}/anexos/${anexo._id}`);
    expect([fora.status, fora.body.data.anexos]).toEqual([200, []]);
    expect((await api('DELETE', `/financeiroAgenda/${t._id}/anexos/${anexo._id}`)).status).toBe(404);
  });

  it('the calendar: each day’s open and overdue by due date, received and paid by settlement date, and the day’s installments; not another group’s', async () => {
    const banco = await conta();
    await novo({ valor: 9000, parcelas: 1, vencimento: '2026-05-11', descricao: 'Fornecedor de maio' });
    const r = await novo({ tipo: 'receber', pessoa: null, planoConta: contaPadrao('1.04')._id, valor: 20000, parcelas: 2, vencimento: '2026-05-11', descricao: 'Evento corporativo' });
    await api('POST', `/financeiroAgenda/parcelas/${r.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-05-12', valor: 4000, juros: 15 });
    const cal = await api('POST', '/calendarioRecebimento/titulos', { de: '2026-05-01', ate: '2026-05-31', dia: '2026-05-11' });
    expect(cal.status).toBe(200);
    const dias = Object.fromEntries(cal.body.data.dias.map((d: { data: string }) => [d.data, d]));
    // May 2026 is in the past: what is open is overdue.
    expect(dias['2026-05-11']).toMatchObject({ aPagar: 9000, vencidoPagar: 9000, aReceber: 6000, vencidoReceber: 6000, recebido: 0 });
    expect(dias['2026-05-12']).toMatchObject({ recebido: 4015, pago: 0 });
    expect(cal.body.data.parcelas.map((p: { descricao: string; aberto: number }) => [p.descricao, p.aberto]).sort()).toEqual([['Evento corporativo', 6000], ['Fornecedor de maio', 9000]]);
    const deles = await vizinho('POST', '/calendarioRecebimento/titulos', { de: '2026-05-01', ate: '2026-05-31', dia: '2026-05-11' });
    expect(deles.body.data).toMatchObject({ dias: [], parcelas: [] });
    expect((await api('POST', '/calendarioRecebimento/titulos', { de: '2026-01-01', ate: '2026-12-31' })).body.data.message).toBe('Até: No máximo três meses por consulta.');
  });

  it('the demonstration: payables and receivables around today, the past ones settled through the agenda, one overdue, some due today', async () => {
    const demo = ctx.seed.demo;
    const loja = demo.empresas[1]!;
    const s = { id: 'demo', usuario: demo.admin, grupoEmpresarial: demo.grupoEmpresarial, empresa: loja, permissoes: { administrador: true, telas: {}, pdv: [] } };
    await prepararFinanceiroDemo(ctx.db, { ...s, empresa: '' }, [loja], '2026-11-20');
    const [c] = (await ctx.db.execute<{ titulos: number; pagas: number; baixas: number; hoje: number; pagar: number; receber: number }>(sql`
      select (select count(*)::int from financeiro_titulo where empresa_id = ${loja}) as titulos,
        (select count(*)::int from financeiro_parcela where empresa_id = ${loja} and pago >= valor) as pagas,
        (select count(*)::int from financeiro_baixa where empresa_id = ${loja}) as baixas,
        (select count(*)::int from financeiro_parcela where empresa_id = ${loja} and vencimento = '2026-11-20') as hoje,
        (select count(*)::int from financeiro_titulo where empresa_id = ${loja} and tipo = 'pagar') as pagar,
        (select count(*)::int from financeiro_titulo where empresa_id = ${loja} and tipo = 'receber') as receber`)).rows;
    expect(c).toMatchObject({ titulos: 21, pagar: 15, receber: 6 });
    // The cold room's maintenance is scheduled with the bank for its due date, a week ahead.
    const [agendada] = (await ctx.db.execute<{ data: string; vencimento: string; total: number; valor: number }>(sql`
      select b.data::text as data, p.vencimento::text as vencimento, b.total::int as total, p.valor::int as valor from financeiro_baixa b
      join financeiro_parcela p on p.grupo_empresarial_id = b.grupo_empresarial_id and p.id = b.parcela_id
      join financeiro_titulo t on t.grupo_empresarial_id = b.grupo_empresarial_id and t.id = b.titulo_id
      where b.empresa_id = ${loja} and t.descricao = 'Manutenção da câmara fria'`)).rows;
    expect(agendada).toMatchObject({ data: '2026-11-27', vencimento: '2026-11-27' });
    expect(agendada!.total).toBe(agendada!.valor);
    expect(c!.pagas).toBeGreaterThanOrEqual(6);
    expect(c!.baixas).toBeGreaterThan(c!.pagas);
    expect(c!.hoje).toBeGreaterThanOrEqual(2);
    // The accountant's bill is the overdue one.
    const [atrasada] = (await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
      where p.empresa_id = ${loja} and p.pago = 0 and p.vencimento < '2026-11-18' and t.descricao = 'Honorários contábeis'`)).rows;
    expect(atrasada!.n).toBe(1);
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
  });

  it('the wall between groups: no endpoint reads or writes another group’s títulos', async () => {
    const banco = await conta();
    const t = await novo();
    const b = (await api('POST', `/financeiroAgenda/parcelas/${t.parcelas[0]!._id}/baixar`, { conta: banco, data: '2026-03-01', valor: 100 })).body.data.baixas[0];
    const anexo = (await api('POST', `/financeiroAgenda/${t._id}/anexos`, { nome: 'nf.xml', tipo: 'application/xml', conteudo: Buffer.from('<?xml version="1.0"?><nfe/>').toString('base64') })).body.data.anexos[0];
    const delas = await conta(vizinho);
    expect((await vizinho('GET', `/financeiroAgenda/${t._id}`)).status).toBe(404);
    expect((await vizinho('POST', '/financeiroAgenda/lista', {})).body.data.linhas.map((l: { titulo: string }) => l.titulo)).not.toContain(t._id);
    expect((await vizinho('POST', `/financeiroAgenda/parcelas/${t.parcelas[1]!._id}/baixar`, { conta: delas, data: '2026-03-01', valor: 100 })).status).toBe(404);
    expect((await vizinho('POST', `/financeiroAgenda/baixas/${b._id}/estornar`, { motivo: 'alheio' })).status).toBe(404);
    expect((await vizinho('POST', `/financeiroAgenda/${t._id}/cancelar`, { motivo: 'alheio' })).status).toBe(404);
    expect((await vizinho('POST', `/financeiroAgenda/${t._id}/anexos`, { nome: 'a.pdf', tipo: 'application/pdf', conteudo: Buffer.from('%PDF-1.4').toString('base64') })).status).toBe(404);
    expect((await vizinho('DELETE', `/financeiroAgenda/${t._id}/anexos/${anexo._id}`)).status).toBe(404);
    expect((await vizinho('POST', '/financeiroAgenda', titulo())).body.data.campos).toEqual({ pessoa: 'Pessoa não encontrada.' });
    // Our settlement cannot pay into their account, nor theirs into ours.
    expect((await api('POST', `/financeiroAgenda/parcelas/${t.parcelas[1]!._id}/baixar`, { conta: delas, data: '2026-03-01', valor: 100 })).body.data.campos).toEqual({ conta: 'Conta financeira não encontrada nesta empresa.' });
    const deles = await novo({ pessoa: null, tipo: 'receber' }, vizinho);
    expect((await api('GET', `/financeiroAgenda/${deles._id}`)).status).toBe(404);
    expect((await api('GET', `/financeiroAgenda/${t._id}`)).body.data).toMatchObject({ canceladoEm: null, anexos: [{ _id: anexo._id }], parcelas: [{ pago: 100 }, { pago: 0 }, { pago: 0 }] });
  });
});
