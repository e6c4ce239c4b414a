import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the period `periodo` (an SQL expression of its id, in group `grupo`) has an approval in force:
 * one not reopened since (caixa_reabertura). One place, read by the closing, the periodo hook and the forecast.
 */
export const aprovacaoVigenteSql = (grupo: SQL, periodo: SQL): SQL => sql`exists (
  select 1 from caixa_conciliacao k
  where k.grupo_empresarial_id = ${grupo} and k.periodo_id = ${periodo}
    and not exists (select 1 from caixa_reabertura x where x.grupo_empresarial_id = k.grupo_empresarial_id and x.conciliacao_id = k.id))`;
