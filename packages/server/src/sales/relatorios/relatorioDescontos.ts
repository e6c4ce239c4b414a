import type { FiltroRelatorioPeriodo, LinhaDesconto } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registro, venda, vendaItem } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';

/**
 * relatorioVendaDescontos: discounts of the period by reason (descontoMotivo), on whole sales and on
 * items, with how many and how much against the gross they were taken from. Cancelled sales and
 * cancelled items are out.
 */
export async function relatorioDescontos(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<LinhaDesconto[]> {
  return withTenant(db, s, async (tx) => {
    const filtros = await filtroDeVendas(tx, s, filtro);
    const daVenda = [...filtros.daVenda, eq(venda.cancelada, false)];
    const naVenda = await tx
      .select({ motivo: sql<string>`coalesce(${venda.descontoMotivoId}, '')`, vezes: sql<string>`count(*)`, desconto: sql<string>`sum(${venda.desconto})`, base: sql<string>`sum(${venda.bruto} - ${venda.descontoItens})` })
      .from(venda)
      .where(and(...daVenda, sql`${venda.desconto} > 0`))
      .groupBy(sql`1`);
    const nosItens = await tx
      .select({ motivo: sql<string>`coalesce(${vendaItem.descontoMotivoId}, '')`, vezes: sql<string>`count(*)`, desconto: sql<string>`sum(${vendaItem.desconto})`, base: sql<string>`sum(${vendaItem.bruto})` })
      .from(vendaItem)
      .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId)))
      .where(and(...daVenda, ...filtros.doItem, eq(vendaItem.cancelado, false), sql`${vendaItem.desconto} > 0`))
      .groupBy(sql`1`);
    const ids = [...new Set([...naVenda, ...nosItens].map((l) => l.motivo).filter(Boolean))];
    const motivos = new Map(
      ids.length
        ? (await tx.select({ id: registro.id, descricao: sql<string>`${registro.dados}->>'descricao'` }).from(registro).where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), inArray(registro.id, ids)))).map((m) => [m.id, m.descricao])
        : [],
    );
    const linhas = [...naVenda.map((l) => ({ ...l, onde: 'venda' as const })), ...nosItens.map((l) => ({ ...l, onde: 'item' as const }))].map((l) => {
      const desconto = Number(l.desconto);
      const base = Number(l.base);
      return {
        motivo: l.motivo || null,
        descricao: l.motivo ? (motivos.get(l.motivo) ?? l.motivo) : 'Sem motivo informado',
        onde: l.onde,
        vezes: Number(l.vezes),
        desconto,
        base,
        // Basis points of the gross, half up (integer arithmetic).
        percentual: base ? Math.floor((desconto * 20000 + base) / (2 * base)) : 0,
      };
    });
    return linhas.sort((a, b) => b.desconto - a.desconto);
  });
}
