import { hojeNoFuso, type CalendarioAgenda, type DiaAgenda, type FiltroPrevisaoRecebimento, type TotaisDiaAgenda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { listarAgenda } from './lista.ts';
import { statusSql } from './titulos.ts';

const zerado = (): TotaisDiaAgenda => ({ aReceber: 0, aPagar: 0, vencidoReceber: 0, vencidoPagar: 0, recebido: 0, pago: 0 });

/**
 * The agenda on the month calendar (calendarioRecebimento / calendarioPagamento) for these companies:
 * per due date what is open and overdue, per settlement date what was received and paid; with `dia`,
 * that day's installments as the agenda lists them.
 */
export async function calendarioDaAgenda(tx: Transaction, a: AutorFinanceiro, f: Required<Pick<FiltroPrevisaoRecebimento, 'de' | 'ate'>> & { dia: string | null }, empresas: readonly string[]): Promise<CalendarioAgenda> {
  const g = a.grupoEmpresarial;
  const vencimentos = await tx.execute<{ data: string; tipo: string; aberto: string; vencido: string }>(sql`
    select p.vencimento::text as data, t.tipo,
      coalesce(sum(p.valor - p.pago) filter (where s.status not in ('cancelada', 'paga')), 0)::text as aberto,
      coalesce(sum(p.valor - p.pago) filter (where s.status = 'vencida'), 0)::text as vencido
    from financeiro_parcela p
    join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    cross join lateral (select ${statusSql(hojeNoFuso())} as status) s
    where p.grupo_empresarial_id = ${g} and p.empresa_id = any(${sql.param(empresas)}::text[]) and p.vencimento between ${f.de}::date and ${f.ate}::date
      and p.removida_em is null
    group by 1, 2`);
  const baixas = await tx.execute<{ data: string; tipo: string; total: string }>(sql`
    select b.data::text as data, t.tipo, sum(b.total)::text as total
    from financeiro_baixa b join financeiro_titulo t on t.grupo_empresarial_id = b.grupo_empresarial_id and t.id = b.titulo_id
    where b.grupo_empresarial_id = ${g} and b.empresa_id = any(${sql.param(empresas)}::text[]) and b.data between ${f.de}::date and ${f.ate}::date
    group by 1, 2`);
  const dias = new Map<string, DiaAgenda>();
  const totais = zerado();
  const dia = (data: string) => dias.get(data) ?? dias.set(data, { data, ...zerado() }).get(data)!;
  const somar = (d: DiaAgenda, campo: keyof TotaisDiaAgenda, v: number) => {
    d[campo] += v;
    totais[campo] += v;
  };
  for (const v of vencimentos.rows) {
    const d = dia(v.data);
    somar(d, v.tipo === 'pagar' ? 'aPagar' : 'aReceber', Number(v.aberto));
    somar(d, v.tipo === 'pagar' ? 'vencidoPagar' : 'vencidoReceber', Number(v.vencido));
  }
  for (const b of baixas.rows) somar(dia(b.data), b.tipo === 'pagar' ? 'pago' : 'recebido', Number(b.total));
  const parcelas = f.dia ? (await listarAgenda(tx, a, { de: f.dia, ate: f.dia, limite: 1000 }, empresas)).linhas : [];
  return { dias: [...dias.values()].filter((d) => Object.values(d).some((x) => typeof x === 'number' && x !== 0)).sort((x, y) => x.data.localeCompare(y.data)), totais, parcelas };
}
