import { hojeNoFuso, type Agenda, type FiltroAgenda, type LinhaAgenda, type StatusParcela } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { pagoAteSql, parcelaLida, statusSql } from './titulos.ts';

/**
 * The agenda: the company's installments by due date, filtered, with the totals of the whole filter
 * (cancelled ones out of the sums). The calendar asks for several companies (`empresas`, checked by it).
 */
export async function listarAgenda(tx: Transaction, a: AutorFinanceiro, f: FiltroAgenda, empresas: readonly string[] = [a.empresa]): Promise<Agenda> {
  const hoje = hojeNoFuso();
  const busca = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const base = sql`
    select p.*, ${pagoAteSql(hoje)} as pago_hoje, t.tipo, t.descricao, t.documento, t.anexos, t.pessoa_id, t.plano_conta_id, ${statusSql(hoje)} as status,
      pe.dados->>'nome' as pessoa_nome, pc.dados->>'codigo' || ' ' || (pc.dados->>'nome') as plano_nome
    from financeiro_parcela p
    join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    left join registro pe on pe.grupo_empresarial_id = t.grupo_empresarial_id and pe.id = t.pessoa_id
    left join registro pc on pc.grupo_empresarial_id = t.grupo_empresarial_id and pc.id = t.plano_conta_id
    where p.grupo_empresarial_id = ${a.grupoEmpresarial} and p.empresa_id = any(${sql.param(empresas)}::text[]) and p.removida_em is null
      ${f.tipo ? sql`and t.tipo = ${f.tipo}` : sql``}
      ${f.de ? sql`and p.vencimento >= ${f.de}::date` : sql``}
      ${f.ate ? sql`and p.vencimento <= ${f.ate}::date` : sql``}
      ${f.pessoa ? sql`and t.pessoa_id = ${f.pessoa}` : sql``}
      ${f.planoConta ? sql`and t.plano_conta_id = ${f.planoConta}` : sql``}
      ${busca ? sql`and (t.descricao ilike ${busca} or t.documento ilike ${busca} or pe.dados->>'nome' ilike ${busca})` : sql``}`;
  const filtro = f.status ? sql`where b.status = ${f.status}` : sql``;
  const linhas = await tx.execute<{ id: string; titulo_id: string; numero: number; vencimento: string; valor: string; pago: string; pago_total: string; status: StatusParcela; tipo: LinhaAgenda['tipo']; descricao: string; documento: string; anexos: string[]; pessoa_nome: string | null; plano_nome: string | null; parcelas: number }>(sql`
    with b as (${base})
    select b.id, b.titulo_id, b.numero, b.vencimento::text as vencimento, b.valor::text as valor, b.pago_hoje::text as pago, b.pago::text as pago_total, b.status, b.tipo, b.descricao, b.documento, b.anexos, b.pessoa_nome, b.plano_nome,
      (select count(*)::int from financeiro_parcela x where x.grupo_empresarial_id = b.grupo_empresarial_id and x.titulo_id = b.titulo_id and x.removida_em is null) as parcelas
    from b ${filtro}
    order by b.vencimento, b.descricao, b.numero
    limit ${f.limite ?? 500} offset ${f.offset ?? 0}`);
  const [t] = (await tx.execute<{ total: string; valor: string; pago: string; vencido: string }>(sql`
    with b as (${base})
    select count(*)::text as total, coalesce(sum(valor) filter (where status <> 'cancelada'), 0)::text as valor, coalesce(sum(pago_hoje) filter (where status <> 'cancelada'), 0)::text as pago,
      coalesce(sum(valor - pago_hoje) filter (where status = 'vencida'), 0)::text as vencido
    from b ${filtro}`)).rows;
  return {
    linhas: linhas.rows.map((l) => ({
      ...parcelaLida(l),
      titulo: l.titulo_id,
      tipo: l.tipo,
      descricao: l.descricao,
      documento: l.documento,
      pessoaNome: l.pessoa_nome,
      planoContaNome: l.plano_nome,
      parcelas: l.parcelas,
      anexos: l.anexos.length,
    })),
    total: Number(t!.total),
    valor: Number(t!.valor),
    pago: Number(t!.pago),
    aberto: Number(t!.valor) - Number(t!.pago),
    vencido: Number(t!.vencido),
  };
}
