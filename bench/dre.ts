// The income statement (issue 14): a year of a 10-store group through POST /api/relatorioFinanceiroPlanoDeContas
// (the real app in process, a signed-in session, the HTTP layer by inject) against hand-written SQL for the
// same statement, in the same run. Budget: ≤ 300 ms on PostgreSQL and within 1.5× of the hand SQL.
//
//   npm run bench -- dre [--lojas 10] [--linhas 12]   (TEST_DATABASE_URL: on that PostgreSQL; otherwise PGlite)
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { contaPadrao, findRecurso, somarDiasCorridos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { baixarParcela } from '../packages/server/src/finance/agenda/baixas.ts';
import { criarTitulos } from '../packages/server/src/finance/agenda/titulos.ts';
import { lancar, type LancamentoNovo } from '../packages/server/src/finance/razao.ts';
import { recalcularFinanceiro } from '../packages/server/src/finance/recalcular.ts';
import { consultarComoInquilino, withTenant } from '../packages/server/src/db/tenant.ts';
import { leitorDaTransacao, relatorioDre } from '../packages/server/src/finance/dre/relatorio.ts';
import { empresasDoFiltro } from '../packages/server/src/sales/relatorios/filtroVendas.ts';
import { criarNaTransacao } from '../packages/server/src/resources/pipeline.ts';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';

const ANO = '2025';
const plano = (codigo: string) => contaPadrao(codigo)._id;
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The 10th and 90th percentiles: the spread a loaded machine gives the median. */
const faixa = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  return [o[Math.floor(o.length / 10)]!, o[Math.ceil((o.length * 9) / 10) - 1]!] as const;
};

