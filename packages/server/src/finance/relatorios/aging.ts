import { agingZerado, hojeNoFuso, type FiltroAging, type LinhaAging, type RelatorioAging } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { pagoAteSql } from '../agenda/titulos.ts';
import type { AutorFinanceiro } from '../razao.ts';

/**
 * relatorioFinanceiroAgenda (aging): each supplier's or customer's installments open at the reference
 * date, by days overdue (a vencer, 1–30, 31–60, 61–90, >90). Open at a date = the installment's amount
 * less its settlements dated up to it (a reversal carries its settlement's date, so a reversed one
 * counts as never made; one dated after it is not paid yet); cancelled títulos are out. At today it is the
 * agenda's `aberto` (one definition: agenda/titulos.ts pagoAteSql).
 */
export async function relatorioAging(tx: Transaction, a: AutorFinanceiro, f: FiltroAging, empresas: readonly string[]): Promise<RelatorioAging> {
  const data = f.data ?? hojeNoFuso();
  const r = await tx.execute<{ pessoa_id: string | null; pessoa_nome: string | null; a_vencer: string; ate30: string; ate60: string; ate90: string; mais90: string; parcelas: string }>(sql`
    with aberto as (
      select t.pessoa_id, ${data}::date - p.vencimento as atraso,
        p.valor - ${pagoAteSql(data)} as valor
      from financeiro_parcela p
      join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
      where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = any(${sql.param(empresas)}::text[])
        and t.tipo = ${f.tipo} and t.cancelado_em is null and p.removida_em is null
        ${f.pessoa ? sql`and t.pessoa_id = ${f.pessoa}` : sql``}
        ${f.planoConta ? sql`and t.plano_conta_id = ${f.planoConta}` : sql``}
    )
    select x.pessoa_id, pe.dados->>'nome' as pessoa_nome,
      coalesce(sum(x.valor) filter (where x.atraso <= 0), 0)::text as a_vencer,
      coalesce(sum(x.valor) filter (where x.atraso between 1 and 30), 0)::text as ate30,
      coalesce(sum(x.valor) filter (where x.atraso between 31 and 60), 0)::text as ate60,
      coalesce(sum(x.valor) filter (where x.atraso between 61 and 90), 0)::text as ate90,
      coalesce(sum(x.valor) filter (where x.atraso > 90), 0)::text as mais90,
      count(*)::text as parcelas
    from aberto x
    left join registro pe on pe.grupo_empresarial_id = ${a.grupoEmpresarial} and pe.id = x.pessoa_id
    where x.valor > 0
    group by x.pessoa_id, pe.dados->>'nome'`);
  const totais = agingZerado();
  const linhas: LinhaAging[] = r.rows.map((l) => {
    const v = { aVencer: Number(l.a_vencer), ate30: Number(l.ate30), ate60: Number(l.ate60), ate90: Number(l.ate90), mais90: Number(l.mais90), parcelas: Number(l.parcelas) };
    const total = v.aVencer + v.ate30 + v.ate60 + v.ate90 + v.mais90;
    for (const k of ['aVencer', 'ate30', 'ate60', 'ate90', 'mais90', 'parcelas'] as const) totais[k] += v[k];
    totais.total += total;
    return { pessoa: l.pessoa_id, pessoaNome: l.pessoa_nome ?? 'Sem pessoa', ...v, total };
  });
  linhas.sort((x, y) => y.total - x.total || x.pessoaNome.localeCompare(y.pessoaNome, 'pt-BR'));
  return { data, tipo: f.tipo, linhas, totais };
}
