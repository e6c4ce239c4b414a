import { semZerosFinais, somarDias, type PainelDoDia as Dashboard, type ResumoDia } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { registro, venda, vendaItem, vendaPagamento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { FUSO, intervaloDeDias } from './periodo.ts';
import { numero as n, ticketMedio } from './numero.ts';

async function resumo(tx: Transaction, grupo: string, empresas: string[], dia: string): Promise<ResumoDia> {
  const [r] = await tx
    .select({
      vendas: sql<string>`count(*) filter (where not ${venda.cancelada})`,
      total: sql<string>`coalesce(sum(${venda.total}) filter (where not ${venda.cancelada}), 0)`,
      canceladas: sql<string>`count(*) filter (where ${venda.cancelada})`,
      valorCancelado: sql<string>`coalesce(sum(${venda.total}) filter (where ${venda.cancelada}), 0)`,
    })
    .from(venda)
    .where(and(eq(venda.grupoEmpresarialId, grupo), inArray(venda.empresaId, empresas), intervaloDeDias(sql`${venda.fechadoEm}`, dia, dia)));
  const vendas = n(r?.vendas);
  const total = n(r?.total);
  // Ticket médio rounded to the centavo (integer arithmetic: half up).
  return { vendas, total, ticketMedio: ticketMedio(total, vendas), canceladas: n(r?.canceladas), valorCancelado: n(r?.valorCancelado) };
}

async function porHora(tx: Transaction, grupo: string, empresas: string[], dia: string): Promise<Map<number, number>> {
  const linhas = await tx
    .select({ hora: sql<string>`extract(hour from ${venda.fechadoEm} at time zone ${FUSO})`, total: sql<string>`sum(${venda.total})` })
    .from(venda)
    .where(and(eq(venda.grupoEmpresarialId, grupo), inArray(venda.empresaId, empresas), eq(venda.cancelada, false), intervaloDeDias(sql`${venda.fechadoEm}`, dia, dia)))
    .groupBy(sql`1`);
  return new Map(linhas.map((l) => [n(l.hora), n(l.total)]));
}

/**
 * The owner's day: totals against the same weekday of the week before, sales by hour, by channel,
 * the payment mix and the best sellers, for the given companies of the session's group. Cancelled
 * sales are out of every total and counted apart.
 */
export async function carregarDashboard(db: Database, s: SessaoRequest, data: string, empresas: string[]): Promise<Dashboard> {
  const comparacao = somarDias(data, -7);
  const grupo = s.grupoEmpresarial;
  return withTenant(db, s, async (tx) => {
    const noDia = and(eq(venda.grupoEmpresarialId, grupo), inArray(venda.empresaId, empresas), eq(venda.cancelada, false), intervaloDeDias(sql`${venda.fechadoEm}`, data, data));
    // One after another: a transaction is one connection, which runs one query at a time.
    const dia = await resumo(tx, grupo, empresas, data);
    const antes = await resumo(tx, grupo, empresas, comparacao);
    const horasDia = await porHora(tx, grupo, empresas, data);
    const horasAntes = await porHora(tx, grupo, empresas, comparacao);
    const [canais, pagamentos, produtos] = [
      await tx
        .select({ canal: venda.canal, vendas: sql<string>`count(*)`, total: sql<string>`sum(${venda.total})` })
        .from(venda)
        .where(noDia)
        .groupBy(venda.canal)
        .orderBy(sql`3 desc`),
      await tx
        .select({
          formaPagamento: vendaPagamento.formaPagamentoId,
          descricao: sql<string>`max(${registro.dados}->>'descricao')`,
          tPag: sql<string>`max(${vendaPagamento.tPag})`,
          total: sql<string>`sum(${vendaPagamento.valor} - ${vendaPagamento.troco})`,
        })
        .from(vendaPagamento)
        .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaPagamento.grupoEmpresarialId), eq(venda.id, vendaPagamento.vendaId)))
        .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaPagamento.grupoEmpresarialId), eq(registro.id, vendaPagamento.formaPagamentoId)))
        .where(and(noDia, eq(vendaPagamento.grupoEmpresarialId, grupo), inArray(vendaPagamento.empresaId, empresas), intervaloDeDias(sql`${vendaPagamento.fechadoEm}`, data, data)))
        .groupBy(vendaPagamento.formaPagamentoId)
        .orderBy(sql`4 desc`),
      await tx
        .select({
          produto: vendaItem.produtoId,
          descricao: sql<string>`max(${registro.dados}->>'descricao')`,
          quantidade: sql<string>`sum(${vendaItem.quantidade})::text`,
          total: sql<string>`sum(${vendaItem.bruto} - ${vendaItem.desconto})`,
        })
        .from(vendaItem)
        .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId)))
        .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(registro.id, vendaItem.produtoId)))
        .where(and(noDia, eq(vendaItem.grupoEmpresarialId, grupo), inArray(vendaItem.empresaId, empresas), eq(vendaItem.cancelado, false), intervaloDeDias(sql`${vendaItem.fechadoEm}`, data, data)))
        .groupBy(vendaItem.produtoId)
        .orderBy(sql`4 desc`)
        .limit(10),
    ];
    const horas = [...new Set([...horasDia.keys(), ...horasAntes.keys()])].sort((a, b) => a - b);
    return {
      data,
      comparacao,
      empresas,
      resumo: { dia, comparacao: antes },
      porHora: horas.map((hora) => ({ hora, dia: horasDia.get(hora) ?? 0, comparacao: horasAntes.get(hora) ?? 0 })),
      porCanal: canais.map((c) => ({ canal: c.canal, vendas: n(c.vendas), total: n(c.total) })),
      porPagamento: pagamentos.map((p) => ({ formaPagamento: p.formaPagamento, descricao: p.descricao ?? p.formaPagamento, tPag: p.tPag, total: n(p.total) })),
      topProdutos: produtos.map((p) => ({ produto: p.produto, descricao: p.descricao ?? p.produto, quantidade: semZerosFinais(String(p.quantidade)), total: n(p.total) })),
    };
  });
}
