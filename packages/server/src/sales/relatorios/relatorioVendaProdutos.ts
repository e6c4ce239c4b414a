import { curvaAbc, semZerosFinais, type FiltroRelatorioPeriodo, type LinhaProdutoVendido } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { estoqueVendidoDia, registro, venda, vendaItem } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { intervaloDeDias } from './periodo.ts';
import { filtroDeVendas } from './filtroVendas.ts';

/**
 * relatorioVendaProdutos: what each product sold in the period (quantity, sales it was in, revenue
 * net of item discounts) with its ABC class. Cancelled sales and cancelled items are left out.
 */
export async function relatorioVendaProdutos(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<LinhaProdutoVendido[]> {
  return withTenant(db, s, async (tx) => {
    const { empresas, filtros } = await filtroDeVendas(tx, s, filtro);
    const condicoes = [
      eq(vendaItem.grupoEmpresarialId, s.grupoEmpresarial),
      inArray(vendaItem.empresaId, empresas),
      eq(vendaItem.cancelado, false),
      eq(venda.cancelada, false),
      intervaloDeDias(sql`${vendaItem.fechadoEm}`, filtro.de, filtro.ate),
      ...filtros,
    ];
    // Without channel, terminal, operator or hour filters: the day's products kept with each sale
    // (estoque_vendido_dia) instead of a month's items.
    const linhas = filtros.length
      ? await tx
          .select({
            produto: vendaItem.produtoId,
            codigo: sql<string>`max(${registro.dados}->>'codigo')`,
            descricao: sql<string>`max(${registro.dados}->>'descricao')`,
            quantidade: sql<string>`sum(${vendaItem.quantidade})::text`,
            vendas: sql<string>`count(distinct ${vendaItem.vendaId})`,
            total: sql<string>`sum(${vendaItem.bruto} - ${vendaItem.desconto})`,
          })
          .from(vendaItem)
          .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId)))
          .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(registro.id, vendaItem.produtoId)))
          .where(and(...condicoes))
          .groupBy(vendaItem.produtoId)
      : await tx
          .select({
            produto: estoqueVendidoDia.produtoId,
            codigo: sql<string>`max(${registro.dados}->>'codigo')`,
            descricao: sql<string>`max(${registro.dados}->>'descricao')`,
            quantidade: sql<string>`sum(${estoqueVendidoDia.comoItem})::text`,
            vendas: sql<string>`sum(${estoqueVendidoDia.vendas})`,
            total: sql<string>`sum(${estoqueVendidoDia.total})`,
          })
          .from(estoqueVendidoDia)
          .leftJoin(registro, and(eq(registro.grupoEmpresarialId, estoqueVendidoDia.grupoEmpresarialId), eq(registro.id, estoqueVendidoDia.produtoId)))
          .where(
            and(
              eq(estoqueVendidoDia.grupoEmpresarialId, s.grupoEmpresarial),
              inArray(estoqueVendidoDia.empresaId, empresas),
              sql`${estoqueVendidoDia.dia} between ${filtro.de}::date and ${filtro.ate}::date`,
            ),
          )
          .groupBy(estoqueVendidoDia.produtoId)
          .having(sql`sum(${estoqueVendidoDia.vendas}) > 0`);
    return curvaAbc(
      linhas.map((l) => ({ produto: l.produto, codigo: l.codigo ?? '', descricao: l.descricao ?? l.produto, quantidade: semZerosFinais(String(l.quantidade)), vendas: Number(l.vendas), total: Number(l.total) })),
    );
  });
}
