import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { DOCUMENTO_BAIXA } from '../agenda/baixas.ts';

/**
 * The income statement's two bases, written once (issue 14) and read three ways: kept month by month in
 * financeiro_dre_mes with every write (`somarNoDre`, from `lancar` and the título writes), recomputed by
 * `npm run financeiro:recalcular`, and read raw by relatorioFinanceiroPlanoDeContasTeste to check the rollup.
 *
 * - caixa: every ledger row with a chart account, in the month of its date (transfers and opening
 *   balances carry none, so they stay out).
 * - competencia: every live título (not cancelled) in the month of its competence, whatever is settled —
 *   receivables positive, payables negative — plus every ledger row that no título explains: all but a
 *   settlement's principal (its row on the título's own chart account); interest, fine and discount of a
 *   settlement count on their date. A título's competence is the day typed on it (`competencia`, moved at
 *   creation for a recurrence's occurrences as below); títulos from before it was typed derive it: the issue
 *   date, occurrence k moved by as many days as its first due date is after occurrence 1's (March's rent in March).
 *
 * `m`/`t` conditions narrow the rows read (the rows just written, a group, a period).
 */
export type Regime = 'caixa' | 'competencia';

interface Condicoes {
  /** On financeiro_movimento m. */
  movimentos?: SQL;
  /** On financeiro_titulo t. */
  titulos?: SQL;
  /** Títulos counted with this sign (−1: a cancellation takes its título out). */
  sinal?: 1 | -1;
}

/** The day of a título's competence (alias t). */
export const competenciaSql = sql`coalesce(t.competencia, t.emissao + coalesce(
  (select min(p.vencimento) from financeiro_parcela p where p.grupo_empresarial_id = t.grupo_empresarial_id and p.titulo_id = t.id and p.removida_em is null)
  - (select min(p1.vencimento) from financeiro_parcela p1 join financeiro_titulo t1 on t1.grupo_empresarial_id = p1.grupo_empresarial_id and t1.id = p1.titulo_id
     where t1.grupo_empresarial_id = t.grupo_empresarial_id and t1.recorrencia_id = t.recorrencia_id and t1.recorrencia_numero = 1 and p1.removida_em is null), 0))`;

/** A título's signed amount (alias t): the sum of its installments, receivables in, payables out. */
export const valorDoTituloSql = sql`(case when t.tipo = 'receber' then 1 else -1 end) * coalesce((select sum(p.valor) from financeiro_parcela p where p.grupo_empresarial_id = t.grupo_empresarial_id and p.titulo_id = t.id and p.removida_em is null), 0)`;

/** A ledger row (alias m) that is a settlement's principal: on the accrual basis its título counts instead. */
export const principalDeBaixaSql = (): SQL => sql`(m.documento_tipo = ${DOCUMENTO_BAIXA} and exists (
  select 1 from financeiro_baixa b join financeiro_titulo t on t.grupo_empresarial_id = b.grupo_empresarial_id and t.id = b.titulo_id
  where b.grupo_empresarial_id = m.grupo_empresarial_id and b.id = m.documento_id and t.plano_conta_id = m.plano_conta_id))`;

/**
 * The statement's source lines (g, e, p, dia, regime, v): one per ledger row per basis and one per título,
 * unaggregated. `regimes` limits what is read.
 */
export function fonteDre(c: Condicoes, regimes: readonly Regime[] = ['caixa', 'competencia']): SQL {
  const m = c.movimentos ?? sql`true`;
  const partes: SQL[] = [];
  if (regimes.includes('caixa') && c.movimentos !== undefined) {
    partes.push(sql`select m.grupo_empresarial_id g, m.empresa_id e, m.plano_conta_id p, m.data dia, 'caixa' regime, m.valor v, m.id origem
      from financeiro_movimento m where m.plano_conta_id is not null and ${m}`);
  }
  if (regimes.includes('competencia') && c.movimentos !== undefined) {
    partes.push(sql`select m.grupo_empresarial_id g, m.empresa_id e, m.plano_conta_id p, m.data dia, 'competencia' regime, m.valor v, m.id origem
      from financeiro_movimento m where m.plano_conta_id is not null and ${m} and not ${principalDeBaixaSql()}`);
  }
  if (regimes.includes('competencia') && c.titulos !== undefined) {
    partes.push(sql`select t.grupo_empresarial_id g, t.empresa_id e, t.plano_conta_id p, ${competenciaSql} dia, 'competencia' regime, ${sql.raw(String(c.sinal ?? 1))} * ${valorDoTituloSql} v, t.id origem
      from financeiro_titulo t where t.cancelado_em is null and ${c.titulos}`);
  }
  return partes.length ? sql.join(partes, sql` union all `) : sql`select null::text g, null::text e, null::text p, null::date dia, null::text regime, 0::bigint v, null::text origem where false`;
}

/** The source summed by the rollup's key (g, e, p, mes, regime, v). */
export const fonteDreMensal = (c: Condicoes, regimes?: readonly Regime[]): SQL =>
  sql`select g, e, p, date_trunc('month', dia)::date mes, regime, sum(v)::bigint v from (${fonteDre(c, regimes)}) f group by 1, 2, 3, 4, 5`;

/**
 * Adds what these rows move to the rollup, in the caller's transaction (the writer's). Rows are upserted in
 * key order, so two writers touching the same months wait for each other instead of deadlocking.
 */
export async function somarNoDre(tx: Transaction, grupo: string, c: { movimentos?: string[]; titulos?: string[]; sinal?: 1 | -1 }): Promise<void> {
  const condicoes: Condicoes = {
    ...(c.movimentos?.length ? { movimentos: sql`m.grupo_empresarial_id = ${grupo} and m.id = any(${sql.param(c.movimentos)}::text[])` } : {}),
    ...(c.titulos?.length ? { titulos: sql`t.grupo_empresarial_id = ${grupo} and t.id = any(${sql.param(c.titulos)}::text[])` } : {}),
    ...(c.sinal ? { sinal: c.sinal } : {}),
  };
  if (!condicoes.movimentos && !condicoes.titulos) return;
  await tx.execute(sql`
    insert into financeiro_dre_mes (grupo_empresarial_id, empresa_id, plano_conta_id, mes, regime, valor)
    select g, e, p, mes, regime, v from (${fonteDreMensal(condicoes)}) s where v <> 0 order by regime, e, mes, p
    on conflict (grupo_empresarial_id, regime, empresa_id, mes, plano_conta_id) do update set valor = financeiro_dre_mes.valor + excluded.valor`);
}
