import { contaPadrao, escreverOfx } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas } from './vendasFixture.ts';

/** Bank reconciliation (issue 14): statement lines matched to movements, card receivables, rules, by hand. */

let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let cielo: string;
let n = 0;
const TARIFAS = contaPadrao('9.01')._id;
const OUTRAS = contaPadrao('1.04')._id;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const c = await prepararVendas(ctx, admin);
  const visa = (await criar(admin, 'tipoPagamentoBandeira', { descricao: 'Visa', tBand: '01' }))._id;
  cielo = (await criar(admin, 'operadora', { nome: 'Cielo', cnpj: '11.222.333/0001-81', taxaDebito: '1,99', taxaCredito: '3,19', taxaParcelado: '2,55' }))._id;
  // A debit sale on Tuesday 10/06/2025: Cielo pays it the next business day, net of 1,99%.
  const venda = {
    pedidoId: 'C1',
    canal: 'Balcão',
    abertoEm: '2025-06-10T12:00:00-03:00',
    fechadoEm: '2025-06-10T12:30:00-03:00',
    itens: [{ produto: c.ids.xis, quantidade: '1', precoUnitario: 10_000 }],
    pagamentos: [{ formaPagamento: c.ids.credito, tPag: '04', valor: 10_000, parcelas: 1, bandeira: visa, operadora: cielo }],
    total: 10_000,
  };
  expect((await c.enviar(venda)).status).toBe(201);
});
afterAll(async () => ctx?.close());

const novaConta = async (api = admin, saldoInicial = 0) =>
  (await criar(api, 'financeiroConta', { nome: `Banco ${++n}`, tipo: 'Banco', banco: '001', saldoInicial, dataSaldoInicial: '2025-05-31' }))._id;
const movimento = async (conta: string, data: string, valor: number, descricao = 'Movimento') => {
  const res = await admin('POST', '/financeiroMovimentacao', { tipo: valor > 0 ? 'entrada' : 'saida', conta, data, valor: Math.abs(valor), planoConta: OUTRAS, descricao });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
};
/** An OFX statement of bank 001 with these lines [fitid, aaaa-mm-dd, centavos, memo] and optionally its ledger balance. */
const ofx = (linhas: [string, string, number, string][], saldo?: [number, string]) =>
  Buffer.from(
    escreverOfx(
      { banco: '001', numero: '5555-1' },
      linhas.map(([fitid, data, valor, memo]) => ({ fitid, data, valor, memo })),
      saldo && { valor: saldo[0], data: saldo[1] },
    ),
  ).toString('base64');
