import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** A company's QR code ordering: the menu and price table its tables order from, the service fee, on or off. */
export const qrCodeConfig = pgTable(
  'qr_code_config',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    cardapioId: text('cardapio_id'),
    tabelaVendaId: text('tabela_venda_id'),
    taxaServico: numeric('taxa_servico', { precision: 5, scale: 2 }).notNull().default('0'),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/**
 * A table with its QR code. The token is the table's public address (/q/<token>): printed on the table, so
 * kept as is, random enough not to be guessed; found by the public page without a session (by the owner).
 */
export const qrMesa = pgTable(
  'qr_mesa',
  {
    ...tenantColumn,
    ...rowColumns,
    ...lixoColumn,
    empresaId: text('empresa_id').notNull(),
    numero: integer('numero').notNull(),
    nome: text('nome').notNull(),
    area: text('area').notNull().default(''),
    token: text('token').notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('qr_mesa_numero_unico').on(t.grupoEmpresarialId, t.empresaId, t.numero).where(sql`not ${t.lixo}`),
    uniqueIndex('qr_mesa_token_unico').on(t.grupoEmpresarialId, t.token),
    // The public page knows only the token.
    index('qr_mesa_token_idx').on(t.token),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** An item of a QR order as the server priced it. */
export interface ItemPedidoQr {
  produto: string;
  descricao: string;
  quantidade: number;
  /** Price of one, complements included, in centavos. */
  precoUnitario: number;
  complementos: { grupo: string; descricao: string; precoAdicional: number }[];
  observacao: string | null;
  total: number;
}

/**
 * An order a customer sent from a table's QR page, priced by the server. Append-only: once per table and
 * the id the page generated (a resend answers the first). The open kitchen order it became is kdsPedidoId.
 */
export const qrPedido = pgTable(
  'qr_pedido',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    mesaId: text('mesa_id').notNull(),
    clienteId: text('cliente_id').notNull(),
    itens: jsonb('itens').$type<ItemPedidoQr[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    taxaServicoPercentual: numeric('taxa_servico_percentual', { precision: 5, scale: 2 }).notNull(),
    taxaServico: integer('taxa_servico').notNull(),
    total: integer('total').notNull(),
    kdsPedidoId: text('kds_pedido_id'),
    /** The customer signed in with a one-time code when the order was sent (cliente_sessao), if any. */
    pessoaId: text('pessoa_id'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('qr_pedido_cliente_unico').on(t.grupoEmpresarialId, t.mesaId, t.clienteId),
    index('qr_pedido_recentes_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId, t.mesaId], foreignColumns: [qrMesa.grupoEmpresarialId, qrMesa.id] }),
  ],
);

/** A customer called the waiter from the table's page; answered when someone marks it on the qrCode screen. */
export const qrChamada = pgTable(
  'qr_chamada',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    mesaId: text('mesa_id').notNull(),
    atendidaEm: timestamp('atendida_em', { withTimezone: true }),
    atendidaPor: text('atendida_por'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('qr_chamada_recentes_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId, t.mesaId], foreignColumns: [qrMesa.grupoEmpresarialId, qrMesa.id] }),
  ],
);
