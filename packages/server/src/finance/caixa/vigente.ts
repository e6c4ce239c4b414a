import { sql, type SQL } from 'drizzle-orm';

/** The approval `k` (an alias of caixa_conciliacao) was not reopened since (caixa_reabertura): it is in force. */
export const naoReabertaSql = (k: string): SQL =>
  sql.raw(`not exists (select 1 from caixa_reabertura x where x.grupo_empresarial_id = ${k}.grupo_empresarial_id and x.conciliacao_id = ${k}.id)`);

/**
 * Whether the period `periodo` (an SQL expression of its id, in group `grupo`) has an approval in force.
 * Read by the closing and the periodo hook (the receivables forecast joins the approval itself, with naoReabertaSql).
 */
export const aprovacaoVigenteSql = (grupo: SQL, periodo: SQL): SQL =>
  sql`exists (select 1 from caixa_conciliacao k where k.grupo_empresarial_id = ${grupo} and k.periodo_id = ${periodo} and ${naoReabertaSql('k')})`;
