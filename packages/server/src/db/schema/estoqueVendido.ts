import { bigint, date, foreignKey, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * What each company sold of each product per local day (America/Sao_Paulo): items and complements that
 * are products, of sales not cancelled, items not cancelled, in the product's unit at the ledger's 4
 * places (a complement's item × its quantity rounded per sale, as the stock is lowered). Kept in the
 * transaction of each sale and cancellation (stock/vendidosDia.ts); relatorioVendaInsumos reads a period
 * of whole days from here instead of adding up the items (docs/decisions/0015). The sales reports read
 * the same rows (relatorioVendaProdutos, listaProdutosVendidos): the product as an item and as a
 * complement at their 3 places, the sales it was an item of, and what those items took (bruto − desconto).
 */
export const estoqueVendidoDia = pgTable(
  'estoque_vendido_dia',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia').notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull().default('0'),
    /** Sold as an item (3 places, as sold). */
    comoItem: numeric('como_item', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Sold as a complement: each item × the complement's quantity rounded to 3 places. */
    comoComplemento: numeric('como_complemento', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Sales it was an item of. */
    vendas: integer('vendas').notNull().default(0),
    /** What its items took, net of item discounts, in centavos. */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.produtoId] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);
