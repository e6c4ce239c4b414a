import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Stock pending issues (pendências): what a sale could not take out of stock, kept in the sale's own
 * transaction (stock/pendencias.ts). One open row per company, product and kind ('semFicha': a product
 * sold with no active recipe sheet that does not control its stock; 'semLocal': the company has no
 * active stock location, produto_id ''), with the sales it affected; closed when its consumption is
 * posted afterwards (reprocessada) or written off (descartada). Whether its cause is fixed is read live.
 */
export const estoquePendencia = pgTable(
  'estoque_pendencia',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** The product sold ('' for a company-wide cause: no stock location). */
    produtoId: text('produto_id').notNull(),
    tipo: text('tipo').notNull(),
    /** Business time (the sales' closing) of the first and last sale affected. */
    primeiraVendaEm: timestamp('primeira_venda_em', { withTimezone: true }).notNull(),
    ultimaVendaEm: timestamp('ultima_venda_em', { withTimezone: true }).notNull(),
    /** Recording time: when the first and the last affected sale arrived. */
    registradaEm: timestamp('registrada_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadaEm: timestamp('atualizada_em', { withTimezone: true }).notNull().defaultNow(),
    /** Sales affected (a cancelled sale is taken back out). */
    vendas: integer('vendas').notNull().default(0),
    /** Quantity of the product not taken out, in its stock unit (semLocal: every product's, not meaningful). */
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull().default('0'),
    fechadaEm: timestamp('fechada_em', { withTimezone: true }),
    /** 'reprocessada' (consumption posted) or 'descartada'. */
    fechamento: text('fechamento'),
    fechadaPor: text('fechada_por'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // The upsert of each sale: one open row per company, product and kind.
    uniqueIndex('estoque_pendencia_aberta_idx').on(t.grupoEmpresarialId, t.empresaId, t.produtoId, t.tipo).where(sql`fechada_em is null`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** Each sale a pendência affected, with the product sold and how much: what reprocessing posts, exactly. */
export const estoquePendenciaVenda = pgTable(
  'estoque_pendencia_venda',
  {
    ...tenantColumn,
    pendenciaId: text('pendencia_id').notNull(),
    vendaId: text('venda_id').notNull(),
    /** The product sold (item or complement), in its stock unit. */
    produtoId: text('produto_id').notNull(),
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull(),
    /** The sale's closing (business time): the consumption is dated then. */
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.pendenciaId, t.vendaId, t.produtoId] }),
    // A cancelled sale is taken out of its pendências.
    index('estoque_pendencia_venda_venda_idx').on(t.grupoEmpresarialId, t.vendaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
