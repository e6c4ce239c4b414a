import { bigint, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** States of a kitchen item: arrived, being made, done (bumped). A recall brings it back to em_preparo. */
export const estadosItemKds = ['novo', 'em_preparo', 'pronto'] as const;
export type EstadoItemKds = (typeof estadosItemKds)[number];

/**
 * An order as the kitchen sees it: from a sale ingested (vendaId set) or an order still open sent by the
 * terminal. `origem` is the terminal that sent it: once per company, terminal and its pedidoId, so an order
 * sent open and then closed as a sale reaches the kitchen once.
 */
export const kdsPedido = pgTable(
  'kds_pedido',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    origem: text('origem').notNull(),
    pedidoId: text('pedido_id').notNull(),
    vendaId: text('venda_id'),
    mesa: text('mesa'),
    cliente: text('cliente'),
    chegouEm: timestamp('chegou_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('kds_pedido_origem_unico').on(t.grupoEmpresarialId, t.empresaId, t.origem, t.pedidoId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** An item of a kitchen order, routed to the sector of its product's group, with its state and when each began. */
export const kdsItem = pgTable(
  'kds_item',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    kdsPedidoId: text('kds_pedido_id').notNull(),
    seq: integer('seq').notNull(),
    produtoId: text('produto_id').notNull(),
    descricao: text('descricao').notNull(),
    quantidade: numeric('quantidade', { precision: 14, scale: 3 }).notNull(),
    modificadores: jsonb('modificadores').$type<unknown[]>().notNull().default([]),
    observacao: text('observacao'),
    /** Null: the product's group has no sector in this store (only the dispatch sees it). */
    setorId: text('setor_id'),
    estado: text('estado').$type<EstadoItemKds>().notNull().default('novo'),
    chegouEm: timestamp('chegou_em', { withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    prontoEm: timestamp('pronto_em', { withTimezone: true }),
    /** The station that bumped it (the prep-time report and "recall the last bumped"). */
    prontoEstacao: text('pronto_estacao'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('kds_item_seq_unico').on(t.grupoEmpresarialId, t.kdsPedidoId, t.seq),
    index('kds_item_aberto_idx').on(t.grupoEmpresarialId, t.empresaId, t.estado),
    foreignKey({ columns: [t.grupoEmpresarialId, t.kdsPedidoId], foreignColumns: [kdsPedido.grupoEmpresarialId, kdsPedido.id] }),
  ],
);

/**
 * What the boards are told (an order arrived, items bumped, recalled), append-only. The id grows with
 * each event, so a board that reconnects asks for those after the last it saw; setores says which
 * stations it concerns.
 */
export const kdsEvento = pgTable(
  'kds_evento',
  {
    ...tenantColumn,
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    empresaId: text('empresa_id').notNull(),
    tipo: text('tipo').notNull(),
    kdsPedidoId: text('kds_pedido_id').notNull(),
    setores: text('setores').array().notNull(),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('kds_evento_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.id),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
