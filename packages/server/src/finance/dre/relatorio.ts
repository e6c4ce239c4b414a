import { arvoreDoPlano, LIMITE_LINHAS_DRE, mesesEntre, type ColunasDre, type ComparacaoDre, type LinhaDre, type LinhaOrigemDre, type LinhasDre, type RegimeDre, type RelatorioDre } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { conferirEmpresasPedidas, empresasDoFiltro, empresasPermitidasSql } from '../../sales/relatorios/filtroVendas.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { fonteDre } from './rollup.ts';

export interface FiltroDreLido {
  de: string;
  ate: string;
  empresas: string[];
  regime: RegimeDre;
  colunas: ColunasDre;
}

/** Where the figures come from: the monthly rollup (the report) or the ledger and títulos themselves (the check). */
export type FonteDre = 'rollup' | 'razao';

type Celula = { p: string; col: string; v: string };

/** Runs one statement and gives its rows: a tenant transaction's `execute`, or consultarComoInquilino (one round trip). */
export type LeitorDre = <T extends Record<string, unknown>>(consulta: SQL) => Promise<T[]>;
export const leitorDaTransacao =
  (tx: Transaction): LeitorDre =>
  async <T extends Record<string, unknown>>(consulta: SQL) =>
    (await tx.execute<T>(consulta)).rows as T[];

/** What each chart account moved in each column, from the rollup: one indexed range of a small table. `empresas`: a text[] expression. */
function celulasDoRollup(g: string, empresas: SQL, f: FiltroDreLido): SQL {
  const col = f.colunas === 'mes' ? sql`to_char(mes, 'YYYY-MM')` : sql`empresa_id`;
  return sql`select plano_conta_id p, ${col} col, sum(valor)::text v from financeiro_dre_mes
    where grupo_empresarial_id = ${g} and regime = ${f.regime} and empresa_id = any(${empresas})
      and mes between ${`${f.de}-01`}::date and ${`${f.ate}-01`}::date
    group by 1, 2`;
}

/** The same cells read from every ledger row and título of the period (finance/dre/rollup.ts's rules). */
function celulasDaRazao(g: string, empresas: SQL, f: FiltroDreLido): SQL {
  const inicio = `${f.de}-01`;
  const fim = sql`(${`${f.ate}-01`}::date + interval '1 month')::date`;
  const col = f.colunas === 'mes' ? sql`to_char(dia, 'YYYY-MM')` : sql`e`;
  const fonte = fonteDre(
    {
      movimentos: sql`m.grupo_empresarial_id = ${g} and m.empresa_id = any(${empresas}) and m.data >= ${inicio}::date and m.data < ${fim}`,
      titulos: sql`t.grupo_empresarial_id = ${g} and t.empresa_id = any(${empresas})`,
    },
    [f.regime],
  );
  return sql`select p, ${col} col, sum(v)::text v from (${fonte}) x where dia >= ${inicio}::date and dia < ${fim} group by 1, 2`;
}

type NoDre = { _id: string; codigo: string; nome: string; pai: string | null; dre: boolean };

/**
 * The income statement for the session's group: the chosen companies (or all the user may see), one basis, months or companies as columns.
 * One statement: the companies the user may see, the cells and the chart beside them (a report's fixed cost is mostly its round trips).
 */