const importar = (conta: string, conteudo: string, api = admin) => api('POST', '/financeiroConciliacaoBancaria/importar', { conta, arquivo: { nome: 'extrato.ofx', conteudo } });
type Linha = { _id: string; fitid: string; valor: number; conciliada: boolean; conciliacao: { origem: string; movimentos: string[]; operadora: string | null; recebivelData: string | null; previstoLiquido: number | null } | null };
const linhas = async (conta: string): Promise<Record<string, Linha>> => {
  const res = await admin('GET', `/financeiroConciliacaoBancaria/extrato?conta=${conta}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.linhas.map((l: Linha) => [l.fitid, l]));
};
const abertos = async (conta: string) => (await admin('GET', `/financeiroConciliacaoBancaria/movimentosAbertos?conta=${conta}`)).body.data.map((m: { _id: string }) => m._id);

describe('automatic matching after an import', () => {
  it('reconciles the exact amount on the day and within 3 days, a day of movements, a card credit and a rule; the rest stays open', async () => {
    const conta = await novaConta();
    const exato = await movimento(conta, '2025-06-02', -15_000, 'Fornecedor');
    const janela = await movimento(conta, '2025-06-03', -8_000, 'Boleto');
    const dia = [await movimento(conta, '2025-06-04', 3_000, 'Venda A'), await movimento(conta, '2025-06-04', 4_550, 'Venda B')];
    const longe = await movimento(conta, '2025-06-20', -9_999, 'Sem linha');
    const regra = await admin('POST', '/financeiroConciliacaoBancaria/regras', { texto: 'tarifa', planoConta: TARIFAS, conta, sinal: 'debito', descricao: 'Tarifa bancária' });
    expect(regra.status, JSON.stringify(regra.body)).toBe(200);

    const res = await importar(
      conta,
      ofx([
        ['L1', '2025-06-02', -15_000, 'PIX FORNECEDOR'],
        ['L2', '2025-06-05', -8_000, 'PAGTO BOLETO'],
        ['L3', '2025-06-04', 7_550, 'DEPOSITO'],
        ['L4', '2025-06-11', 9_801, 'CIELO DEBITO VISA'],
        ['L5', '2025-06-06', -1_290, 'Tarifa Pacote Serviços'],
        ['L6', '2025-06-07', -3_333, 'SAQUE'],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ importadas: 6, repetidas: 0, conciliadas: 5 });

    const l = await linhas(conta);
    expect(l.L1!.conciliacao).toMatchObject({ origem: 'exato', movimentos: [exato] });
    expect(l.L2!.conciliacao).toMatchObject({ origem: 'janela', movimentos: [janela] });
    expect(l.L3!.conciliacao).toMatchObject({ origem: 'dia', movimentos: [...dia].sort() });
    // The card credit is Cielo's expected net of that day, recorded for the fee audit, and posted to the ledger.
    const previsao = await admin('POST', '/calendarioRecebimento/previsao', { de: '2025-06-11', ate: '2025-06-11' });
    expect(previsao.body.data.dias[0].liquido).toBe(9_801);
    expect(l.L4!.conciliacao).toMatchObject({ origem: 'recebivel', operadora: cielo, recebivelData: '2025-06-11', previstoLiquido: 9_801 });
    expect(l.L5!.conciliacao).toMatchObject({ origem: 'regra' });
    expect(l.L6!.conciliada).toBe(false);

    const razao = await admin('POST', '/financeiroMovimentacao/lista', { de: '2025-06-01', ate: '2025-06-30', conta });
    const postados = razao.body.data.linhas.filter((m: { documentoTipo: string }) => m.documentoTipo === 'financeiroExtratoLinha');
    expect(postados.map((m: { valor: number; planoConta: string; descricao: string; data: string }) => [m.data, m.valor, m.planoConta, m.descricao])).toEqual([
      ['2025-06-06', -1_290, TARIFAS, 'Tarifa bancária'],
      ['2025-06-11', 9_801, contaPadrao('1.01')._id, 'Recebível Cielo previsto para 11/06/2025 (R$ 98,01 líquido)'],
    ]);
    expect(await abertos(conta)).toEqual([longe]);

    // On demand again: nothing left to match; the import of the same file reconciles nothing new.
    expect((await admin('POST', '/financeiroConciliacaoBancaria/conciliar', { conta })).body.data).toEqual({ conciliadas: 0, porOrigem: {} });
    // A second account of the same company does not take Cielo's day again.
    const outra = await novaConta();
    expect((await importar(outra, ofx([['X', '2025-06-11', 9_801, 'CIELO']]))).body.data.conciliadas).toBe(0);
  });
});

describe('by hand', () => {
  it('matches a line with movements summing to it, refuses a wrong sum and a second match, and unmatches once', async () => {
    const conta = await novaConta();
    await importar(conta, ofx([['M1', '2025-07-10', -3_333, 'SAQUE']]));
    const a = await movimento(conta, '2025-07-01', -2_000);
    const b = await movimento(conta, '2025-07-20', -1_333);
    const linha = (await linhas(conta)).M1!._id;

    const errada = await admin('POST', '/financeiroConciliacaoBancaria/manual', { linha, movimentos: [a] });
    expect(errada.status).toBe(400);
    expect(errada.body.data.message).toBe('Movimentos: a soma dos movimentos (-R$ 20,00) difere do valor da linha (-R$ 33,33).');
    const certa = await admin('POST', '/financeiroConciliacaoBancaria/manual', { linha, movimentos: [a, b] });
    expect(certa.status, JSON.stringify(certa.body)).toBe(200);
    expect((await linhas(conta)).M1!.conciliacao).toMatchObject({ origem: 'manual', movimentos: [a, b].sort() });
    expect(await abertos(conta)).toEqual([]);
    expect((await admin('POST', '/financeiroConciliacaoBancaria/manual', { linha, movimentos: [a, b] })).status).toBe(409);

    const desfeita = await admin('POST', '/financeiroConciliacaoBancaria/desfazer', { linha });
    expect(desfeita.status).toBe(200);
    expect((await linhas(conta)).M1!.conciliada).toBe(false);
    expect((await abertos(conta)).sort()).toEqual([a, b].sort());
    const denovo = await admin('POST', '/financeiroConciliacaoBancaria/desfazer', { linha });
    expect(denovo.status).toBe(409);
    expect(denovo.body.data.message).toBe('Linha do extrato: esta linha não está conciliada.');
  });

  it('creates the movement of a line with its amount and date, in the chart account chosen, and reconciles it', async () => {
    const conta = await novaConta();
    await importar(conta, ofx([['C1', '2025-08-05', 4_321, 'RENDIMENTO']]));
    const linha = (await linhas(conta)).C1!._id;
    const semPlano = await admin('POST', '/financeiroConciliacaoBancaria/movimentoDaLinha', { linha, planoConta: 'nao-existe', descricao: 'Rendimento' });
    expect(semPlano.status).toBe(400);
    expect(semPlano.body.data.message).toMatch(/^Plano de contas: /);
    const res = await admin('POST', '/financeiroConciliacaoBancaria/movimentoDaLinha', { linha, planoConta: contaPadrao('10.01')._id, descricao: 'Rendimento' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ conta, data: '2025-08-05', valor: 4_321, tipo: 'entrada', descricao: 'Rendimento', documentoTipo: 'financeiroExtratoLinha', documentoId: linha });
    expect((await linhas(conta)).C1!.conciliacao).toMatchObject({ origem: 'criado', movimentos: [res.body.data._id] });
    expect((await admin('POST', '/financeiroConciliacaoBancaria/movimentoDaLinha', { linha, planoConta: OUTRAS, descricao: 'De novo' })).status).toBe(409);
  });
});

describe('the reconciled balance per day', () => {
  it("puts the bank's balance from the statement beside the ledger's reconciled balance", async () => {
    const conta = await novaConta(admin, 100_000);
    await movimento(conta, '2025-09-01', -5_000);
    await importar(conta, ofx([['S1', '2025-09-01', -5_000, 'PIX'], ['S2', '2025-09-02', -700, 'SAQUE']], [94_300, '2025-09-02']));
    const res = await admin('GET', `/financeiroConciliacaoBancaria/saldoConciliado?conta=${conta}&de=2025-08-31&ate=2025-09-02`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      { data: '2025-08-31', banco: 100_000, conciliado: 100_000, razao: 100_000, diferenca: 0 },
      { data: '2025-09-01', banco: 95_000, conciliado: 95_000, razao: 95_000, diferenca: 0 },
      { data: '2025-09-02', banco: 94_300, conciliado: 95_000, razao: 95_000, diferenca: -700 },
    ]);
  });
});

describe('concurrency', () => {
  it('never reconciles a line twice: concurrent automatic runs and concurrent manual matches', async () => {
    const conta = await novaConta();
    await importar(conta, ofx([['P1', '2025-10-01', -1_000, 'PIX'], ['P2', '2025-10-02', -2_000, 'PIX']]));
    const a = await movimento(conta, '2025-10-01', -1_000);
    const runs = await Promise.all([1, 2, 3].map(() => admin('POST', '/financeiroConciliacaoBancaria/conciliar', { conta })));
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(runs.reduce((s, r) => s + r.body.data.conciliadas, 0)).toBe(1);
    expect((await linhas(conta)).P1!.conciliacao).toMatchObject({ movimentos: [a] });

    const linha = (await linhas(conta)).P2!._id;
    const b = await movimento(conta, '2025-10-20', -2_000);
    const c = await movimento(conta, '2025-10-21', -2_000);
    const manuais = await Promise.all([b, c].map((m) => admin('POST', '/financeiroConciliacaoBancaria/manual', { linha, movimentos: [m] })));
    expect(manuais.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await abertos(conta)).length).toBe(1);
  });
});

describe('the wall between groups and bad input', () => {
  it("gives another group none of this group's accounts, lines, movements or rules", async () => {
    const conta = await novaConta();
    await importar(conta, ofx([['W1', '2025-11-03', -500, 'TARIFA']]));
    const linha = (await linhas(conta)).W1!._id;
    const m = await movimento(conta, '2025-11-03', -500);
    const regra = (await admin('POST', '/financeiroConciliacaoBancaria/regras', { texto: 'DOC', planoConta: TARIFAS })).body.data._id;
    const base = '/financeiroConciliacaoBancaria';
    const chamadas: [string, string, object | undefined, number][] = [
      ['POST', `${base}/conciliar`, { conta }, 404],
      ['POST', `${base}/manual`, { linha, movimentos: [m] }, 404],
      ['POST', `${base}/desfazer`, { linha }, 404],
      ['POST', `${base}/movimentoDaLinha`, { linha, planoConta: OUTRAS, descricao: 'x' }, 404],
      ['GET', `${base}/movimentosAbertos?conta=${conta}`, undefined, 404],
      ['GET', `${base}/saldoConciliado?conta=${conta}&de=2025-11-01&ate=2025-11-03`, undefined, 404],
      ['DELETE', `${base}/regras/${regra}`, undefined, 404],
    ];
    for (const [metodo, url, corpo, status] of chamadas) {
      const res = await vizinho(metodo as 'GET', url, corpo);
      expect(res.status, `${metodo} ${url}`).toBe(status);
    }
    expect((await vizinho('GET', `${base}/regras`)).body.data).toEqual([]);
    // Nothing moved: the line is open, the rule still there.
    expect((await linhas(conta)).W1!.conciliada).toBe(false);
    expect((await admin('GET', `${base}/regras`)).body.data.map((r: { _id: string }) => r._id)).toContain(regra);
    expect((await admin('DELETE', `${base}/regras/${regra}`)).status).toBe(200);
    expect((await admin('DELETE', `${base}/regras/${regra}`)).status).toBe(404);
  });

  it('answers bad input with 400 naming the field, writing nothing', async () => {
    const base = '/financeiroConciliacaoBancaria';
    const casos: [string, string, object | undefined, string][] = [
      ['POST', `${base}/conciliar`, {}, 'Conta: '],
      ['POST', `${base}/manual`, { linha: 'x', movimentos: [] }, 'Movimentos: '],
      ['POST', `${base}/desfazer`, { linha: 7 }, 'Linha do extrato: '],
      ['POST', `${base}/movimentoDaLinha`, { linha: 'x', planoConta: '', descricao: 'y' }, 'Plano de contas: '],
      ['POST', `${base}/regras`, { texto: '', planoConta: TARIFAS }, 'Texto do histórico: '],
      ['POST', `${base}/regras`, { texto: 'PIX', planoConta: TARIFAS, sinal: 'talvez' }, 'Sinal: '],
      ['GET', `${base}/saldoConciliado?conta=x&de=ontem&ate=2025-01-01`, undefined, 'De: '],
      ['GET', `${base}/movimentosAbertos`, undefined, 'Conta: '],
    ];
    for (const [metodo, url, corpo, inicio] of casos) {
      const res = await admin(metodo as 'GET', url, corpo);
      expect(res.status, `${metodo} ${url} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.data.message.startsWith(inicio), res.body.data.message).toBe(true);
    }
  });
});