function sorteio(semente: number) {
  let x = semente;
  return () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

/**
 * The same statement by hand: the rollup's cells, each added to its account and every ancestor in the DRE, by
 * month, with each line's code and name (what the statement shows; the API returns them too).
 */
const sqlAMao = (g: string, regime: string, empresas: string[]) => sql`
  with recursive plano as (
    select id, dados->>'pai' pai from registro where grupo_empresarial_id = ${g} and recurso = 'financeiroPlanoConta' and coalesce((dados->>'dre')::boolean, true)),
  acima as (select id, id conta from plano union all select a.id, p.pai from acima a join plano p on p.id = a.conta where p.pai is not null),
  celula as (
    select plano_conta_id p, mes, sum(valor) v from financeiro_dre_mes
    where grupo_empresarial_id = ${g} and regime = ${regime} and empresa_id = any(${sql.param(empresas)}::text[]) and mes between ${`${ANO}-01-01`}::date and ${`${ANO}-12-01`}::date
    group by 1, 2),
  soma as (select acima.conta, celula.mes, sum(celula.v) v from celula join acima on acima.id = celula.p group by 1, 2)
  select r.dados->>'codigo' codigo, r.dados->>'nome' nome, to_char(soma.mes, 'YYYY-MM') mes, soma.v::text v
  from soma join registro r on r.grupo_empresarial_id = ${g} and r.id = soma.conta`;

/** The same statement by hand without the rollup: the cash basis straight from the ledger. */
const sqlAMaoRazao = (g: string, empresas: string[]) => sql`
  with recursive plano as (
    select id, dados->>'pai' pai from registro where grupo_empresarial_id = ${g} and recurso = 'financeiroPlanoConta' and coalesce((dados->>'dre')::boolean, true)),
  acima as (select id, id conta from plano union all select a.id, p.pai from acima a join plano p on p.id = a.conta where p.pai is not null),
  celula as (
    select plano_conta_id p, date_trunc('month', data) mes, sum(valor) v from financeiro_movimento
    where grupo_empresarial_id = ${g} and empresa_id = any(${sql.param(empresas)}::text[]) and plano_conta_id is not null and data between ${`${ANO}-01-01`}::date and ${`${ANO}-12-31`}::date
    group by 1, 2)
  select acima.conta, to_char(celula.mes, 'YYYY-MM') mes, sum(celula.v)::text v from celula join acima on acima.id = celula.p group by 1, 2`;

export async function benchDre(lojas: number, linhasPorDia: number) {
  const ctx = await createTestContext();
  try {
    const admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const g = ctx.seed.demo.grupoEmpresarial;
    const empresas = [...ctx.seed.demo.empresas];
    while (empresas.length < lojas) empresas.push((await criar(admin, 'empresa', corpoEmpresa()))._id);
    const aleatorio = sorteio(7);
    const inicioCarga = performance.now();
    let movimentos = 0;
    let titulos = 0;
    let baixas = 0;
    for (const [l, empresa] of empresas.slice(0, lojas).entries()) {
      const s = { id: 'bench', usuario: ctx.seed.demo.admin, grupoEmpresarial: g, empresa, permissoes: { administrador: true, telas: {}, pdv: [] } };
      const autor = { grupoEmpresarial: g, empresa, usuario: ctx.seed.demo.admin };
      await withTenant(ctx.db, s, async (tx) => {
        const conta = (await criarNaTransacao(tx, findRecurso('financeiroConta')!, s, { nome: `Banco ${l}`, tipo: 'Banco', banco: '341', dataSaldoInicial: `${ANO}-01-01`, saldoInicial: 0 }))._id as string;
        // Every day: sales by channel and their fees, a supplier, and other expenses (linhasPorDia rows).
        const linhas: LancamentoNovo[] = [];
        const contas = ['1.01', '1.02', '1.03', '2.02', '2.03', '3.01', '3.02', '3.03', '5.04', '5.05', '7.01', '8.01', '9.01'];
        for (let d = 0; d < 365; d++) {
          const data = somarDiasCorridos(`${ANO}-01-01`, d);
          for (let k = 0; k < linhasPorDia; k++) {
            const codigo = contas[k % contas.length]!;
            const entrada = codigo.startsWith('1.');
            const valor = (entrada ? 1 : -1) * (1_000 + Math.floor(aleatorio() * (entrada ? 1_000_000 : 80_000)));
            linhas.push({ contaId: conta, data, valor, tipo: entrada ? 'entrada' : 'saida', planoContaId: plano(codigo), descricao: `Movimento ${codigo}` });
          }
        }
        for (let i = 0; i < linhas.length; i += 2_000) await lancar(tx, autor, linhas.slice(i, i + 2_000));
        movimentos += linhas.length;
        // The agenda: rent, payroll and energy monthly, a supplier every week in two installments, a corporate customer monthly; what is due by mid-December is settled.
        const mensal = (diaDoMes: number) => ({ frequencia: 'mensal' as const, ocorrencias: 12, diaDoMes });
        const corpos = [
          { tipo: 'pagar' as const, planoConta: plano('5.01'), descricao: 'Aluguel', valor: 1_800_000, vencimento: `${ANO}-01-05`, recorrencia: mensal(5) },
          { tipo: 'pagar' as const, planoConta: plano('4.01'), descricao: 'Folha', valor: 4_200_000, vencimento: `${ANO}-01-05`, recorrencia: mensal(5) },
          { tipo: 'pagar' as const, planoConta: plano('5.03'), descricao: 'Energia', valor: 320_000 + l * 1_000, vencimento: `${ANO}-01-10`, recorrencia: mensal(10) },
          { tipo: 'receber' as const, planoConta: plano('1.04'), descricao: 'Convênio', valor: 850_000, vencimento: `${ANO}-01-20`, recorrencia: mensal(20) },
          ...Array.from({ length: 52 }, (_, w) => ({ tipo: 'pagar' as const, planoConta: plano('3.01'), descricao: `Compra ${w}`, valor: 500_000 + Math.floor(aleatorio() * 800_000), vencimento: somarDiasCorridos(`${ANO}-01-15`, 7 * w), parcelas: 2, recorrencia: null })),
        ];
        for (const c of corpos) {
          const criados = await criarTitulos(tx, autor, { pessoa: null, documento: '', parcelas: 1, emissao: c.recorrencia ? `${ANO}-01-01` : somarDiasCorridos(c.vencimento, -20), ...c });
          titulos += criados.length;
          for (const t of criados) {
            for (const p of t.parcelas) {
              if (p.vencimento > `${ANO}-12-15`) continue;
              const atrasada = aleatorio() < 0.1;
              await baixarParcela(tx, autor, p._id, { conta, data: atrasada ? somarDiasCorridos(p.vencimento, 3) : p.vencimento, valor: p.valor, juros: atrasada ? Math.round(p.valor * 0.001) : 0, multa: atrasada ? Math.round(p.valor * 0.02) : 0, desconto: 0 });
              baixas++;
            }
          }
        }
      });
    }
    const carga = performance.now() - inicioCarga;
    const [contagem] = (await ctx.db.execute<{ m: number; r: number }>(sql`select (select count(*)::int from financeiro_movimento where grupo_empresarial_id = ${g}) m, (select count(*)::int from financeiro_dre_mes where grupo_empresarial_id = ${g}) r`)).rows;
    const diferencas = await recalcularFinanceiro(ctx.db, { grupoEmpresarial: g });
    const todas = empresas.slice(0, lojas);

    const vezes = 15;
    const cargaMaquina = [loadavg()[0]!];
    const medir = async (f: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await f();
      const t: number[] = [];
      for (let i = 0; i < vezes; i++) {
        const t0 = performance.now();
        await f();
        t.push(performance.now() - t0);
      }
      return mediana(t);
    };
    // The API and the hand SQL in turns, so both see the same load of the shared machine.
    const medirPar = async (a: () => Promise<unknown>, b: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) {
        await a();
        await b();
      }
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < 2 * vezes; i++) {
        let t0 = performance.now();
        await a();
        ta.push(performance.now() - t0);
        t0 = performance.now();
        await b();
        tb.push(performance.now() - t0);
      }
      // Each pair's ratio too: the two calls of a pair ran back to back, under the same load.
      const razoes = ta.map((x, i) => x / tb[i]!);
      return [mediana(ta), mediana(tb), faixa(ta), faixa(tb), mediana(razoes), faixa(razoes)] as const;
    };
    type Faixa = readonly [number, number];
    const resultado: Record<string, { api: number; mao: number; total: number; faixaApi: Faixa; faixaMao: Faixa; razao: number; faixaRazao: Faixa }> = {};
    for (const regime of ['caixa', 'competencia']) {
      let total = 0;
      const [api, mao, faixaApi, faixaMao, razao, faixaRazao] = await medirPar(
        async () => {
          const r = await admin('POST', '/relatorioFinanceiroPlanoDeContas', { de: `${ANO}-01`, ate: `${ANO}-12`, regime });
          if (r.status !== 200) throw new Error(JSON.stringify(r.body));
          total = r.body.data.resultado.total;
        },
        () => ctx.db.execute(sqlAMao(g, regime, todas)),
      );
      resultado[regime] = { api, mao, total, faixaApi, faixaMao, razao, faixaRazao };
    }
    // One round trip (consultarComoInquilino) against the tenant transaction the route used before (BEGIN with the settings, the
    // companies, the statement, COMMIT), the same function without HTTP, in turns.
    const sessao = { id: 'bench', usuario: ctx.seed.demo.admin, grupoEmpresarial: g, empresa: empresas[0]!, permissoes: { administrador: true, telas: {}, pdv: [] } };
    const filtro = { de: `${ANO}-01`, ate: `${ANO}-12`, empresas: [], regime: 'caixa' as const, colunas: 'mes' as const };
    const [umaIda, transacao, , , razaoIda] = await medirPar(
      () => relatorioDre((q) => consultarComoInquilino(ctx.db, sessao, q), sessao, filtro),
      () =>
        withTenant(ctx.db, sessao, async (tx) => {
          await empresasDoFiltro(tx, sessao, []);
          return relatorioDre(leitorDaTransacao(tx), sessao, filtro);
        }),
    );
    // The request's fixed cost (session, the tenant's transaction, the companies, the chart): a month with nothing in it.
    const vazio = await medir(() => admin('POST', '/relatorioFinanceiroPlanoDeContas', { de: '2030-01', ate: '2030-01', regime: 'caixa' }));
    const maoRazao = await medir(() => ctx.db.execute(sqlAMaoRazao(g, todas)));
    const teste = await medir(async () => {
      const r = await admin('POST', '/relatorioFinanceiroPlanoDeContasTeste', { de: `${ANO}-01`, ate: `${ANO}-12`, regime: 'competencia' });
      if (r.status !== 200 || r.body.data.diferencas.length) throw new Error(`a nova versão difere: ${JSON.stringify(r.body).slice(0, 300)}`);
    });
    cargaMaquina.push(loadavg()[0]!);
    return { umaIda, transacao, razaoIda, cargaMaquina, lojas, movimentos: contagem!.m, movimentosGerados: movimentos, titulos, baixas, rollup: contagem!.r, carga, diferencas: diferencas.length, resultado, maoRazao, teste, vazio };
  } finally {
    await ctx.close();
  }
}