export async function relatorioDre(ler: LeitorDre, s: SessaoRequest, f: FiltroDreLido, fonte: FonteDre = 'rollup'): Promise<RelatorioDre> {
  const g = s.grupoEmpresarial;
  // The companies asked that the user may see (all of them when none is asked); one not permitted is refused below, after the read.
  const escolhidas = sql`array(select id from permitidas ${f.empresas.length ? sql`where id = any(${sql.param(f.empresas)}::text[])` : sql``})`;
  // The cells computed once (materialized), never again per account; the companies as rows of their own (k = 'e').
  const lidas = await ler<{ k: 'p' | 'e'; id: string; codigo: string | null; nome: string | null; pai: string | null; dre: boolean | null } & Partial<Celula>>(sql`
      with permitidas as (${empresasPermitidasSql(s)}),
      c as materialized (${fonte === 'rollup' ? celulasDoRollup(g, escolhidas, f) : celulasDaRazao(g, escolhidas, f)})
      select 'p' k, r.id, r.dados->>'codigo' codigo, r.dados->>'nome' nome, r.dados->>'pai' pai, (r.dados->>'dre')::boolean dre, c.col, c.v
      from registro r left join c on c.p = r.id
      where r.grupo_empresarial_id = ${g} and r.recurso = 'financeiroPlanoConta'
      union all
      select 'e', id, null, nome, null, null, null, null from permitidas`);
  const { empresas, nomes } = conferirEmpresasPedidas(
    lidas.filter((l) => l.k === 'e').map((e) => ({ id: e.id, nome: e.nome ?? '' })),
    f.empresas,
  );
  const plano = lidas.filter((l) => l.k === 'p');
  const celulas: Celula[] = plano.flatMap((l) => (l.col ? [{ p: l.id, col: l.col, v: l.v! }] : []));
  const nos = [...new Map(plano.map((n): [string, NoDre] => [n.id, { _id: n.id, codigo: n.codigo ?? '', nome: n.nome ?? '', pai: n.pai, dre: n.dre !== false }])).values()];

  const colunas =
    f.colunas === 'mes'
      ? mesesEntre(f.de, f.ate).map((m) => ({ chave: m, rotulo: `${m.slice(5)}/${m.slice(0, 4)}` }))
      : empresas.map((e) => ({ chave: e, rotulo: nomes.get(e) ?? e })).sort((a, b) => a.rotulo.localeCompare(b.rotulo, 'pt-BR'));
  const indice = new Map(colunas.map((c, i) => [c.chave, i]));
  const proprios = new Map<string, number[]>();
  for (const c of celulas) {
    const i = indice.get(c.col);
    if (i === undefined) continue;
    const v = proprios.get(c.p) ?? colunas.map(() => 0);
    v[i]! += Number(c.v);
    proprios.set(c.p, v);
  }

  // A node is in the statement when it and every ancestor are marked "Aparece na DRE" (investments are not result).
  const porId = new Map(nos.map((n) => [n._id, n]));
  const naDre = (n: NoDre): boolean => {
    for (let atual: NoDre | undefined = n, passos = 0; atual && passos < 100; atual = atual.pai ? porId.get(atual.pai) : undefined, passos++) if (!atual.dre) return false;
    return true;
  };
  const arvore = arvoreDoPlano(nos.filter(naDre));
  // Subtotals bottom-up: tree order reversed visits every child before its parent.
  const soma = new Map<string, number[]>();
  for (const { no } of [...arvore].reverse()) {
    const v = soma.get(no._id) ?? colunas.map(() => 0);
    (proprios.get(no._id) ?? []).forEach((x, i) => (v[i]! += x));
    soma.set(no._id, v);
    if (no.pai && porId.has(no.pai)) {
      const p = soma.get(no.pai) ?? colunas.map(() => 0);
      v.forEach((x, i) => (p[i]! += x));
      soma.set(no.pai, p);
    }
  }
  const temValor = (id: string) => soma.get(id)!.some((x) => x !== 0);
  // The accounts with a child that has a value (a group line), found once rather than by a search of the tree per line.
  const comFilhoComValor = new Set(arvore.flatMap(({ no }) => (no.pai && temValor(no._id) ? [no.pai] : [])));
  const linhas: LinhaDre[] = arvore
    .filter(({ no }) => temValor(no._id))
    .map(({ no, nivel }) => {
      const valores = soma.get(no._id)!;
      return { planoConta: no._id, codigo: no.codigo, nome: no.nome, nivel, grupo: comFilhoComValor.has(no._id), valores, total: valores.reduce((a, b) => a + b, 0) };
    });
  const resultado = colunas.map((_, i) => linhas.filter((l) => l.nivel === 0).reduce((a, l) => a + l.valores[i]!, 0));
  return {
    regime: f.regime,
    de: f.de,
    ate: f.ate,
    colunas,
    empresas: empresas.map((e) => ({ _id: e, nome: nomes.get(e) ?? e })).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
    linhas,
    resultado: { valores: resultado, total: resultado.reduce((a, b) => a + b, 0) },
  };
}

/** Every cell where two statements of the same filter differ (a line missing on one side counts as zeros). */
export function diferencasDre(atual: RelatorioDre, proxima: RelatorioDre): ComparacaoDre['diferencas'] {
  const diferencas: ComparacaoDre['diferencas'] = [];
  const valores = (r: RelatorioDre) => new Map(r.linhas.map((l) => [l.planoConta, [...l.valores, l.total]]));
  const a = valores(atual);
  const b = valores(proxima);
  const chaves = [...atual.colunas.map((c) => c.chave), null];
  const zeros = chaves.map(() => 0);
  for (const p of new Set([...a.keys(), ...b.keys()])) {
    const va = a.get(p) ?? zeros;
    const vb = b.get(p) ?? zeros;
    chaves.forEach((c, i) => va[i] !== vb[i] && diferencas.push({ planoConta: p, coluna: c, atual: va[i]!, proxima: vb[i]! }));
  }
  const ra = [...atual.resultado.valores, atual.resultado.total];
  const rb = [...proxima.resultado.valores, proxima.resultado.total];
  chaves.forEach((c, i) => ra[i] !== rb[i] && diferencas.push({ planoConta: null, coluna: c, atual: ra[i]!, proxima: rb[i]! }));
  return diferencas;
}

