import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { fonteDreMensal } from './dre/rollup.ts';

export interface DiferencaFinanceiro {
  grupoEmpresarial: string;
  /** The account; for the income statement's rollup, the chart account. */
  conta: string;
  /** Null for the account's balance; the day for a day's total; the month's first day for the rollup. */
  data: string | null;
  /** The income statement's rollup (financeiro_dre_mes): its basis and company. */
  regime?: string;
  /** A day's realised cash flow (financeiro_saldo_dia.entradas / saidas) rather than its net. */
  fluxo?: 'entradas' | 'saidas';
  empresa?: string;
  mantido: number;
  recalculado: number;
}

/**
 * Recomputes every kept balance of the money ledger (per account, and per account and day) as the sum
 * of its movements, and the income statement's rollup (per company, chart account, month and basis) from
 * the ledger and the títulos (finance/dre/rollup.ts), and lists where the kept value differs; with
 * `corrigir`, writes the recomputed ones. `npm run financeiro:recalcular`.
 */
export async function recalcularFinanceiro(db: Database, opcoes: { corrigir?: boolean; grupoEmpresarial?: string } = {}): Promise<DiferencaFinanceiro[]> {
  const doGrupo = opcoes.grupoEmpresarial ? sql`and grupo_empresarial_id = ${opcoes.grupoEmpresarial}` : sql``;
  return db.transaction(async (tx) => {
    const contas = await tx.execute<{ g: string; c: string; e: string; mantido: string | null; recalculado: string }>(sql`
      with soma as (select grupo_empresarial_id g, conta_id c, min(empresa_id) e, sum(valor) v from financeiro_movimento where true ${doGrupo} group by 1, 2)
      select coalesce(s.grupo_empresarial_id, soma.g) g, coalesce(s.conta_id, soma.c) c, coalesce(s.empresa_id, soma.e) e, s.saldo::text mantido, coalesce(soma.v, 0)::text recalculado
      from (select * from financeiro_saldo where true ${doGrupo}) s
      full join soma on soma.g = s.grupo_empresarial_id and soma.c = s.conta_id
      where s.saldo is distinct from coalesce(soma.v, 0)`);
    // The flow's rule is lancar's (finance/razao.ts): opening balances and transfers are no cash flow.
    const dias = await tx.execute<{ g: string; c: string; d: string; mantido: string | null; recalculado: string; e_mantido: string | null; e: string; s_mantido: string | null; s: string }>(sql`
      with soma as (
        select grupo_empresarial_id g, conta_id c, data d, sum(valor) v,
          coalesce(sum(valor) filter (where valor > 0 and tipo <> 'saldoInicial' and transferencia_id is null), 0) e,
          coalesce(sum(valor) filter (where valor < 0 and tipo <> 'saldoInicial' and transferencia_id is null), 0) s
        from financeiro_movimento where true ${doGrupo} group by 1, 2, 3)
      select coalesce(x.grupo_empresarial_id, soma.g) g, coalesce(x.conta_id, soma.c) c, coalesce(x.data, soma.d)::text d, x.valor::text mantido, coalesce(soma.v, 0)::text recalculado,
        x.entradas::text e_mantido, coalesce(soma.e, 0)::text e, x.saidas::text s_mantido, coalesce(soma.s, 0)::text s
      from (select * from financeiro_saldo_dia where true ${doGrupo}) x
      full join soma on soma.g = x.grupo_empresarial_id and soma.c = x.conta_id and soma.d = x.data
      where x.valor is distinct from coalesce(soma.v, 0) or x.entradas is distinct from coalesce(soma.e, 0) or x.saidas is distinct from coalesce(soma.s, 0)`);
    const gDre = opcoes.grupoEmpresarial;
    const dre = await tx.execute<{ g: string; e: string; p: string; mes: string; regime: string; mantido: string | null; recalculado: string }>(sql`
      with soma as (${fonteDreMensal({ movimentos: gDre ? sql`m.grupo_empresarial_id = ${gDre}` : sql`true`, titulos: gDre ? sql`t.grupo_empresarial_id = ${gDre}` : sql`true` })})
      select coalesce(s.grupo_empresarial_id, soma.g) g, coalesce(s.empresa_id, soma.e) e, coalesce(s.plano_conta_id, soma.p) p, coalesce(s.mes, soma.mes)::text mes,
        coalesce(s.regime, soma.regime) regime, s.valor::text mantido, coalesce(soma.v, 0)::text recalculado
      from (select * from financeiro_dre_mes where true ${doGrupo}) s
      full join soma on soma.g = s.grupo_empresarial_id and soma.e = s.empresa_id and soma.p = s.plano_conta_id and soma.mes = s.mes and soma.regime = s.regime
      where coalesce(s.valor, 0) <> coalesce(soma.v, 0)`);
    if (opcoes.corrigir) {
      for (const r of dre.rows) {
        await tx.execute(sql`
          insert into financeiro_dre_mes (grupo_empresarial_id, empresa_id, plano_conta_id, mes, regime, valor) values (${r.g}, ${r.e}, ${r.p}, ${r.mes}::date, ${r.regime}, ${r.recalculado}::bigint)
          on conflict (grupo_empresarial_id, regime, empresa_id, mes, plano_conta_id) do update set valor = excluded.valor`);
      }
      for (const r of contas.rows) {
        await tx.execute(sql`
          insert into financeiro_saldo (grupo_empresarial_id, conta_id, empresa_id, saldo) values (${r.g}, ${r.c}, ${r.e}, ${r.recalculado}::bigint)
          on conflict (grupo_empresarial_id, conta_id) do update set saldo = excluded.saldo, atualizado_em = now()`);
      }
      for (const r of dias.rows) {
        await tx.execute(sql`
          insert into financeiro_saldo_dia (grupo_empresarial_id, conta_id, data, valor, entradas, saidas) values (${r.g}, ${r.c}, ${r.d}::date, ${r.recalculado}::bigint, ${r.e}::bigint, ${r.s}::bigint)
          on conflict (grupo_empresarial_id, conta_id, data) do update set valor = excluded.valor, entradas = excluded.entradas, saidas = excluded.saidas`);
      }
    }
    return [
      ...contas.rows.map((r) => ({ grupoEmpresarial: r.g, conta: r.c, data: null, mantido: Number(r.mantido ?? 0), recalculado: Number(r.recalculado) })),
      ...dias.rows.flatMap((r) => [
        ...(Number(r.mantido ?? 0) !== Number(r.recalculado) || r.mantido === null ? [{ grupoEmpresarial: r.g, conta: r.c, data: r.d, mantido: Number(r.mantido ?? 0), recalculado: Number(r.recalculado) }] : []),
        ...(Number(r.e_mantido ?? 0) !== Number(r.e) ? [{ grupoEmpresarial: r.g, conta: r.c, data: r.d, fluxo: 'entradas' as const, mantido: Number(r.e_mantido ?? 0), recalculado: Number(r.e) }] : []),
        ...(Number(r.s_mantido ?? 0) !== Number(r.s) ? [{ grupoEmpresarial: r.g, conta: r.c, data: r.d, fluxo: 'saidas' as const, mantido: Number(r.s_mantido ?? 0), recalculado: Number(r.s) }] : []),
      ]),
      ...dre.rows.map((r) => ({ grupoEmpresarial: r.g, conta: r.p, data: r.mes, regime: r.regime, empresa: r.e, mantido: Number(r.mantido ?? 0), recalculado: Number(r.recalculado) })),
    ];
  });
}
