import { contaPadrao } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularFinanceiro } from '../src/finance/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';

/**
 * The income statement (issue 14) over a quarter of 2098, far from the demonstration's data: one company
 * pays rent on a monthly recurrence (one month settled with interest) and sells; the other has a
 * receivable in two installments and buys food. Every figure is written out to the centavo.
 */
let ctx: TestContext;
let a: Api; // Grupo Demonstração, first company
let b: Api; // same user, second company
let vizinho: Api;
let lojaA: string;
let lojaB: string;
const plano = (codigo: string) => contaPadrao(codigo)._id;

beforeAll(async () => {
  ctx = await createTestContext();
  const tokenA = await signIn(ctx.app, 'admin@demo.com.br');
  const tokenB = await signIn(ctx.app, 'admin@demo.com.br');
  a = apiClient(ctx.app, tokenA);
  b = apiClient(ctx.app, tokenB);
  [lojaA, lojaB] = ctx.seed.demo.empresas as [string, string];
  expect((await b('POST', '/sessao/empresa', { empresa: lojaB })).status).toBe(200);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const ok = (r: { status: number; body: unknown }, status = 201) => expect(r.status, JSON.stringify(r.body)).toBe(status);

  const fornecedor = (await criar(a, 'pessoa', { nome: 'Imobiliária DRE', tipo: 'Jurídica', cpfCnpj: cnpjNovo(), cliente: false, fornecedor: true }))._id;
  const caixaA = (await criar(a, 'financeiroConta', { nome: 'Caixa DRE A', tipo: 'Caixa', dataSaldoInicial: '2098-01-01', saldoInicial: 1000000 }))._id;
  const bancoA = (await criar(a, 'financeiroConta', { nome: 'Banco DRE A', tipo: 'Caixa', dataSaldoInicial: '2098-01-01' }))._id;
  const caixaB = (await criar(b, 'financeiroConta', { nome: 'Caixa DRE B', tipo: 'Caixa', dataSaldoInicial: '2098-01-01' }))._id;

  // Rent: R$ 1.000,00 a month for three months; January's settled on the 20th with R$ 12,34 of interest.
  const aluguel = await a('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: plano('5.01'), descricao: 'Aluguel DRE', emissao: '2098-01-10', valor: 100000, vencimento: '2098-01-15', recorrencia: { frequencia: 'mensal', ocorrencias: 3 } });
  ok(aluguel);
  ok(await a('POST', `/financeiroAgenda/parcelas/${aluguel.body.data[0].parcelas[0]._id}/baixar`, { conta: caixaA, data: '2098-01-20', valor: 100000, juros: 1234 }));
  // A payable cancelled: never in the statement.
  const cancelado = await a('POST', '/financeiroAgenda', { tipo: 'pagar', pessoa: fornecedor, planoConta: plano('5.02'), descricao: 'Condomínio errado', emissao: '2098-02-01', valor: 12345, vencimento: '2098-02-10' });
  ok(cancelado);
  ok(await a('POST', `/financeiroAgenda/${cancelado.body.data[0]._id}/cancelar`, { motivo: 'lançado em dobro' }), 200);
  // Sales of February: R$ 5.000,55.
  ok(await a('POST', '/financeiroMovimentacao', { tipo: 'entrada', conta: caixaA, data: '2098-02-05', valor: 500055, planoConta: plano('1.01'), descricao: 'Vendas DRE' }));
  // Neither a transfer nor an investment (not in the DRE) is result.
  ok(await a('POST', '/financeiroMovimentacao/transferencia', { origem: caixaA, destino: bancoA, data: '2098-02-06', valor: 200000 }));
  ok(await a('POST', '/financeiroMovimentacao', { tipo: 'saida', conta: bancoA, data: '2098-02-10', valor: 99999, planoConta: plano('11.01'), descricao: 'Forno novo' }));
  // Company B: a receivable of R$ 300,00 issued in January, due in March and April, unpaid; food bought in March.
  ok(await b('POST', '/financeiroAgenda', { tipo: 'receber', planoConta: plano('1.04'), descricao: 'Evento DRE', emissao: '2098-01-28', valor: 30000, parcelas: 2, vencimento: '2098-03-10' }));
  ok(await b('POST', '/financeiroMovimentacao', { tipo: 'saida', conta: caixaB, data: '2098-03-03', valor: 7000, planoConta: plano('3.01'), descricao: 'Hortifrúti DRE' }));
});
afterAll(async () => ctx?.close());

const filtro = (extra: Record<string, unknown> = {}) => ({ de: '2098-01', ate: '2098-03', ...extra });
type Linha = { codigo: string; nivel: number; grupo: boolean; valores: number[]; total: number };
const dre = async (extra: Record<string, unknown> = {}, cliente: Api = a) => {
  const res = await cliente('POST', '/relatorioFinanceiroPlanoDeContas', filtro(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { colunas: { chave: string; rotulo: string }[]; linhas: Linha[]; resultado: { valores: number[]; total: number }; regime: string };
};
const porCodigo = (linhas: Linha[]) => Object.fromEntries(linhas.map((l) => [l.codigo, [...l.valores, l.total]]));

describe('relatorioFinanceiroPlanoDeContas: the income statement', () => {
  it('on the cash basis, ledger rows by their month, groups with subtotals, the result, both companies consolidated', async () => {
    const r = await dre({ regime: 'caixa' });
    expect(r.colunas.map((c) => c.rotulo)).toEqual(['01/2098', '02/2098', '03/2098']);
    expect(porCodigo(r.linhas)).toEqual({
      '1': [0, 500055, 0, 500055],
      '1.01': [0, 500055, 0, 500055],
      '3': [0, 0, -7000, -7000],
      '3.01': [0, 0, -7000, -7000],
      '5': [-100000, 0, 0, -100000],
      '5.01': [-100000, 0, 0, -100000],
      '9': [-1234, 0, 0, -1234],
      '9.02': [-1234, 0, 0, -1234],
    });
    expect(r.linhas.map((l) => [l.codigo, l.nivel, l.grupo])).toEqual([
      ['1', 0, true], ['1.01', 1, false], ['3', 0, true], ['3.01', 1, false], ['5', 0, true], ['5.01', 1, false], ['9', 0, true], ['9.02', 1, false],
    ]);
    expect(r.resultado).toEqual({ valores: [-101234, 500055, -7000], total: 391821 });
  });

  it('on the accrual basis, títulos by competence (a recurrence month by month, settled or not) plus ledger rows no título explains', async () => {
    const r = await dre({ regime: 'competencia' });
    expect(r.regime).toBe('competencia');
    expect(porCodigo(r.linhas)).toEqual({
      '1': [30000, 500055, 0, 530055],
      '1.01': [0, 500055, 0, 500055],
      '1.04': [30000, 0, 0, 30000],
      '3': [0, 0, -7000, -7000],
      '3.01': [0, 0, -7000, -7000],
      '5': [-100000, -100000, -100000, -300000],
      '5.01': [-100000, -100000, -100000, -300000],
      '9': [-1234, 0, 0, -1234],
      '9.02': [-1234, 0, 0, -1234],
    });
    expect(r.resultado).toEqual({ valores: [-71234, 400055, -107000], total: 221821 });
  });

  it('per company: one company chosen, or the companies as columns', async () => {
    const soA = await dre({ regime: 'competencia', empresas: [lojaA] });
    expect(soA.resultado).toEqual({ valores: [-101234, 400055, -100000], total: 198821 });
    const soB = await dre({ regime: 'caixa', empresas: [lojaB] });
    expect(porCodigo(soB.linhas)).toEqual({ '3': [0, 0, -7000, -7000], '3.01': [0, 0, -7000, -7000] });
    const colunas = await dre({ regime: 'caixa', colunas: 'empresa' });
    const i = (loja: string) => colunas.colunas.findIndex((c) => c.chave === loja);
    expect(colunas.resultado.valores[i(lojaA)]).toBe(398821);
    expect(colunas.resultado.valores[i(lojaB)]).toBe(-7000);
    expect(colunas.resultado.total).toBe(391821);
  });

  it('the next version (read from the ledger and títulos) equals the rollup; a corrupted rollup shows its cells and recalcular mends it', async () => {
    for (const regime of ['caixa', 'competencia']) {
      const t = (await a('POST', '/relatorioFinanceiroPlanoDeContasTeste', filtro({ regime }))).body.data;
      expect(t.diferencas).toEqual([]);
      expect(t.proxima.linhas).toEqual(t.atual.linhas);
    }
    expect(await recalcularFinanceiro(ctx.db)).toEqual([]);
    await ctx.db.execute(sql`update financeiro_dre_mes set valor = valor + 1 where empresa_id = ${lojaA} and regime = 'caixa' and mes = '2098-02-01' and plano_conta_id = ${plano('1.01')}`);
    const t = (await a('POST', '/relatorioFinanceiroPlanoDeContasTeste', filtro({ regime: 'caixa' }))).body.data;
    expect(t.diferencas).toEqual(
      expect.arrayContaining([
        { planoConta: plano('1.01'), coluna: '2098-02', atual: 500056, proxima: 500055 },
        { planoConta: plano('1'), coluna: null, atual: 500056, proxima: 500055 },
        { planoConta: null, coluna: '2098-02', atual: 500056, proxima: 500055 },
      ]),
    );
    expect(t.diferencas).toHaveLength(6); // 1.01 and 1 in February and in the total, the result twice
    expect(await recalcularFinanceiro(ctx.db)).toEqual([expect.objectContaining({ conta: plano('1.01'), data: '2098-02-01', regime: 'caixa', empresa: lojaA, mantido: 500056, recalculado: 500055 })]);
    await recalcularFinanceiro(ctx.db, { corrigir: true });
    expect((await a('POST', '/relatorioFinanceiroPlanoDeContasTeste', filtro({ regime: 'caixa' }))).body.data.diferencas).toEqual([]);
  });

  it('opens the lines behind a cell: each ledger row or título the cell sums, and their total is the cell', async () => {
    const linhas = async (extra: Record<string, unknown>, cliente: Api = a) => {
      const res = await cliente('POST', '/relatorioFinanceiroPlanoDeContas/linhas', filtro(extra));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { linhas: { origem: string; data: string; descricao: string; valor: number; empresa: string }[]; total: number; quantidade: number };
    };
    // February's rent on the accrual basis, asked on its group: the recurrence's second título.
    const aluguel = await linhas({ regime: 'competencia', planoConta: plano('5'), coluna: '2098-02' });
    expect(aluguel.linhas.map((l) => [l.origem, l.descricao, l.valor])).toEqual([['titulo', 'Aluguel DRE', -100000]]);
    expect(aluguel.total).toBe(-100000);
    // January's financial expenses in cash: the settlement's interest row.
    const juros = await linhas({ regime: 'caixa', planoConta: plano('9'), coluna: '2098-01' });
    expect(juros.linhas.map((l) => [l.origem, l.data, l.valor])).toEqual([['movimento', '2098-01-20', -1234]]);
    // The whole quarter of revenue on the accrual basis, both stores: the sale and the receivable.
    const receitas = await linhas({ regime: 'competencia', planoConta: plano('1'), coluna: null });
    expect(receitas.linhas.map((l) => [l.descricao, l.valor, l.empresa])).toEqual([['Evento DRE', 30000, lojaB], ['Vendas DRE', 500055, lojaA]]);
    expect(receitas).toMatchObject({ total: 530055, quantidade: 2 });
    // A store as the column.
    expect((await linhas({ regime: 'caixa', colunas: 'empresa', planoConta: plano('3'), coluna: lojaB })).total).toBe(-7000);
    expect((await linhas({ regime: 'caixa', colunas: 'empresa', planoConta: plano('3'), coluna: lojaA })).linhas).toEqual([]);
    // Another group sees none of it.
    expect((await linhas({ regime: 'competencia', planoConta: plano('1'), coluna: null }, vizinho)).linhas).toEqual([]);
    const semConta = await a('POST', '/relatorioFinanceiroPlanoDeContas/linhas', filtro());
    expect(semConta.status).toBe(400);
    expect(semConta.body.data.message).toMatch(/^Conta do plano:/);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ de: '2098-13' }, 'De:'],
      [{ ate: '2097-12' }, 'Até:'],
      [{ de: '2095-01', ate: '2098-03' }, 'Até:'],
      [{ regime: 'mensal' }, 'Regime:'],
      [{ colunas: 'dia' }, 'Colunas:'],
      [{ empresas: 'todas' }, 'Empresas:'],
    ];
    for (const [extra, campo] of casos) {
      const res = await a('POST', '/relatorioFinanceiroPlanoDeContas', filtro(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.data.message.startsWith(campo), res.body.data.message).toBe(true);
    }
  });

  it('keeps the wall between groups', async () => {
    const deles = await dre({ regime: 'caixa' }, vizinho);
    expect(deles.linhas).toEqual([]);
    expect(deles.resultado.total).toBe(0);
    for (const rota of ['/relatorioFinanceiroPlanoDeContas', '/relatorioFinanceiroPlanoDeContasTeste']) {
      const res = await vizinho('POST', rota, filtro({ empresas: [lojaA] }));
      expect(res.status).toBe(400);
      expect(res.body.data.message).toMatch(/^Empresas: empresa não encontrada/);
    }
    const semSessao = await ctx.app.inject({ method: 'POST', url: '/api/relatorioFinanceiroPlanoDeContas', payload: filtro() });
    expect(semSessao.statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/relatorioFinanceiroPlanoDeContas', '/api/relatorioFinanceiroPlanoDeContasTeste']));
    expect(doc.paths['/api/relatorioFinanceiroPlanoDeContas'].post.requestBody).toBeDefined();
  });
});
