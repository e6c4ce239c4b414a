import { contaPadrao, ehDiaUtil, escreverOfx, hojeNoFuso, somarDias, somarDiasUteis } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * A chargeback the acquirer took from a payout counts once (issue 14): a sale of R$ 100,00 by debit paid
 * out, charged back later, and the next payout net of it matched on the bank statement. The wallet's
 * debit is settled by that payout; the DRE shows the sales' revenue and the chargeback once; the cash
 * flow adds up to what the bank received.
 */

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let carteira: string;
let banco: string;
let chargeback: string;

/** The business day on or before `data`. */
const diaUtilAte = (data: string) => {
  let d = data;
  while (!ehDiaUtil(d)) d = somarDias(d, -1);
  return d;
};
const hoje = hojeNoFuso();
// Sale A on a business day two weeks back, paid the next business day; sale B a few days back, paid by today.
const vendaA = diaUtilAte(somarDias(hoje, -14));
const repasseA = somarDiasUteis(vendaA, 1);
const vendaB = diaUtilAte(somarDias(hoje, -4));
const repasseB = somarDiasUteis(vendaB, 1);
const meses = { de: vendaA.slice(0, 7), ate: hoje.slice(0, 7) };

const saldo = async (conta: string) => ((await admin('GET', `/financeiroMovimentacao/saldos?data=${hoje}`)).body.data as { conta: string; saldo: number }[]).find((s) => s.conta === conta)!.saldo;
const movimentos = async (conta: string) =>
  ((await admin('POST', '/financeiroMovimentacao/lista', { de: vendaA, ate: hoje, conta })).body.data.linhas as { _id: string; data: string; valor: number; planoConta: string; documentoTipo: string }[])
    .map((m) => ({ _id: m._id, data: m.data, valor: m.valor, planoConta: m.planoConta, documentoTipo: m.documentoTipo }))
    .sort((x, y) => (x.data < y.data ? -1 : x.data > y.data ? 1 : x.valor - y.valor));
/** The DRE's total column per chart code and the result, on a basis, over the months from sale A to today. */
const dre = async (regime: 'caixa' | 'competencia'): Promise<Record<string, number>> => {
  const res = await admin('POST', '/relatorioFinanceiroPlanoDeContas', { ...meses, regime });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const d = res.body.data as { linhas: { codigo: string; total: number }[]; resultado: { total: number } };
  const porCodigo: Record<string, number> = Object.fromEntries(d.linhas.map((l) => [l.codigo, l.total]));
  return { ...porCodigo, resultado: d.resultado.total };
};
const fluxo = async () => (await admin('POST', '/financeiroResumo', {})).body.data.fluxo as { data: string; entradas: number; saidas: number; previsto: boolean }[];
const importar = async (linhas: { fitid: string; data: string; valor: number; memo: string }[]) => {
  const ofx = escreverOfx({ banco: '001', numero: '4321-0' }, linhas);
  const res = await admin('POST', '/financeiroConciliacaoBancaria/importar', { conta: banco, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { importadas: number; conciliadas: number };
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  c = await prepararVendas(ctx, admin);
  const visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
  const rede = (await criar(admin, 'operadora', { nome: 'Rede', cnpj: '01.425.787/0001-04', taxaDebito: '1,50' }))._id;
  carteira = (await criar(admin, 'financeiroConta', { nome: 'Carteira Rede', tipo: 'Carteira de adquirente', dataSaldoInicial: somarDias(vendaA, -1) }))._id;
  banco = (await criar(admin, 'financeiroConta', { nome: 'Banco do Brasil', tipo: 'Banco', banco: '001', dataSaldoInicial: somarDias(vendaA, -1) }))._id;
  const venda = (pedidoId: string, dia: string, valor: number) => ({
    pedidoId, canal: 'Balcão', abertoEm: `${dia}T12:00:00-03:00`, fechadoEm: `${dia}T12:30:00-03:00`,
    itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: valor }],
    pagamentos: [{ formaPagamento: c.ids.credito, tPag: '04', valor, parcelas: 1, bandeira: visa, operadora: rede }], total: valor,
  });
  expect((await c.enviar(venda('CBR-A', vendaA, 10000))).status).toBe(201);
  expect((await c.enviar(venda('CBR-B', vendaB, 20000))).status).toBe(201);
  // A's R$ 100,00 came in R$ 98,50 (1,50 %), matched.
  expect((await importar([{ fitid: 'A', data: repasseA, valor: 9850, memo: 'REDE DEBITO' }])).conciliadas).toBe(1);
  // Then the cardholder disputes A: Rede takes it back on the day it pays B.
  const idA = (await admin('POST', '/calendarioRecebimento/previsao', { de: repasseA, ate: repasseA, dia: repasseA })).body.data.recebiveis[0].venda as string;
  const marcado = await admin('POST', '/calendarioRecebimento/chargebacks', { venda: idA, valor: 10000, data: repasseB, motivo: 'Portador não reconhece a compra', conta: carteira });
  expect(marcado.status, JSON.stringify(marcado.body)).toBe(201);
  chargeback = marcado.body.data._id;
});
afterAll(async () => ctx?.close());

