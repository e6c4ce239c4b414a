import { hojeNoFuso, type BaixaAgendadaDia, type CalendarioAgenda, type DiaAgenda, type FiltroPrevisaoRecebimento, type TotaisDiaAgenda } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { listarAgenda } from './lista.ts';
import { statusSql } from './titulos.ts';

const zerado = (): TotaisDiaAgenda => ({ aReceber: 0, aPagar: 0, vencidoReceber: 0, vencidoPagar: 0, recebido: 0, pago: 0, agendadoReceber: 0, agendadoPagar: 0 });

/**
 * The agenda on the month calendar (calendarioRecebimento / calendarioPagamento) for these companies:
 * per due date what is still to settle and the part of it overdue, per settlement date what was received
 * and paid up to today and what is scheduled after it; with `dia`, that day's installments as the agenda
 * lists them and the settlements scheduled for it.
 * Open here is what can still be settled (valor − every settlement, `aBaixar`): an installment whose
 * payment is scheduled shows on the payment's day as Agendado, not as open or overdue on its due date,
 * so the calendar never offers it twice; the agenda's status and `aberto` (pagoAteSql) still read it unpaid.
 */
export async function calendarioDaAgenda(tx: Transaction, a: AutorFinanceiro, f: Required<Pick<FiltroPrevisaoRecebimento, 'de' | 'ate'>> & { dia: string | null }, empresas: readonly string[]): Promise<CalendarioAgenda> {
  const g = a.grupoEmpresarial;
  const hoje = hojeNoFuso();
  const vencimentos = await tx.execute<{ data: string; tipo: string; aberto: string; vencido: string }>(sql`
    select p.vencimento::text as data, t.tipo,
      coalesce(sum(p.valor - p.pago) filter (where s.status not in ('cancelada', 'paga')), 0)::text as aberto,
      coalesce(sum(p.valor - p.pago) filter (where s.status = 'vencida'), 0)::text as vencido
    from financeiro_parcela p
    join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    cross join lateral (select ${statusSql(hoje)} as status) s
    where p.grupo_empresarial_id = ${g} and p.empresa_id = any(${sql.param(empresas)}::text[]) and p.vencimento between ${f.de}::date and ${f.ate}::date
      and p.removida_em is null
    group by 1, 2`);
  // A reversal carries its settlement's date, so a cancelled schedule nets to nothing on its day.
  const baixas = await tx.execute<{ data: string; tipo: string; agendada: boolean; total: string }>(sql`
    select b.data::text as data, t.tipo, b.data > ${hoje}::date as agendada, sum(b.total)::text as total
    from financeiro_baixa b join financeiro_titulo t on t.grupo_empresarial_id = b.grupo_empresarial_id and t.id = b.titulo_id
    where b.grupo_empresarial_id = ${g} and b.empresa_id = any(${sql.param(empresas)}::text[]) and b.data between ${f.de}::date and ${f.ate}::date
    group by 1, 2, 3`);
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
  for (const b of baixas.rows) {
    const pagar = b.tipo === 'pagar';
    somar(dia(b.data), b.agendada ? (pagar ? 'agendadoPagar' : 'agendadoReceber') : pagar ? 'pago' : 'recebido', Number(b.total));
  }
  const parcelas = f.dia ? (await listarAgenda(tx, a, { de: f.dia, ate: f.dia, limite: 1000 }, empresas)).linhas : [];
  const agendadas = f.dia && f.dia > hoje ? await agendadasDoDia(tx, g, f.dia, empresas) : [];
  return { dias: [...dias.values()].filter((d) => Object.values(d).some((x) => typeof x === 'number' && x !== 0)).sort((x, y) => x.data.localeCompare(y.data)), totais, parcelas, agendadas };
}

/** The live settlements dated `dia` (after today): neither reversed nor reversals. */
async function agendadasDoDia(tx: Transaction, g: string, dia: string, empresas: readonly string[]): Promise<BaixaAgendadaDia[]> {
  const r = await tx.execute<{ id: string; titulo_id: string; tipo: BaixaAgendadaDia['tipo']; descricao: string; pessoa_nome: string | null; numero: number; parcelas: number; vencimento: string; conta_nome: string | null; total: string }>(sql`
    select b.id, b.titulo_id, t.tipo, t.descricao, pe.dados->>'nome' as pessoa_nome, p.numero, p.vencimento::text as vencimento, c.dados->>'nome' as conta_nome, b.total::text as total,
      (select count(*)::int from financeiro_parcela x where x.grupo_empresarial_id = p.grupo_empresarial_id and x.titulo_id = p.titulo_id and x.removida_em is null) as parcelas
    from financeiro_baixa b
    join financeiro_titulo t on t.grupo_empresarial_id = b.grupo_empresarial_id and t.id = b.titulo_id
    join financeiro_parcela p on p.grupo_empresarial_id = b.grupo_empresarial_id and p.id = b.parcela_id
    left join registro pe on pe.grupo_empresarial_id = t.grupo_empresarial_id and pe.id = t.pessoa_id
    left join registro c on c.grupo_empresarial_id = b.grupo_empresarial_id and c.id = b.conta_id
    where b.grupo_empresarial_id = ${g} and b.empresa_id = any(${sql.param(empresas)}::text[]) and b.data = ${dia}::date
      and b.estorno_de is null and not exists (select 1 from financeiro_baixa e where e.grupo_empresarial_id = b.grupo_empresarial_id and e.estorno_de = b.id)
    order by t.tipo, t.descricao, p.numero`);
  return r.rows.map((b) => ({ _id: b.id, titulo: b.titulo_id, tipo: b.tipo, descricao: b.descricao, pessoaNome: b.pessoa_nome, numero: b.numero, parcelas: b.parcelas, vencimento: b.vencimento, contaNome: b.conta_nome, total: Number(b.total) }));
}
