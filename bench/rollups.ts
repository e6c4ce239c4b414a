import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.ts';
import { COLUNAS_PARA_O_RESUMO, somarAoResumo } from '../packages/server/src/sales/resumoHora.ts';
import { vendidosDasVendas } from '../packages/server/src/stock/vendidosDia.ts';

/**
 * The rollups the ingestion keeps with each sale (the hourly one, the products per day), added up at
 * once for sales a bench wrote by SQL, and the sales tables analysed.
 */
export async function somarRollupsDasVendas(db: Database, grupo: string): Promise<void> {
  await db.execute(somarAoResumo(sql`(select ${COLUNAS_PARA_O_RESUMO} from venda where grupo_empresarial_id = ${grupo})`));
  await db.execute(sql`insert into estoque_vendido_dia (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, como_item, como_complemento, vendas, total) ${vendidosDasVendas(grupo)}`);
  for (const tabela of ['venda', 'venda_item', 'venda_pagamento', 'venda_resumo_hora', 'estoque_vendido_dia']) await db.execute(sql.raw(`analyze ${tabela}`));
}
