import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.ts';
import { COLUNAS_PARA_O_RESUMO, somarAoResumo } from '../packages/server/src/sales/resumoHora.ts';
import { somarAosResumos, somarDocumentos } from '../packages/server/src/sales/resumosVenda.ts';
import { vendidosDasVendas } from '../packages/server/src/stock/vendidosDia.ts';

/**
 * The rollups the ingestion keeps with each sale (the hourly one, the products per day, documents, codes, QR code), added up at
 * once for sales a bench wrote by SQL, and the sales tables analysed.
 */
export async function somarRollupsDasVendas(db: Database, grupo: string, passo = (_nome: string, fazer: () => Promise<unknown>) => fazer()): Promise<void> {
  const vendas = sql`(select ${COLUNAS_PARA_O_RESUMO} from venda where grupo_empresarial_id = ${grupo})`;
  // Statistics first: PGlite, with none, plans the joins below over the fresh sales as if they were empty.
  await passo('estatísticas', () => db.execute(sql.raw('analyze venda, venda_item')));
  await passo('resumo por documento', () => db.execute(somarDocumentos(vendas)));
  await passo('resumo por hora', () => db.execute(somarAoResumo(vendas)));
  await passo('resumos de códigos e QR', () => db.execute(somarAosResumos(sql`v.grupo_empresarial_id = ${grupo}`, 'somar')));
  await passo('produtos por dia', () => db.execute(sql`insert into estoque_vendido_dia (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, como_item, como_complemento, vendas, total) ${vendidosDasVendas(grupo)}`));
  for (const tabela of ['venda', 'venda_item', 'venda_pagamento', 'venda_resumo_hora', 'estoque_vendido_dia', 'venda_resumo_documento', 'venda_resumo_codigo', 'venda_resumo_qr', 'venda_resumo_qr_produto']) await db.execute(sql.raw(`analyze ${tabela}`));
}