/** relatorioFinanceiroPlanoDeContasTeste: the statement as the report reads it (rollup) beside the one read from the ledger and títulos. */
export async function comparacaoDre(tx: Transaction, s: SessaoRequest, f: FiltroDreLido): Promise<ComparacaoDre> {
  let t0 = performance.now();
  const atual = await relatorioDre(leitorDaTransacao(tx), s, f, 'rollup');
  const tAtual = performance.now() - t0;
  t0 = performance.now();
  const proxima = await relatorioDre(leitorDaTransacao(tx), s, f, 'razao');
  const tProxima = performance.now() - t0;
  return { atual, proxima, diferencas: diferencasDre(atual, proxima), tempos: { atual: Math.round(tAtual), proxima: Math.round(tProxima) } };
}

/**
 * The lines behind a cell (drill-down): every ledger row and título of the account and its descendants that the
 * cell sums, read from the ledger by the same rules as the rollup, by date; their total is the cell's value.
 */
export async function linhasDaCelula(tx: Transaction, s: SessaoRequest, f: FiltroDreLido & { planoConta: string; coluna: string | null }): Promise<LinhasDre> {
  const g = s.grupoEmpresarial;
  const { empresas } = await empresasDoFiltro(tx, s, f.empresas);
  const noColuna = f.colunas === 'empresa' && f.coluna ? [f.coluna].filter((e) => empresas.includes(e)) : empresas;
  const nos = (await tx.execute<{ id: string; pai: string | null }>(sql`select id, dados->>'pai' pai from registro where grupo_empresarial_id = ${g} and recurso = 'financeiroPlanoConta'`)).rows;
  const contas = new Set([f.planoConta]);
  for (let mudou = true; mudou; ) {
    mudou = false;
    for (const n of nos) {
      if (n.pai && contas.has(n.pai) && !contas.has(n.id)) {
        contas.add(n.id);
        mudou = true;
      }
    }
  }
  const [de, ate] = f.colunas === 'mes' && f.coluna ? [f.coluna, f.coluna] : [f.de, f.ate];
  const inicio = `${de}-01`;
  const fim = sql`(${`${ate}-01`}::date + interval '1 month')::date`;
  const fonte = fonteDre(
    {
      movimentos: sql`m.grupo_empresarial_id = ${g} and m.empresa_id = any(${sql.param(noColuna)}::text[]) and m.plano_conta_id = any(${sql.param([...contas])}::text[]) and m.data >= ${inicio}::date and m.data < ${fim}`,
      titulos: sql`t.grupo_empresarial_id = ${g} and t.empresa_id = any(${sql.param(noColuna)}::text[]) and t.plano_conta_id = any(${sql.param([...contas])}::text[])`,
    },
    [f.regime],
  );
  const linhas = (
    await tx.execute<{ origem: string; tipo: LinhaOrigemDre['origem']; dia: string; e: string; p: string; descricao: string; v: string; total: string; quantidade: number }>(sql`
      with x as materialized (select * from (${fonte}) f where dia >= ${inicio}::date and dia < ${fim})
      select x.origem, case when m.id is not null then 'movimento' else 'titulo' end tipo, x.dia::text dia, x.e, x.p, coalesce(m.descricao, t.descricao, '') descricao, x.v::text v,
        sum(x.v) over ()::text total, (count(*) over ())::int quantidade
      from x
      left join financeiro_movimento m on m.grupo_empresarial_id = ${g} and m.id = x.origem
      left join financeiro_titulo t on m.id is null and t.grupo_empresarial_id = ${g} and t.id = x.origem
      order by x.dia, descricao, x.origem limit ${LIMITE_LINHAS_DRE}`)
  ).rows;
  return {
    linhas: linhas.map((l) => ({ origem: l.tipo, _id: l.origem, data: l.dia, empresa: l.e, planoConta: l.p, descricao: l.descricao, valor: Number(l.v) })),
    total: Number(linhas[0]?.total ?? 0),
    quantidade: linhas[0]?.quantidade ?? 0,
  };
}
