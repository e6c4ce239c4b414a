import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** One line of a transfer between stores as kept (quantities 4 places and unit cost 4 places of centavo, as text). */
export interface LinhaTransferenciaGravada {
  produto: string;
  /** Sent, in the product's stock unit. */
  quantidade: string;
  /** Price per stock unit in centavos: the transfer price table's, else the sending store's average when sent. */
  custoUnitario: string;
  /** Where the unit cost came from. */
  origemCusto: 'tabela' | 'custoMedio';
  /** Line total in centavos. */
  valor: number;
  /** What arrived (set at the receipt). */
  quantidadeRecebida: string | null;
  /** Received − sent (negative: missing; positive: more than sent), and its value at the unit cost. */
  divergencia: string | null;
  valorDivergencia: number | null;
}

/** One line of a transfer request: asked, and what the supplying store approved (with why, when it differs). */
export interface LinhaPedidoTransferenciaGravada {
  produto: string;
  quantidade: string;
  quantidadeAprovada: string | null;
  justificativa: string | null;
  /** What the picking sent, when it differs from the approval (absent in requests sent before this existed), and why. */
  quantidadeEnviada?: string | null;
  justificativaEnvio?: string | null;
}

/**
 * Transfers between stores of a group (estoqueTransferenciaLojas): rascunho → enviada (in transit: the
 * ledger lowered the origin) → recebida (the destination raised by what arrived), or cancelada (a draft,
 * or a sent one reversed). empresa_id is the sending store (its numbering); the ledger's rows of both
 * stores carry this row's id (documento_tipo 'transferenciaLojas').
 */
export const estoqueTransferenciaLojas = pgTable(
  'estoque_transferencia_lojas',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    empresaDestinoId: text('empresa_destino_id').notNull(),
    localOrigemId: text('local_origem_id').notNull(),
    localDestinoId: text('local_destino_id'),
    pedidoId: text('pedido_id'),
    status: text('status').notNull().default('rascunho'),
    itens: jsonb('itens').$type<LinhaTransferenciaGravada[]>().notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    valorRecebido: bigint('valor_recebido', { mode: 'number' }),
    valorDivergencia: bigint('valor_divergencia', { mode: 'number' }),
    observacao: text('observacao'),
    observacaoRecebimento: text('observacao_recebimento'),
    criadoPor: text('criado_por'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    enviadoPor: text('enviado_por'),
    recebidoEm: timestamp('recebido_em', { withTimezone: true }),
    recebidoPor: text('recebido_por'),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    canceladoPor: text('cancelado_por'),
    motivoCancelamento: text('motivo_cancelamento'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_transferencia_lojas_origem_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    index('estoque_transferencia_lojas_destino_idx').on(t.grupoEmpresarialId, t.empresaDestinoId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * Transfer requests (estoquePedidoTransferencia / solicitacaoPedidoTransferencia): a store (empresa_id,
 * its numbering) asks another (the central kitchen) for products; solicitado → aprovado (whole or in
 * part, per line) → enviado (the transfer above) → recebido, or recusado / cancelado. Who and when at
 * each step: here, and the sending and the receipt on the transfer.
 */
export const estoquePedidoTransferencia = pgTable(
  'estoque_pedido_transferencia',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    empresaFornecedoraId: text('empresa_fornecedora_id').notNull(),
    status: text('status').notNull().default('solicitado'),
    /** 'manual' or 'reposicao' (made from the replenishment list). */
    origem: text('origem').notNull().default('manual'),
    itens: jsonb('itens').$type<LinhaPedidoTransferenciaGravada[]>().notNull(),
    observacao: text('observacao'),
    transferenciaId: text('transferencia_id'),
    criadoPor: text('criado_por'),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    aprovadoPor: text('aprovado_por'),
    recusadoEm: timestamp('recusado_em', { withTimezone: true }),
    recusadoPor: text('recusado_por'),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
    canceladoPor: text('cancelado_por'),
    motivo: text('motivo'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_pedido_transferencia_solicitante_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    index('estoque_pedido_transferencia_fornecedora_idx').on(t.grupoEmpresarialId, t.empresaFornecedoraId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
