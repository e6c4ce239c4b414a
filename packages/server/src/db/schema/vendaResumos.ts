import { bigint, date, foreignKey, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Rollups of relatorioVendasResumoFiscal and relatorioQrCode, kept in each sale's own transaction
 * (ingestion, cancellation, a document's new status) as venda_resumo_hora is, so a month of a group
 * reads a few rows per store and day instead of every sale and item (sales/resumosVenda.ts writes them).
 * A missing code, model, series or table is '' / -1 here, so it can be part of the key.
 */
const centavos = (nome: string) => bigint(nome, { mode: 'number' }).notNull().default(0);

/** Sales per local day by fiscal document (model, latest status, series): cancelled ones counted in and apart. */
export const vendaResumoDocumento = pgTable(
  'venda_resumo_documento',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    modelo: text('modelo').notNull(),
    status: text('status').notNull(),
    serie: smallint('serie').notNull(),
    vendas: integer('vendas').notNull().default(0),
    total: centavos('total'),
    canceladas: integer('canceladas').notNull().default(0),
    valorCancelado: centavos('valor_cancelado'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.modelo, t.status, t.serie] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/** Items of sales not cancelled, not cancelled themselves, per local day by CFOP and CST/CSOSN. */
export const vendaResumoCodigo = pgTable(
  'venda_resumo_codigo',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    cfop: text('cfop').notNull(),
    cst: text('cst').notNull(),
    itens: integer('itens').notNull().default(0),
    total: centavos('total'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.cfop, t.cst] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/** QR code orders per local day, hour and table: orders and total of those not cancelled, their units, the cancelled. */
export const vendaResumoQr = pgTable(
  'venda_resumo_qr',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    mesa: text('mesa').notNull(),
    pedidos: integer('pedidos').notNull().default(0),
    total: centavos('total'),
    /** Items as a customer counts them (2 juices are 2, a weighed plate is 1). */
    unidades: numeric('unidades', { precision: 14, scale: 3 }).notNull().default('0'),
    canceladas: integer('canceladas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.hora, t.mesa] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/** Products of QR code orders (not cancelled, item not cancelled) per local day: quantity, orders they were in, revenue. */
export const vendaResumoQrProduto = pgTable(
  'venda_resumo_qr_produto',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: numeric('quantidade', { precision: 14, scale: 3 }).notNull().default('0'),
    pedidos: integer('pedidos').notNull().default(0),
    total: centavos('total'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.produtoId] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);
