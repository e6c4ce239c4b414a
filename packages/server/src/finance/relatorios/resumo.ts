import { DIAS_PREVISTOS, DIAS_REALIZADOS, hojeNoFuso, somarDias, type DiaFluxo, type ResumoFinanceiro, type VencimentosResumo } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { pagoAteSql } from '../agenda/titulos.ts';
import { previsaoDasEmpresas } from '../recebiveis/previsao.ts';

/**
 * financeiroResumo: for the stores asked (already checked against the user's), each account's kept
 * balance, what falls due today and what is overdue (payables and receivables, as the agenda counts
 * them), and 90 days of cash flow: the ledger's money in and out per day up to today (opening
 * balances and transfers between accounts left out: they are not cash flow), then what the open
 * installments, the ledger's rows dated ahead (scheduled settlements) and the card and voucher forecast say
 * will move after today. The balance line runs back from today's kept balances and forward by the projection.
 */
export async function resumoFinanceiro(tx: Transaction, grupo: string, empresas: readonly string[], nomes: Map<string, string>): Promise<ResumoFinanceiro> {
  const hoje = hojeNoFuso();
  const de = somarDias(hoje, -(DIAS_REALIZADOS - 1));
  const ate = somarDias(hoje, DIAS_PREVISTOS);
  const lista = sql.param([...empresas]);

  const contas = (
    await tx.execute<{ id: string; nome: string; tipo: string; empresa_id: string; saldo: string }>(sql`
      select c.id, c.dados->>'nome' as nome, c.dados->>'tipo' as tipo, c.empresa_id, coalesce(s.saldo, 0)::text as saldo
      from registro c
      left join financeiro_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.conta_id = c.id
      where c.grupo_empresarial_id = ${grupo} and c.recurso = 'financeiroConta' and c.empresa_id = any(${lista}::text[]) and not c.lixo
        and coalesce((c.dados->>'ativo')::boolean, true)`)
  ).rows.map((c) => ({ conta: c.id, nome: c.nome, tipo: c.tipo, empresa: c.empresa_id, empresaNome: nomes.get(c.empresa_id) ?? '', saldo: Number(c.saldo) }));
  contas.sort((x, y) => x.empresaNome.localeCompare(y.empresaNome, 'pt-BR') || x.nome.localeCompare(y.nome, 'pt-BR'));
  const saldoTotal = contas.reduce((s, c) => s + c.saldo, 0);

  // Due today and overdue, by the agenda's own rule (statusSql): open = valor − what settlements dated up to today paid, títulos not cancelled.
  const venc = await tx.execute<{ tipo: string; hoje_n: string; hoje_v: string; venc_n: string; venc_v: string }>(sql`
    select x.tipo,
      count(*) filter (where x.vencimento = ${hoje}::date)::text as hoje_n, coalesce(sum(x.aberto) filter (where x.vencimento = ${hoje}::date), 0)::text as hoje_v,
      count(*) filter (where x.vencimento < ${hoje}::date)::text as venc_n, coalesce(sum(x.aberto) filter (where x.vencimento < ${hoje}::date), 0)::text as venc_v
    from (
      select t.tipo, p.vencimento, p.valor - ${pagoAteSql(hoje)} as aberto
      from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
      where p.grupo_empresarial_id = ${grupo} and p.empresa_id = any(${lista}::text[]) and t.cancelado_em is null and p.removida_em is null and p.vencimento <= ${hoje}::date
    ) x
    where x.aberto > 0
    group by x.tipo`);
  const vencimentos = (tipo: string): VencimentosResumo => {
    const v = venc.rows.find((x) => x.tipo === tipo);
    return { hoje: { quantidade: Number(v?.hoje_n ?? 0), valor: Number(v?.hoje_v ?? 0) }, vencido: { quantidade: Number(v?.venc_n ?? 0), valor: Number(v?.venc_v ?? 0) } };
  };

  const dias = new Map<string, DiaFluxo>();
  for (let d = de; d <= ate; d = somarDias(d, 1)) dias.set(d, { data: d, entradas: 0, saidas: 0, cartoes: 0, agendado: 0, previsto: d > hoje, saldo: 0 });
  const somar = (data: string, valor: number, origem?: 'cartoes' | 'agendado') => {
    const d = dias.get(data);
    if (!d) return;
    if (valor >= 0) d.entradas += valor;
    else d.saidas += valor;
    if (origem) d[origem] += valor;
  };

  // Realised: money in and out per day without opening balances and transfers, kept per account and day by
  // lancar (financeiro_saldo_dia.entradas/saidas) — a day's rows per account, not the ledger's rows. Every
  // account of the companies counts (in the trash or inactive too), as the ledger's rows did.
  const realizado = await tx.execute<{ data: string; entradas: string; saidas: string }>(sql`
    select d.data::text as data, sum(d.entradas)::text as entradas, sum(d.saidas)::text as saidas
    from financeiro_saldo_dia d
    join registro c on c.grupo_empresarial_id = d.grupo_empresarial_id and c.id = d.conta_id and c.recurso = 'financeiroConta'
    where d.grupo_empresarial_id = ${grupo} and c.empresa_id = any(${lista}::text[]) and d.data between ${de}::date and ${hoje}::date
    group by 1`);
  for (const r of realizado.rows) {
    somar(r.data, Number(r.entradas));
    somar(r.data, Number(r.saidas));
  }
  // Every movement after a past day (whatever its kind) takes the balance back to that day's end.
  const depois = await tx.execute<{ data: string; valor: string; entradas: string; saidas: string }>(sql`
    select d.data::text as data, sum(d.valor)::text as valor, sum(d.entradas)::text as entradas, sum(d.saidas)::text as saidas from financeiro_saldo_dia d
    join registro c on c.grupo_empresarial_id = d.grupo_empresarial_id and c.id = d.conta_id and c.recurso = 'financeiroConta'
    where d.grupo_empresarial_id = ${grupo} and c.empresa_id = any(${lista}::text[]) and c.id = any(${sql.param(contas.map((c) => c.conta))}::text[]) and d.data > ${de}::date
    group by 1`);
  const movidoNoDia = new Map(depois.rows.map((r) => [r.data, Number(r.valor)]));
  // Movements dated after today are in the kept balance already; the balance at today's end leaves them out.
  const futuro = [...movidoNoDia.entries()].filter(([d]) => d > hoje).reduce((s, [, v]) => s + v, 0);
  // ...and the projection puts them back on their own day: a scheduled settlement (lancar posts its rows on its
  // date) is an outflow or inflow of its account then, not before. Same accounts as the balance; opening
  // balances and transfers left out, as in the realised flow (days past the chart's end are not in it).
  for (const r of depois.rows.filter((x) => x.data > hoje)) {
    somar(r.data, Number(r.entradas), 'agendado');
    somar(r.data, Number(r.saidas), 'agendado');
  }

  // Projected: open installments by due date, and the card and voucher net expected, after today.
  const titulos = await tx.execute<{ data: string; tipo: string; aberto: string }>(sql`
    select p.vencimento::text as data, t.tipo, sum(p.valor - p.pago)::text as aberto
    from financeiro_parcela p join financeiro_titulo t on t.grupo_empresarial_id = p.grupo_empresarial_id and t.id = p.titulo_id
    where p.grupo_empresarial_id = ${grupo} and p.empresa_id = any(${lista}::text[]) and t.cancelado_em is null and p.removida_em is null and p.pago < p.valor
      and p.vencimento > ${hoje}::date and p.vencimento <= ${ate}::date
    group by 1, 2`);
  for (const t of titulos.rows) somar(t.data, t.tipo === 'pagar' ? -Number(t.aberto) : Number(t.aberto));
  const cartoes = await previsaoDasEmpresas(tx, grupo, [...empresas], { de: somarDias(hoje, 1), ate, empresas: [...empresas], dia: null });
  for (const d of cartoes.dias) somar(d.data, d.liquido, 'cartoes');

  const fluxo = [...dias.values()];
  let saldo = saldoTotal - futuro;
  // Back from today: a day's end is the next day's end less what moved on the next day.
  const passados = fluxo.filter((d) => !d.previsto).reverse();
  for (const d of passados) {
    d.saldo = saldo;
    saldo -= movidoNoDia.get(d.data) ?? 0;
  }
  saldo = saldoTotal - futuro;
  for (const d of fluxo.filter((x) => x.previsto)) {
    saldo += d.entradas + d.saidas;
    d.saldo = saldo;
  }
  const soma = (previsto: boolean, campo: 'entradas' | 'saidas' | 'cartoes' | 'agendado') => fluxo.filter((d) => d.previsto === previsto).reduce((s, d) => s + d[campo], 0);
  return {
    hoje,
    empresas: [...empresas].map((id) => ({ _id: id, nome: nomes.get(id) ?? id })),
    contas,
    saldoTotal,
    pagar: vencimentos('pagar'),
    receber: vencimentos('receber'),
    fluxo,
    realizado: { entradas: soma(false, 'entradas'), saidas: soma(false, 'saidas') },
    previsto: { entradas: soma(true, 'entradas'), saidas: soma(true, 'saidas'), cartoes: soma(true, 'cartoes'), agendado: soma(true, 'agendado') },
  };
}
