import { semZerosFinais, type FiltroRelatorioPeriodo, type RelatorioTransferencias, compararPt } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registro, usuario, venda, vendaItem, vendaTransferencia } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';

/**
 * relatorioVendaTransferencias: items moved between tables or comandas in the sales of the period
 * (by closing day, as every sales report), with the item's quantity and value and who moved it and
 * why; totals per user. Cancelled sales are out (their items were not sold).
 */
export async function relatorioTransferencias(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<RelatorioTransferencias> {
  return withTenant(db, s, async (tx) => {
    const { nomes, daVenda } = await filtroDeVendas(tx, s, filtro);
    const linhas = await tx
      .select({
        venda: venda.id,
        pedidoId: venda.pedidoId,
        empresa: venda.empresaId,
        em: vendaTransferencia.em,
        deMesa: vendaTransferencia.deMesa,
        paraMesa: vendaTransferencia.paraMesa,
        produto: sql<string>`coalesce(${registro.dados}->>'descricao', ${vendaItem.produtoId})`,
        quantidade: sql<string>`${vendaItem.quantidade}::text`,
        valor: sql<number>`(${vendaItem.bruto} - ${vendaItem.desconto})::int8`,
        usuario: vendaTransferencia.usuarioId,
        nome: sql<string>`coalesce(${usuario.nome}, ${vendaTransferencia.usuarioId})`,
        motivo: vendaTransferencia.motivo,
      })
      .from(vendaTransferencia)
      .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaTransferencia.grupoEmpresarialId), eq(venda.id, vendaTransferencia.vendaId)))
      .innerJoin(vendaItem, and(eq(vendaItem.grupoEmpresarialId, vendaTransferencia.grupoEmpresarialId), eq(vendaItem.vendaId, vendaTransferencia.vendaId), eq(vendaItem.seq, vendaTransferencia.itemSeq)))
      .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(registro.id, vendaItem.produtoId)))
      .leftJoin(usuario, and(eq(usuario.grupoEmpresarialId, vendaTransferencia.grupoEmpresarialId), eq(usuario.id, vendaTransferencia.usuarioId)))
      .where(and(...daVenda, eq(venda.cancelada, false)))
      .orderBy(vendaTransferencia.em, vendaTransferencia.vendaId, vendaTransferencia.seq);
    const transferencias = linhas.map(({ empresa, ...l }) => ({ ...l, loja: nomes.get(empresa) ?? empresa, em: l.em.toISOString(), quantidade: semZerosFinais(l.quantidade), valor: Number(l.valor) }));
    const porUsuario = new Map<string, RelatorioTransferencias['porUsuario'][number]>();
    for (const t of transferencias) {
      const u = porUsuario.get(t.usuario) ?? { usuario: t.usuario, nome: t.nome, transferencias: 0, valor: 0 };
      u.transferencias++;
      u.valor += t.valor;
      porUsuario.set(t.usuario, u);
    }
    return {
      transferencias,
      porUsuario: [...porUsuario.values()].sort((a, b) => b.transferencias - a.transferencias || b.valor - a.valor || compararPt(a.nome, b.nome)),
      totais: { transferencias: transferencias.length, valor: transferencias.reduce((a, t) => a + t.valor, 0) },
    };
  });
}