describe('a chargeback taken from a matched payout counts once', () => {
  it('before the short payout is matched, the wallet owes the chargeback', async () => {
    expect(await saldo(carteira)).toBe(-10000);
    // Rede pays B's R$ 200,00 less 3,00 and less A's 100,00: R$ 97,00.
    const dia = (await admin('POST', '/calendarioRecebimento/previsao', { de: repasseB, ate: repasseB })).body.data.dias[0];
    expect([dia.bruto, dia.taxas, dia.chargeback, dia.liquido]).toEqual([20000, 300, 10000, 9700]);
  });

  it('the payout net of it matched: wallet back to zero, the DRE has the sales once and the chargeback once, the cash flow is what the bank got', async () => {
    expect((await importar([{ fitid: 'B', data: repasseB, valor: 9700, memo: 'REDE DEBITO' }])).conciliadas).toBe(1);
    const VENDAS = contaPadrao('1.01')._id;
    const DEDUCOES = contaPadrao('2')._id;
    expect(await saldo(banco)).toBe(9850 + 9700);
    expect(await saldo(carteira)).toBe(0);
    expect((await movimentos(carteira)).map((m) => [m.data, m.valor, m.planoConta, m.documentoTipo])).toEqual([
      [repasseB, -10000, DEDUCOES, 'chargeback'],
      [repasseB, 10000, VENDAS, 'chargebackDescontado'],
    ]);
    // Sales' revenue net of fees: 98,50 + 197,00 (of which Rede kept 100,00 for the chargeback); the chargeback once; the result is the bank's money.
    for (const regime of ['caixa', 'competencia'] as const) {
      const d = await dre(regime);
      expect([d['1.01'], d['2'], d.resultado], regime).toEqual([29550, -10000, 19550]);
    }
    const dias = await fluxo();
    const dia = (data: string) => dias.find((x) => x.data === data)!;
    expect([dia(repasseA).entradas, dia(repasseA).saidas]).toEqual([9850, 0]);
    // On B's payout day: 97,00 on the bank and the 100,00 Rede kept of B's sales, less A's chargeback.
    expect([dia(repasseB).entradas, dia(repasseB).saidas]).toEqual([19700, -10000]);
    const realizado = dias.filter((x) => !x.previsto).reduce((s, x) => s + x.entradas + x.saidas, 0);
    expect(realizado).toBe(19550);
    // Its wallet credit is not reversed alone on the movements screen.
    const credito = (await movimentos(carteira)).find((m) => m.documentoTipo === 'chargebackDescontado')!;
    const estorno = await admin('POST', `/financeiroMovimentacao/${credito._id}/estornar`, { motivo: 'engano' });
    expect([estorno.status, estorno.body.data.message]).toEqual([409, expect.stringContaining('repasse conciliado')]);
  });

  it('the payout matched again after its match was undone and its revenue reversed settles nothing twice', async () => {
    const linhas = (await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${banco}`)).body.data.linhas as { _id: string; valor: number; conciliacao: { movimentos: string[] } | null }[];
    const b = linhas.find((l) => l.valor === 9700)!;
    expect((await admin('POST', '/financeiroConciliacaoBancaria/desfazer', { linha: b._id })).status).toBe(200);
    // With its own revenue row reversed, the next run matches the credit to Rede's payout again (a new revenue row).
    expect((await admin('POST', `/financeiroMovimentacao/${b.conciliacao!.movimentos[0]}/estornar`, { motivo: 'Refazer a conciliação' })).status).toBe(200);
    const deNovo = await admin('POST', '/financeiroConciliacaoBancaria/conciliar', { conta: banco });
    expect(deNovo.status, JSON.stringify(deNovo.body)).toBe(200);
    expect(deNovo.body.data).toEqual({ conciliadas: 1, porOrigem: { recebivel: 1 } });
    expect(await saldo(banco)).toBe(19550);
    expect(await saldo(carteira)).toBe(0);
    expect((await movimentos(carteira)).filter((m) => m.documentoTipo === 'chargebackDescontado')).toHaveLength(1);
    expect((await dre('caixa')).resultado).toBe(19550);
  });

  it('the dispute won after the payout: Rede owes the 100,00 back, on the wallet', async () => {
    expect((await admin('POST', `/calendarioRecebimento/chargebacks/${chargeback}/estornar`, { motivo: 'Contestação ganha' })).status).toBe(200);
    expect(await saldo(carteira)).toBe(10000);
    const d = await dre('caixa');
    expect([d['1.01'], d['2'] ?? 0, d.resultado]).toEqual([29550, 0, 29550]);
  });
});
