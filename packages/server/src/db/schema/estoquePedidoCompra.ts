import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** One line of a purchase order as kept: in the supplier's unit, and the factor to our stock unit. */
export interface LinhaPedidoGravada {
  produto: string;
  /** The supplier's unit (sigla), null: our stock unit. */
  unidade: string | null;
  /** Stock units per supplier unit (6 places, text). */
  fator: string;
  /** Ordered, in the supplier's unit (4 places, text). */
  quantidade: string;
  /** Price per supplier unit in centavos (4 places, text). */
  precoUnitario: string;
  /** Line total in centavos. */
  valor: number;
  /** Received so far, in the supplier's unit (4 places, text), kept in each receipt's transaction. */
  quantidadeRecebida: string;
}

/** One line of a receipt, with what differs from the order. */
export interface LinhaRecebimentoGravada {
  linha: number;
  produto: string;
  quantidade: string;
  precoUnitario: string;
  /** In our stock unit (4 places, text): what the ledger got. */
  quantidadeEstoque: string;
  valor: number;
  divergencias: { quantidade?: string; precoUnitario?: string };
  /** From a note: the note's item number. */
  itemNota?: number;
}

/**
 * Purchase orders (estoquePedidoCompra): per supplier and company, rascunho (→ aguardandoAprovacao) →
 * enviado → recebido parcialmente → recebido, or encerrado (closed short), or cancelado. Stock moves only in the ledger, by each receipt (documento_tipo
 * 'pedidoCompra', documento_id the receipt's id).
 */
export const estoquePedidoCompra = pgTable(
  'estoque_pedido_compra',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    fornecedorId: text('fornecedor_id').notNull(),
    status: text('status').notNull().default('rascunho'),
    itens: jsonb('itens').$type<LinhaPedidoGravada[]>().notNull(),
    /** Sum of the lines, centavos. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    previsaoEntrega: date('previsao_entrega'),
    observacao: text('observacao'),
    criadoPor: text('criado_por'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    enviadoPor: text('enviado_por'),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    canceladoPor: text('cancelado_por'),
    motivoCancelamento: text('motivo_cancelamento'),
    /** Above the company's limit, sending waits for approval: who asked and when, who approved and when. */
    aprovacaoPedidaEm: timestamp('aprovacao_pedida_em', { withTimezone: true }),
    aprovacaoPedidaPor: text('aprovacao_pedida_por'),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    aprovadoPor: text('aprovado_por'),
    /** Closed short: what was not received is no longer due. */
    encerradoEm: timestamp('encerrado_em', { withTimezone: true }),
    encerradoPor: text('encerrado_por'),
    motivoEncerramento: text('motivo_encerramento'),
    /** The last e-mail of the order's PDF to the supplier: when, by whom, to which address (the message is in email_saida). */
    emailEnviadoEm: timestamp('email_enviado_em', { withTimezone: true }),
    emailEnviadoPor: text('email_enviado_por'),
    emailPara: text('email_para'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_pedido_compra_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.status, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** One receipt of a purchase order: its movements are in the ledger under this row's id. Append-only. */
export const estoquePedidoCompraRecebimento = pgTable(
  'estoque_pedido_compra_recebimento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    pedidoId: text('pedido_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** 1, 2, … within the order. */
    numero: integer('numero').notNull(),
    localId: text('local_id').notNull(),
    itens: jsonb('itens').$type<LinhaRecebimentoGravada[]>().notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    observacao: text('observacao'),
    /** A receipt from the supplier's NF-e: the entry (entrada_nota_fiscal) whose posting moved the stock; null: by hand (this row's own movements). */
    entradaId: text('entrada_id'),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull(),
    usuarioId: text('usuario_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_pedido_compra_recebimento_pedido_idx').on(t.grupoEmpresarialId, t.pedidoId),
    // One receipt per order and note: a note posted twice cannot receive an order twice.
    uniqueIndex('estoque_pedido_compra_recebimento_entrada_uq').on(t.grupoEmpresarialId, t.pedidoId, t.entradaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
