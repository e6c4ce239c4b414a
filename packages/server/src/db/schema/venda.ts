import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Sales are typed tables, not `registro` records: there are millions of them and the reports add
 * them up by company, day, hour, channel and product. Money is bigint centavos; quantities numeric.
 */
const centavos = (nome: string) => bigint(nome, { mode: 'number' }).notNull().default(0);

/** The credential a terminal sends (Authorization: Bearer …): only its hash is kept. */
export const terminalCredencial = pgTable(
  'terminal_credencial',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    criadaPor: text('criada_por'),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // The token alone does not say the group, so the lookup is by hash across groups (as sessao).
    uniqueIndex('terminal_credencial_token').on(t.tokenHash),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

export const venda = pgTable(
  'venda',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    /** The terminal's own order id: the idempotency key with the terminal. */
    pedidoId: text('pedido_id').notNull(),
    periodoId: text('periodo_id'),
    canal: text('canal').notNull(),
    mesa: text('mesa'),
    garcomId: text('garcom_id'),
    /** The user who closed the sale at the terminal. */
    operadorId: text('operador_id'),
    entregadorId: text('entregador_id'),
    clienteId: text('cliente_id'),
    abertoEm: timestamp('aberto_em', { withTimezone: true }).notNull(),
    fechadoEm: timestamp('fechado_em', { withTimezone: true }).notNull(),
    bruto: centavos('bruto'),
    descontoItens: centavos('desconto_itens'),
    desconto: centavos('desconto'),
    descontoMotivoId: text('desconto_motivo_id'),
    taxaServico: centavos('taxa_servico'),
    taxaEntrega: centavos('taxa_entrega'),
    total: centavos('total'),
    troco: centavos('troco'),
    itensCancelados: integer('itens_cancelados').notNull().default(0),
    valorCancelado: centavos('valor_cancelado'),
    cupom: text('cupom'),
    documentoModelo: text('documento_modelo'),
    documentoChave: text('documento_chave'),
    documentoNumero: integer('documento_numero'),
    documentoSerie: smallint('documento_serie'),
    documentoStatus: text('documento_status'),
    cancelada: boolean('cancelada').notNull().default(false),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    canceladaPor: text('cancelada_por'),
    motivoCancelamento: text('motivo_cancelamento'),
    /** The order exactly as the terminal sent it, for audit. */
    original: jsonb('original').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('venda_pedido_unico').on(t.grupoEmpresarialId, t.terminalId, t.pedidoId),
    // The reports' path: a group's companies over a period.
    index('venda_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm),
    // A cash period's sales (conciliacaoCaixa); most sales of integrations carry none.
    index('venda_periodo_caixa_idx').on(t.grupoEmpresarialId, t.periodoId).where(sql`periodo_id is not null`),
    // The few cancelled sales of a period (relatorioVendaCancelamentos) without reading its sales: a month of 10 stores read 84k.
    index('venda_cancelada_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm).where(sql`cancelada`),
    // The few contingency documents still to transmit of a period (relatorioVendasResumoFiscal) without reading its sales.
    index('venda_contingencia_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm).where(sql`documento_status = 'contingencia'`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

export const vendaItem = pgTable(
  'venda_item',
  {
    ...tenantColumn,
    vendaId: text('venda_id').notNull(),
    seq: smallint('seq').notNull(),
    empresaId: text('empresa_id').notNull(),
    fechadoEm: timestamp('fechado_em', { withTimezone: true }).notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: numeric('quantidade', { precision: 12, scale: 3 }).notNull(),
    precoUnitario: centavos('preco_unitario'),
    bruto: centavos('bruto'),
    desconto: centavos('desconto'),
    descontoMotivoId: text('desconto_motivo_id'),
    modificadores: jsonb('modificadores').notNull().default(sql`'[]'::jsonb`),
    observacao: text('observacao'),
    /** As sent by the terminal or, when it sent none, the product's configuracaoImposto in the company. */
    cfop: text('cfop'),
    /** CST of the ICMS (regime normal) or CSOSN (Simples Nacional). */
    cst: text('cst'),
    cancelado: boolean('cancelado').notNull().default(false),
    canceladoPor: text('cancelado_por'),
    canceladoMotivo: text('cancelado_motivo'),
    canceladoEm: timestamp('cancelado_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.vendaId, t.seq] }),
    index('venda_item_produto_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm, t.produtoId),
    // The few cancelled or discounted items of a period (relatorioVendaCancelamentos, relatorioVendaDescontos)
    // without reading the period's items: a month of 10 stores was a scan of every item of the year (1–1.6 s).
    index('venda_item_cancelado_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm).where(sql`cancelado`),
    index('venda_item_desconto_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm).where(sql`desconto > 0`),
    // No foreign key to venda: written only by the statement that inserts the sale (decision 0020); its check cost 40% of PostgreSQL's time per order.
  ],
);

export const vendaPagamento = pgTable(
  'venda_pagamento',
  {
    ...tenantColumn,
    vendaId: text('venda_id').notNull(),
    seq: smallint('seq').notNull(),
    empresaId: text('empresa_id').notNull(),
    fechadoEm: timestamp('fechado_em', { withTimezone: true }).notNull(),
    formaPagamentoId: text('forma_pagamento_id').notNull(),
    tPag: text('t_pag').notNull(),
    bandeiraId: text('bandeira_id'),
    operadoraId: text('operadora_id'),
    parcelas: smallint('parcelas').notNull().default(1),
    valor: centavos('valor'),
    troco: centavos('troco'),
    autorizacao: text('autorizacao'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.vendaId, t.seq] }),
    index('venda_pagamento_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm),
    // Credit in installments: the card receivables forecast reads them up to a year back, the other payments only weeks.
    index('venda_pagamento_parcelado_idx').on(t.grupoEmpresarialId, t.empresaId, t.parcelas, t.fechadoEm).where(sql`t_pag = '03' and parcelas > 1`),
    // No foreign key to venda: written only by the statement that inserts the sale (decision 0020); its check cost 40% of PostgreSQL's time per order.
  ],
);

/** Items moved between tables or comandas before the sale closed: who, when, from and to, why. */
export const vendaTransferencia = pgTable(
  'venda_transferencia',
  {
    ...tenantColumn,
    vendaId: text('venda_id').notNull(),
    seq: smallint('seq').notNull(),
    empresaId: text('empresa_id').notNull(),
    fechadoEm: timestamp('fechado_em', { withTimezone: true }).notNull(),
    /** The item's seq in venda_item. */
    itemSeq: smallint('item_seq').notNull(),
    deMesa: text('de_mesa').notNull(),
    paraMesa: text('para_mesa').notNull(),
    usuarioId: text('usuario_id').notNull(),
    motivo: text('motivo'),
    em: timestamp('em', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.vendaId, t.seq] }),
    index('venda_transferencia_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.fechadoEm),
    // No foreign key to venda: written only by the statement that inserts the sale (decision 0020); its check cost 40% of PostgreSQL's time per order.
  ],
);

/**
 * Sales added up per company, local day and hour, channel, terminal and operator, kept in the same
 * transaction as each sale and each cancellation: relatorioVenda reads a month of a group from here
 * (a few rows per store and hour) instead of every sale. operador_id is '' when the sale has none.
 */
export const vendaResumoHora = pgTable(
  'venda_resumo_hora',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    canal: text('canal').notNull(),
    terminalId: text('terminal_id').notNull(),
    operadorId: text('operador_id').notNull().default(''),
    vendas: integer('vendas').notNull().default(0),
    bruto: centavos('bruto'),
    descontos: centavos('descontos'),
    taxaServico: centavos('taxa_servico'),
    taxaEntrega: centavos('taxa_entrega'),
    total: centavos('total'),
    canceladas: integer('canceladas').notNull().default(0),
    valorCancelado: centavos('valor_cancelado'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.dia, t.hora, t.canal, t.terminalId, t.operadorId] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * Each change of a sale's fiscal document after it was received (a contingency NFC-e transmitted and
 * authorized, a rejection, the cancellation event), with SEFAZ's protocol and answer: the report says
 * from here when a contingency document was transmitted. venda.documento_status holds the latest.
 */
export const vendaDocumentoSituacao = pgTable(
  'venda_documento_situacao',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    vendaId: text('venda_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    anterior: text('anterior'),
    status: text('status').notNull(),
    protocolo: text('protocolo'),
    codigo: text('codigo'),
    motivo: text('motivo'),
    /** When SEFAZ answered, as the terminal reports it. */
    em: timestamp('em', { withTimezone: true }).notNull(),
    /** 'documentoFiscal' (the terminal's report) or 'cancelamento' (cancelling the sale). */
    origem: text('origem').notNull(),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('venda_documento_situacao_venda_idx').on(t.grupoEmpresarialId, t.vendaId, t.registradoEm),
    foreignKey({ columns: [t.grupoEmpresarialId, t.vendaId], foreignColumns: [venda.grupoEmpresarialId, venda.id] }).onDelete('cascade'),
  ],
);
