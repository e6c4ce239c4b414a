import { escreverOfx, valorPresente } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * An anticipation the acquirer made on its own (issue 14): one credit before the forecast dates pays
 * several later days' net less a discount; the reconciliation matches it to those days and the fee
 * audit shows the discount as anticipation cost, not as an overcharged MDR.
 */

let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let c: CenarioVendas;
let cielo: string;
let visa: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  c = await prepararVendas(ctx, admin);
  visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
  // Installments paid by the store's contract every 30 days (D+30, D+60), 3,00% MDR.
  cielo = (await criar(admin, 'operadora', { nome: 'Cielo', cnpj: '01.027.058/0001-91', diasCredito: 30, taxaCredito: '3,00', taxaParcelado: '3,00' }))._id;
});
afterAll(async () => ctx?.close());

/** A credit sale of R$ 1.000,00 in two installments to Cielo, closed on `dia`. */
const vendaParcelada = async (pedidoId: string, dia: string) => {
  const venda = {
    pedidoId, canal: 'Balcão', abertoEm: `${dia}T12:00:00-03:00`, fechadoEm: `${dia}T12:30:00-03:00`,
    itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 100000 }],
    pagamentos: [{ formaPagamento: c.ids.credito, tPag: '03', valor: 100000, parcelas: 2, bandeira: visa, operadora: cielo }], total: 100000,
  };
  expect((await c.enviar(venda)).status).toBe(201);
};
const importar = async (api: Api, conta: string, linhas: { fitid: string; data: string; valor: number; memo: string }[]) => {
  const ofx = escreverOfx({ banco: '341', numero: `8888-${++n}` }, linhas);
  const res = await api('POST', '/financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome: 'extrato.ofx', conteudo: Buffer.from(ofx).toString('base64') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.conciliadas as number;
};
const banco = async (api: Api) => (await criar(api, 'financeiroConta', { nome: `Banco ${++n}`, tipo: 'Banco', banco: '341', dataSaldoInicial: '2025-01-01' }))._id as string;
const extrato = async (conta: string) => (await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${conta}`)).body.data.linhas as { _id: string; fitid: string; conciliacao: { origem: string; recebivelData: string; previstoLiquido: number } | null }[];
const auditoria = async (de: string, ate: string) => {
  const res = await admin('POST', '/relatorioFinanceiroTaxasCartao', { de, ate });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const linha = (l: Record<string, unknown>) => [l.data, l.operadoraNome, l.bruto, l.taxaContrato, l.liquidoPrevisto, l.pago, l.antecipacao, l.antecipacaoPrazo, l.taxaCobrada, l.diferenca];

describe('an anticipation made by the acquirer on its own', () => {
  let conta: string;

  it('matches a credit at D+2 to the installments of D+30 and D+60 less the discount, and the audit shows it as anticipation, MDR difference 0', async () => {
    // Tuesday 01/07/2025: R$ 1.000,00 in 2×; forecast 31/07 and 30/08 (a Saturday: Monday 01/09), each 500,00 − 15,00 MDR = 485,00.
    await vendaParcelada('ANT1', '2025-07-01');
    const dias = (await admin('POST', '/calendarioRecebimento/previsao', { de: '2025-07-01', ate: '2025-09-30' })).body.data.dias as { data: string; liquido: number }[];
    expect(dias.map((d) => [d.data, d.liquido])).toEqual([['2025-07-31', 48500], ['2025-09-01', 48500]]);
    // On 03/07 Cielo credits both at 2% a month, pro rata: 485,00 × 2% × 28/30 + 485,00 × 2% × 60/30 = 28,45 off 970,00.
    conta = await banco(admin);
    expect(await importar(admin, conta, [{ fitid: 'A1', data: '2025-07-03', valor: 94155, memo: 'CIELO ANTECIPACAO' }])).toBe(1);
    const [l] = await extrato(conta);
    expect(l!.conciliacao).toMatchObject({ origem: 'antecipacao', recebivelData: '2025-07-31', previstoLiquido: 97000 });

    const r = await auditoria('2025-07-01', '2025-09-30');
    // The discount shared by net × days (28 and 60): 9,05 and 19,40; each day paid its net less its share.
    expect(r.linhas.map(linha)).toEqual([
      ['2025-07-31', 'Cielo', 50000, 1500, 48500, 47595, 905, 48500 * 28, 1500, 0],
      ['2025-09-01', 'Cielo', 50000, 1500, 48500, 46560, 1940, 48500 * 60, 1500, 0],
    ]);
    expect(r.totais).toEqual({ bruto: 100000, taxaContrato: 3000, chargeback: 0, liquidoPrevisto: 97000, pago: 94155, taxaCobrada: 3000, antecipacao: 2845, antecipacaoPrazo: 48500 * 88, diferenca: 0 });
    // Totals agree to the centavo: gross − fee − anticipation = what the bank paid.
    expect(r.totais.bruto - r.totais.taxaCobrada - r.totais.antecipacao).toBe(94155);
    expect(r.porOperadora.map((o: Record<string, unknown>) => [o.operadoraNome, o.dias, o.antecipacao, o.diferenca])).toEqual([['Cielo', 2, 2845, 0]]);
    // The days it paid are taken: the forecast still lists them, but a later credit of one day's net (another account) matches nothing.
    expect(await importar(admin, await banco(admin), [{ fitid: 'A2', data: '2025-07-31', valor: 48500, memo: 'CIELO CREDITO' }])).toBe(0);
  });

  it('leaves unmatched a credit that no sane anticipation rate explains', async () => {
    // Tuesday 02/09/2025: again 2× (02/10 and 01/11, a Saturday: 03/11); a credit on 04/09 of 873,00 would be 10% off 970,00 over 28 and 60 days (≈ 6,8% a month).
    await vendaParcelada('ANT2', '2025-09-02');
    const outra = await banco(admin);
    expect(await importar(admin, outra, [{ fitid: 'B1', data: '2025-09-04', valor: 87300, memo: 'CIELO ANTECIPACAO' }])).toBe(0);
    expect((await auditoria('2025-10-01', '2025-11-30')).linhas).toEqual([]);
  });

  it('another group’s credit never matches our receivables, nor can it undo our match', async () => {
    const deles = await banco(vizinho);
    // The exact anticipation of our second sale at 2% a month: 970,00 − 28,45 over the same 28 and 60 days from 04/09.
    expect(await importar(vizinho, deles, [{ fitid: 'V1', data: '2025-09-04', valor: 94155, memo: 'CIELO ANTECIPACAO' }])).toBe(0);
    const [nossa] = await extrato(conta);
    expect((await vizinho('POST', '/financeiroConciliacaoBancaria/desfazer', { linha: nossa!._id })).status).toBe(404);
    expect((await vizinho('POST', '/relatorioFinanceiroTaxasCartao', { de: '2025-07-01', ate: '2025-09-30' })).body.data.linhas).toEqual([]);
  });

  it('undo frees the anticipated days: the audit no longer shows them and another credit may take them', async () => {
    const linhas = await extrato(conta);
    const antecipada = linhas.find((l) => l.fitid === 'A1')!;
    const desfeita = await admin('POST', '/financeiroConciliacaoBancaria/desfazer', { linha: antecipada._id });
    expect(desfeita.status, JSON.stringify(desfeita.body)).toBe(200);
    expect((await auditoria('2025-07-01', '2025-09-30')).linhas).toEqual([]);
    // As any undone match, the movement posted from the line stays in the ledger and the next run pairs the two (same amount and date)…
    const run = await admin('POST', '/financeiroConciliacaoBancaria/conciliar', { conta });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.porOrigem).toEqual({ exato: 1 });
    // …and the days are free again: a credit of 31/07's net on its day now matches it.
    expect(await importar(admin, await banco(admin), [{ fitid: 'A3', data: '2025-07-31', valor: 48500, memo: 'CIELO CREDITO' }])).toBe(1);
    expect((await auditoria('2025-07-01', '2025-09-30')).linhas.map(linha)).toEqual([['2025-07-31', 'Cielo', 50000, 1500, 48500, 48500, 0, 0, 1500, 0]]);
  });
});

describe('one day anticipated at the contracted rate', () => {
  it('a payout three days early, short by the contract’s anticipation rate, is that anticipation, not an MDR difference', async () => {
    // Rede pays credit à vista at D+30, 3,00% MDR, and anticipates at 1,89% a month by contract.
    const rede = (await criar(admin, 'operadora', { nome: 'Rede', cnpj: '01.425.787/0001-04', diasCredito: 30, taxaCredito: '3,00', taxaAntecipacao: '1,89' }))._id;
    // Tuesday 03/02/2026: R$ 1.000,00 at sight; forecast Thursday 05/03, 1.000,00 − 30,00 = 970,00.
    const venda = {
      pedidoId: 'ANT-REDE', canal: 'Balcão', abertoEm: '2026-02-03T12:00:00-03:00', fechadoEm: '2026-02-03T12:30:00-03:00',
      itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 100000 }],
      pagamentos: [{ formaPagamento: c.ids.credito, tPag: '03', valor: 100000, parcelas: 1, bandeira: visa, operadora: rede }], total: 100000,
    };
    expect((await c.enviar(venda)).status).toBe(201);
    // Monday 02/03: 970,00 at 1,89% a month for 3 days. Within 1% of the net, so the receivable matching takes it too.
    const credito = valorPresente(97000, '1.89', 3);
    expect(97000 - credito).toBeGreaterThan(0);
    expect(97000 - credito).toBeLessThan(970);
    const conta = await banco(admin);
    expect(await importar(admin, conta, [{ fitid: 'R1', data: '2026-03-02', valor: credito, memo: 'CRED REDE VISA' }])).toBe(1);
    const [l] = await extrato(conta);
    expect(l!.conciliacao).toMatchObject({ origem: 'antecipacao', recebivelData: '2026-03-05', previstoLiquido: 97000 });
    const r = await auditoria('2026-03-01', '2026-03-31');
    expect(r.linhas.map(linha)).toEqual([['2026-03-05', 'Rede', 100000, 3000, 97000, credito, 97000 - credito, 97000 * 3, 3000, 0]]);
  });
});
