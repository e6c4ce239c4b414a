import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';

/**
 * The position's totals per location kept as append-only changes (estoque_posicao_variacao): the ledger
 * writer adds them (razao.ts), the report sums them (relatorios.ts), and here they are compacted, recomputed
 * from the balances and checked. A line is a kept balance (estoque_saldo) of the company; its value is
 * round(saldo × the company's average cost), as the report values each line.
 */

/** Per company and location, the totals straight from the kept balances and costs. */
export const totaisDosSaldos = (doGrupo: SQL) => sql`
  select s.grupo_empresarial_id g, s.empresa_id e, s.local_id l, count(*)::int linhas, count(*) filter (where s.quantidade <> 0)::int com_saldo,
    sum(s.quantidade) quantidade, sum(round(s.quantidade * c.custo_medio))::bigint valor
  from estoque_saldo s
  join estoque_custo c on c.grupo_empresarial_id = s.grupo_empresarial_id and c.empresa_id = s.empresa_id and c.produto_id = s.produto_id
  where true ${doGrupo}
  group by 1, 2, 3`;

/** Per company and location, the kept totals: the sum of their changes. */
export const totaisMantidos = (onde: SQL) => sql`
  select grupo_empresarial_id g, empresa_id e, local_id l, sum(linhas)::int linhas, sum(linhas_com_saldo)::int com_saldo, sum(quantidade) quantidade, sum(valor)::bigint valor
  from estoque_posicao_variacao where ${onde} group by 1, 2, 3`;

/** Replaces the kept totals (of a group, or all) by those of the balances: the bulk load's last step and `estoque:recalcular --corrigir`. */
export async function recomporPosicao(tx: Pick<Transaction, 'execute'>, grupoEmpresarial?: string) {
  const doGrupo = grupoEmpresarial ? sql`and grupo_empresarial_id = ${grupoEmpresarial}` : sql``;
  await tx.execute(sql`delete from estoque_posicao_variacao where true ${doGrupo}`);
  await tx.execute(sql`
    insert into estoque_posicao_variacao (grupo_empresarial_id, empresa_id, local_id, linhas, linhas_com_saldo, quantidade, valor)
    select g, e, l, linhas, com_saldo, quantidade, valor from (${totaisDosSaldos(grupoEmpresarial ? sql`and s.grupo_empresarial_id = ${grupoEmpresarial}` : sql``)}) t`);
}

/** Where the kept totals differ from those of the balances: [grupo, empresa, local, kept, recomputed] as text. */
export async function conferirPosicao(tx: Pick<Transaction, 'execute'>, grupoEmpresarial?: string) {
  const r = await tx.execute<{ g: string; e: string; l: string; mantido: string | null; recalculado: string | null }>(sql`
    with d as (${totaisDosSaldos(grupoEmpresarial ? sql`and s.grupo_empresarial_id = ${grupoEmpresarial}` : sql``)}),
    m as (${totaisMantidos(grupoEmpresarial ? sql`grupo_empresarial_id = ${grupoEmpresarial}` : sql`true`)})
    select coalesce(d.g, m.g) g, coalesce(d.e, m.e) e, coalesce(d.l, m.l) l,
      concat_ws(' ', m.linhas, m.com_saldo, m.quantidade, m.valor) mantido, concat_ws(' ', d.linhas, d.com_saldo, d.quantidade, d.valor) recalculado
    from d full join m on m.g = d.g and m.e = d.e and m.l = d.l
    where (d.linhas, d.com_saldo, d.quantidade, d.valor) is distinct from (m.linhas, m.com_saldo, m.quantidade, m.valor)
      and not (d.g is null and m.linhas = 0 and m.com_saldo = 0 and m.quantidade = 0 and m.valor = 0)`);
  return r.rows;
}

/** One ledger write in this many compacts the company's changes (about as many rows per location are summed per report). */
const COMPACTAR_A_CADA = 128;

/**
 * Folds the company's changes into one row per location, now and then (by chance, at most one transaction
 * at a time per company: the others skip). The rows a delete takes are summed into one: a concurrent
 * change not yet committed is not seen and stays apart, so nothing is lost or counted twice.
 */
export async function talvezCompactar(tx: Transaction, grupoEmpresarial: string, empresa: string) {
  if (Math.random() * COMPACTAR_A_CADA < 1) await compactarPosicao(tx, grupoEmpresarial, empresa);
}

export async function compactarPosicao(tx: Pick<Transaction, 'execute'>, grupoEmpresarial: string, empresa: string) {
  await tx.execute(sql`
    with vez as (select pg_try_advisory_xact_lock(hashtextextended('estoque_posicao_variacao|' || ${empresa}, 0)) as minha),
    v as (delete from estoque_posicao_variacao where grupo_empresarial_id = ${grupoEmpresarial} and empresa_id = ${empresa} and (select minha from vez) returning *)
    insert into estoque_posicao_variacao (grupo_empresarial_id, empresa_id, local_id, linhas, linhas_com_saldo, quantidade, valor)
    select grupo_empresarial_id, empresa_id, local_id, sum(linhas), sum(linhas_com_saldo), sum(quantidade), sum(valor) from v group by 1, 2, 3`);
}