export async function executarDre(args: string[]) {
  const { values } = parseArgs({ args, options: { lojas: { type: 'string' }, linhas: { type: 'string' } } });
  const r = await benchDre(Number(values.lojas ?? 10), Number(values.linhas ?? 12));
  const banco = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n# DRE por plano de contas: um ano de um grupo de ${r.lojas} lojas, 12 meses + total (${banco}; medianas de 30, API e SQL alternados, após 5 de aquecimento)`);
  for (const [regime, x] of Object.entries(r.resultado)) {
    const f = (v: readonly [number, number]) => `${v[0].toFixed(1)}–${v[1].toFixed(1)}`;
    console.log(
      `${regime}: API ${x.api.toFixed(1)} ms (p10–p90 ${f(x.faixaApi)}); SQL à mão no resumo ${x.mao.toFixed(1)} ms (${f(x.faixaMao)}); razão API/SQL ${(x.api / x.mao).toFixed(2)} ` +
        `(mediana das razões de cada par ${x.razao.toFixed(2)}, p10–p90 ${x.faixaRazao[0].toFixed(2)}–${x.faixaRazao[1].toFixed(2)}; meta ≤ 1,5); meta 300 ms: razão ${(x.api / 300).toFixed(2)}; resultado do ano R$ ${(x.total / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`,
    );
  }
  console.log(`carga média da máquina durante as medidas: ${r.cargaMaquina.map((x) => x.toFixed(1)).join(' → ')}`);
  console.log(
    `a mesma DRE (caixa) sem HTTP: numa ida e volta ${r.umaIda.toFixed(1)} ms; pela transação do inquilino como antes (BEGIN, lojas, consulta, COMMIT) ${r.transacao.toFixed(1)} ms (mediana das razões de cada par ${r.razaoIda.toFixed(2)})`,
  );
  console.log(`custo fixo da API (o mesmo pedido para um mês sem nada: HTTP, sessão e a consulta única com as lojas e o plano de contas): ${r.vazio.toFixed(1)} ms`);
  console.log(`SQL à mão sem o resumo (caixa direto dos movimentos): ${r.maoRazao.toFixed(1)} ms; razão API caixa / esse SQL ${(r.resultado.caixa!.api / r.maoRazao).toFixed(2)}`);
  console.log(`nova versão (relatorioFinanceiroPlanoDeContasTeste: resumo + movimentos e títulos, competência, sem diferenças): ${r.teste.toFixed(1)} ms`);
  console.log(
    `forma: ${r.movimentos.toLocaleString('pt-BR')} movimentos no razão (${r.movimentosGerados.toLocaleString('pt-BR')} lançados direto, o resto das ${r.baixas.toLocaleString('pt-BR')} baixas e saldos iniciais), ${r.titulos.toLocaleString('pt-BR')} títulos ` +
      `(aluguel, folha, energia e convênio mensais, 52 compras em 2 parcelas por loja), ${r.rollup.toLocaleString('pt-BR')} linhas no resumo mensal; carga em ${(r.carga / 1000).toFixed(0)} s; ` +
      `financeiro:recalcular: ${r.diferencas} diferenças`,
  );
}
