import { contaPadrao, ehDiaUtil, escreverOfx, hojeNoFuso, somarDias, somarDiasUteis } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * The short payout matched BY HAND settles the chargeback as the automatic match does (issue 14): sale A's
 * R$ 100,00 paid out, B's payout imported before A was charged back (so nothing matched it: the forecast
 * then expected R$ 197,00), then the chargeback registered and the R$ 97,00 line reconciled by "Criar
 * movimento", then undone and matched by hand to a movement typed for it. The wallet's debit is settled
 * once, to the centavo; the DRE is the automatic case's.
 */

let ctx: TestContext;
let admin: Api;
let c: CenarioVendas;
let carteira: string;
let banco: string;

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
const importar = async (linhas: { fitid: string; data: string; valor: number; memo: string }[]) => {
  const ofx = escreverOfx({ banco: '001', numero: '4321-0' }, linhas);
  const res = await admin('POST', '/financeiroConciliacaoBancaria/importar', { conta: banco, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { importadas: number; conciliadas: number };
};

let linhaB: string;

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
  expect((await c.enviar(venda('CBM-A', vendaA, 10000))).status).toBe(201);
  expect((await c.enviar(venda('CBM-B', vendaB, 20000))).status).toBe(201);
  // A's R$ 100,00 came in R$ 98,50 (1,50 %), matched; B's R$ 97,00 arrives before anyone registered the chargeback: open.
  expect((await importar([{ fitid: 'A', data: repasseA, valor: 9850, memo: 'REDE DEBITO' }])).conciliadas).toBe(1);
  expect((await importar([{ fitid: 'B', data: repasseB, valor: 9700, memo: 'REDE DEBITO' }])).conciliadas).toBe(0);
  linhaB = ((await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${banco}`)).body.data.linhas as { _id: string; valor: number }[]).find((l) => l.valor === 9700)!._id;
  const idA = (await admin('POST', '/calendarioRecebimento/previsao', { de: repasseA, ate: repasseA, dia: repasseA })).body.data.recebiveis[0].venda as string;
  const marcado = await admin('POST', '/calendarioRecebimento/chargebacks', { venda: idA, valor: 10000, data: repasseB, motivo: 'Portador não reconhece a compra', conta: carteira });
  expect(marcado.status, JSON.stringify(marcado.body)).toBe(201);
});
afterAll(async () => ctx?.close());

const VENDAS = contaPadrao('1.01')._id;
const DEDUCOES = contaPadrao('2')._id;
const quitacoes = async () => (await movimentos(carteira)).filter((m) => m.documentoTipo === 'chargebackDescontado').map((m) => [m.data, m.valor, m.planoConta]);

describe('a short payout matched by hand settles its chargeback once', () => {
  it('"Criar movimento" from the R$ 97,00 line: the wallet back to zero, the DRE as the automatic match leaves it', async () => {
    expect(await saldo(carteira)).toBe(-10000);
    const criado = await admin('POST', '/financeiroConciliacaoBancaria/movimentoDaLinha', { linha: linhaB, planoConta: VENDAS, descricao: 'Repasse Rede' });
    expect(criado.status, JSON.stringify(criado.body)).toBe(200);
    expect(await saldo(banco)).toBe(9850 + 9700);
    expect(await saldo(carteira)).toBe(0);
    expect((await movimentos(carteira)).map((m) => [m.data, m.valor, m.planoConta, m.documentoTipo])).toEqual([
      [repasseB, -10000, DEDUCOES, 'chargeback'],
      [repasseB, 10000, VENDAS, 'chargebackDescontado'],
    ]);
    for (const regime of ['caixa', 'competencia'] as const) {
      const d = await dre(regime);
      expect([d['1.01'], d['2'], d.resultado], regime).toEqual([29550, -10000, 19550]);
    }
    // The line keeps Rede's day, so an automatic run offers that payout to no other credit.
    const linha = ((await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${banco}`)).body.data.linhas as { _id: string; conciliacao: { origem: string; recebivelData: string | null; previstoLiquido: number | null } }[]).find((l) => l._id === linhaB)!;
    expect(linha.conciliacao).toMatchObject({ origem: 'criado', recebivelData: repasseB, previstoLiquido: 9700 });
  });

  it('undone, its row reversed, and matched by hand to a movement typed for it: nothing credited twice', async () => {
    const desfeita = await admin('POST', '/financeiroConciliacaoBancaria/desfazer', { linha: linhaB });
    expect(desfeita.status, JSON.stringify(desfeita.body)).toBe(200);
    expect((await admin('POST', `/financeiroMovimentacao/${desfeita.body.data.movimentos[0]}/estornar`, { motivo: 'Refazer a conciliação' })).status).toBe(200);
    const digitado = await admin('POST', '/financeiroMovimentacao', { tipo: 'entrada', conta: banco, data: repasseB, valor: 9700, planoConta: VENDAS, descricao: 'Repasse Rede (digitado)' });
    expect(digitado.status, JSON.stringify(digitado.body)).toBe(201);
    const manual = await admin('POST', '/financeiroConciliacaoBancaria/manual', { linha: linhaB, movimentos: [digitado.body.data._id] });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(await saldo(carteira)).toBe(0);
    expect(await quitacoes()).toEqual([[repasseB, 10000, VENDAS]]);
    expect(await saldo(banco)).toBe(19550);
    expect((await dre('caixa')).resultado).toBe(19550);
    // An automatic run afterwards has nothing left to take.
    expect((await admin('POST', '/financeiroConciliacaoBancaria/conciliar', { conta: banco })).body.data).toEqual({ conciliadas: 0, porOrigem: {} });
    expect(await quitacoes()).toEqual([[repasseB, 10000, VENDAS]]);
  });

  it('a credit that is no payout, matched by hand, settles nothing', async () => {
    await importar([{ fitid: 'PIX', data: repasseB, valor: 4321, memo: 'PIX RECEBIDO CLIENTE' }]);
    const pix = ((await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${banco}`)).body.data.linhas as { _id: string; valor: number }[]).find((l) => l.valor === 4321)!._id;
    expect((await admin('POST', '/financeiroConciliacaoBancaria/movimentoDaLinha', { linha: pix, planoConta: contaPadrao('1.04')._id, descricao: 'PIX' })).status).toBe(200);
    expect(await quitacoes()).toEqual([[repasseB, 10000, VENDAS]]);
    expect(await saldo(carteira)).toBe(0);
  });
});
