import { canaisVenda, curvaAbc, type ClasseAbc } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { registro, venda, vendaItem } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { intervaloDeDias } from './periodo.ts';
import { empresasDoFiltro } from './relatorioVenda.ts';

export const filtroRelatorioProdutos = z
  .object({
    de: z.iso.date({ error: 'De: use aaaa-mm-dd.' }),
    ate: z.iso.date({ error: 'Até: use aaaa-mm-dd.' }),
    empresas: z.array(z.string()).default([]),
    canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).default([]),
  })
  .refine((f) => f.ate >= f.de, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
  .refine((f) => Date.parse(f.ate) - Date.parse(f.de) <= 366 * 86_400_000, { path: ['ate'], message: 'No máximo um ano por consulta.' });

export interface LinhaProdutoVendido {
  produto: string;
  codigo: string;
  descricao: string;
  /** Exact decimal text ('12.5'). */
  quantidade: string;
  vendas: number;
  total: number;
  /** Basis points (10000 = 100%). */
  participacao: number;
  acumulado: number;
  classe: ClasseAbc;
}

const semZerosFinais = (q: string) => (q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q);

/**
 * relatorioVendaProdutos: what each product sold in the period (quantity, sales it was in, revenue
 * net of item discounts) with its ABC class. Cancelled sales and cancelled items are left out.
 */
export async function relatorioVendaProdutos(db: Database, s: SessaoRequest, filtro: z.infer<typeof filtroRelatorioProdutos>): Promise<LinhaProdutoVendido[]> {
  return withTenant(db, s, async (tx) => {
    const { empresas } = await empresasDoFiltro(tx, s, filtro.empresas);
    const condicoes = [
      eq(vendaItem.grupoEmpresarialId, s.grupoEmpresarial),
      inArray(vendaItem.empresaId, empresas),
      eq(vendaItem.cancelado, false),
      eq(venda.cancelada, false),
      intervaloDeDias(sql`${vendaItem.fechadoEm}`, filtro.de, filtro.ate),
    ];
    if (filtro.canais.length) condicoes.push(inArray(venda.canal, filtro.canais));
    const linhas = await tx
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
      .groupBy(vendaItem.produtoId);
    return curvaAbc(
      linhas.map((l) => ({ produto: l.produto, codigo: l.codigo ?? '', descricao: l.descricao ?? l.produto, quantidade: semZerosFinais(String(l.quantidade)), vendas: Number(l.vendas), total: Number(l.total) })),
    );
  });
}
