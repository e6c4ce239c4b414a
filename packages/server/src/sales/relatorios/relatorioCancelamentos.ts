import { and, eq, sql } from 'drizzle-orm';
import { semZerosFinais, type FiltroRelatorioPeriodo, type RelatorioCancelamentos } from '@retaguarda/domain';
import type { Database } from '../../db/client.ts';
import { registro, usuario, venda, vendaItem } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';

/**
 * relatorioVendaCancelamentos: the sales cancelled whole and the items cancelled inside sales, of
 * the period (by closing time), with who, when, why and how much. Who is the user's name when the
 * terminal sent a user id, else what it sent.
 */
export async function relatorioCancelamentos(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<RelatorioCancelamentos> {
  return withTenant(db, s, async (tx) => {
    const { nomes, daVenda: base, doItem } = await filtroDeVendas(tx, s, filtro);
    const vendas = await tx
      .select({
        venda: venda.id,
        pedidoId: venda.pedidoId,
        empresa: venda.empresaId,
        canal: venda.canal,
        fechadoEm: venda.fechadoEm,
        canceladaEm: venda.canceladaEm,
        por: sql<string>`coalesce(${usuario.nome}, ${venda.canceladaPor})`,
        motivo: venda.motivoCancelamento,
        total: venda.total,
      })
      .from(venda)
      .leftJoin(usuario, and(eq(usuario.grupoEmpresarialId, venda.grupoEmpresarialId), eq(usuario.id, venda.canceladaPor)))
      .where(and(...base, eq(venda.cancelada, true)))
      .orderBy(venda.canceladaEm, venda.id);
    const itens = await tx
      .select({
        venda: venda.id,
        pedidoId: venda.pedidoId,
        empresa: venda.empresaId,
        produto: sql<string>`coalesce(${registro.dados}->>'descricao', ${vendaItem.produtoId})`,
        quantidade: sql<string>`${vendaItem.quantidade}::text`,
        valor: sql<number>`(${vendaItem.bruto} - ${vendaItem.desconto})::int8`,
        canceladoEm: vendaItem.canceladoEm,
        por: sql<string>`coalesce(${usuario.nome}, ${vendaItem.canceladoPor})`,
        motivo: vendaItem.canceladoMotivo,
      })
      .from(vendaItem)
      .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId)))
      .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(registro.id, vendaItem.produtoId)))
      .leftJoin(usuario, and(eq(usuario.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(usuario.id, vendaItem.canceladoPor)))
      .where(and(...base, ...doItem, eq(vendaItem.cancelado, true)))
      .orderBy(vendaItem.canceladoEm, vendaItem.vendaId, vendaItem.seq);
    const loja = (id: string) => nomes.get(id) ?? id;
    const vendasOut = vendas.map((v) => ({ ...v, loja: loja(v.empresa), total: Number(v.total), fechadoEm: v.fechadoEm.toISOString(), canceladaEm: v.canceladaEm?.toISOString() ?? null }));
    const itensOut = itens.map((i) => ({
      ...i,
      loja: loja(i.empresa),
      valor: Number(i.valor),
      quantidade: semZerosFinais(i.quantidade),
      canceladoEm: i.canceladoEm?.toISOString() ?? null,
    }));
    return {
      vendas: vendasOut,
      itens: itensOut,
      totais: { vendas: vendasOut.length, valorVendas: vendasOut.reduce((a, v) => a + v.total, 0), itens: itensOut.length, valorItens: itensOut.reduce((a, i) => a + i.valor, 0) },
    };
  });
}
