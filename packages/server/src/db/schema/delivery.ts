import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ItemPedidoDelivery, PedidoDelivery } from '@retaguarda/domain';
import { rowColumns, tenantColumn } from './columns.ts';

/**
 * The webhook secret of a delivery integration (appIntegracaoDelivery), AES-256-GCM with the key of
 * secrets at rest (security/cifra.ts): HMAC needs the secret itself, so it cannot be a hash.
 */
export const deliverySegredo = pgTable(
  'delivery_segredo',
  {
    ...tenantColumn,
    integracaoId: text('integracao_id').notNull(),
    segredoCifrado: text('segredo_cifrado').notNull(),
    definidoEm: timestamp('definido_em', { withTimezone: true }).notNull().defaultNow(),
    definidoPor: text('definido_por').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.integracaoId] })],
);

/** The marketplace's item id → our product, per integration. */
export const deliveryMapa = pgTable(
  'delivery_mapa',
  {
    ...tenantColumn,
    ...rowColumns,
    integracaoId: text('integracao_id').notNull(),
    itemExterno: text('item_externo').notNull(),
    descricaoExterna: text('descricao_externa').notNull(),
    produtoId: text('produto_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.integracaoId, t.itemExterno] })],
);

/** Every webhook event accepted (signature right), once: the unique key is what makes a resend a no-op. */
export const deliveryEvento = pgTable(
  'delivery_evento',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    eventoId: text('evento_id').notNull(),
    tipo: text('tipo').notNull(),
    pedidoExterno: text('pedido_externo'),
    corpo: jsonb('corpo').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), uniqueIndex('delivery_evento_unico').on(t.grupoEmpresarialId, t.integracaoId, t.eventoId)],
);

export const situacoesPedidoDelivery = ['recebido', 'aceito', 'recusado', 'cancelado'] as const;
export type SituacaoPedidoDelivery = (typeof situacoesPedidoDelivery)[number];

/** An order a marketplace sent: waiting for a decision, accepted (then `vendaId`), refused or cancelled. */
export const deliveryPedido = pgTable(
  'delivery_pedido',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    pedidoExterno: text('pedido_externo').notNull(),
    codigo: text('codigo').notNull(),
    cliente: text('cliente'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull(),
    itens: jsonb('itens').$type<ItemPedidoDelivery[]>().notNull(),
    pedido: jsonb('pedido').$type<PedidoDelivery>().notNull(),
    situacao: text('situacao').$type<SituacaoPedidoDelivery>().notNull().default('recebido'),
    vendaId: text('venda_id'),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
    /** A user's id, or 'automatico' for the automatic acceptance, or the marketplace's name for its cancellation. */
    decididoPor: text('decidido_por'),
    motivo: text('motivo'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('delivery_pedido_unico').on(t.grupoEmpresarialId, t.integracaoId, t.pedidoExterno),
    index('delivery_pedido_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.criadoEm),
  ],
);

/**
 * What the marketplace pays the store for each order, in centavos, written when the order arrives:
 * the table finance reads (the wallet's expected credit, the fee as an expense).
 */
export const deliveryRepasse = pgTable(
  'delivery_repasse',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    pedidoId: text('pedido_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    bruto: integer('bruto').notNull(),
    comissao: integer('comissao').notNull(),
    taxaEntrega: integer('taxa_entrega').notNull(),
    campanhas: integer('campanhas').notNull(),
    subsidio: integer('subsidio').notNull(),
    liquido: integer('liquido').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.pedidoId] }), index('delivery_repasse_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt)],
);

/**
 * Our status of a marketplace order (accepted, refused, ready, dispatched) or of the store on it (evento
 * 'loja', no order, the status in `loja`) sent back to the marketplace: an outbox written in the decision's
 * transaction, sent after commit and retried with growing waits while the marketplace is down; a 4xx (it
 * refused) or the last attempt ends it with the error kept.
 */
export const deliveryRetorno = pgTable(
  'delivery_retorno',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    integracaoId: text('integracao_id').notNull(),
    pedidoId: text('pedido_id'),
    evento: text('evento').notNull(),
    /** The store's status told (evento 'loja'): a newer one makes an unsent older one moot. */
    loja: jsonb('loja').$type<{ situacao: string; motivo: string | null; ate: string | null; interrupcao?: string | null; semChamada?: boolean }>(),
    tentativas: integer('tentativas').notNull().default(0),
    proximaEm: timestamp('proxima_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    desistiuEm: timestamp('desistiu_em', { withTimezone: true }),
    ultimoErro: text('ultimo_erro'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('delivery_retorno_unico').on(t.grupoEmpresarialId, t.pedidoId, t.evento),
    index('delivery_retorno_pendentes_idx').on(t.proximaEm).where(sql`enviado_em is null and desistiu_em is null`),
    // The store's status rows only (few beside the orders' statuses): the periodic reopening of ended pauses and the last status told.
    index('delivery_retorno_loja_idx').on(t.grupoEmpresarialId, t.integracaoId, t.createdAt, t.id).where(sql`evento = 'loja'`),
  ],
);
