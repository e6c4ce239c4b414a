import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Stock (docs/decisions/0014): an append-only ledger of movements, and the balances kept in the same
 * transaction as each movement (per location × product, and the company's average cost per product).
 * Quantities are numeric(18,4) in the product's stock unit; unit costs numeric(18,4) centavos.
 */
const quantidade = (nome: string) => numeric(nome, { precision: 18, scale: 4 }).notNull().default('0');

/** A stock document typed by hand (entrada avulsa, saída manual, transferência entre locais). */
export const estoqueDocumento = pgTable(
  'estoque_documento',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    tipo: text('tipo').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    localId: text('local_id').notNull(),
    destinoId: text('destino_id'),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull(),
    motivo: text('motivo'),
    observacao: text('observacao'),
    usuarioId: text('usuario_id'),
    /** The lines as typed: product, quantity and (entries) unit cost. */
    itens: jsonb('itens').$type<{ produto: string; quantidade: string; custoUnitario?: string }[]>().notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornadoPor: text('estornado_por'),
    motivoEstorno: text('motivo_estorno'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_documento_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.tipo, t.ocorridoEm),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** The ledger: one row per change of stock, never updated nor deleted; a correction is a new row. */
export const estoqueMovimento = pgTable(
  'estoque_movimento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    /** Order of recording: ties of business time are applied in this order (taken under the product's lock). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    empresaId: text('empresa_id').notNull(),
    localId: text('local_id').notNull(),
    produtoId: text('produto_id').notNull(),
    tipo: text('tipo').notNull(),
    /** Signed: positive in, negative out. */
    quantidade: quantidade('quantidade'),
    custoUnitario: numeric('custo_unitario', { precision: 18, scale: 4 }).notNull(),
    /** The unit cost is the movement's own (an entry, a production, their reversal) and entered the average. */
    custoProprio: boolean('custo_proprio').notNull(),
    /** quantidade × custo_unitario in whole centavos (signed). */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull(),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: text('usuario_id'),
    documentoTipo: text('documento_tipo').notNull(),
    documentoId: text('documento_id').notNull(),
    /** The movement this row reverses. */
    estornoDe: text('estorno_de'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // Kardex and recomputation: one product of a company in business-time order.
    index('estoque_movimento_produto_idx').on(t.grupoEmpresarialId, t.empresaId, t.produtoId, t.ocorridoEm, t.seq),
    // Movement reports: a company over a period.
    index('estoque_movimento_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.ocorridoEm),
    index('estoque_movimento_documento_idx').on(t.grupoEmpresarialId, t.documentoId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** Balance of one product in one location: the sum of its movements there. */
export const estoqueSaldo = pgTable(
  'estoque_saldo',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    localId: text('local_id').notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: quantidade('quantidade'),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.localId, t.produtoId] }),
    index('estoque_saldo_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.produtoId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * A company's position in one product: total quantity and weighted average unit cost, with the business
 * time of its latest movement and of its latest movement with its own cost (what tells whether a new
 * movement can be applied on top or the product must be replayed from the ledger).
 */
export const estoqueCusto = pgTable(
  'estoque_custo',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    produtoId: text('produto_id').notNull(),
    quantidade: quantidade('quantidade'),
    custoMedio: numeric('custo_medio', { precision: 18, scale: 4 }).notNull().default('0'),
    ultimoEm: timestamp('ultimo_em', { withTimezone: true }),
    ultimoProprioEm: timestamp('ultimo_proprio_em', { withTimezone: true }),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.empresaId, t.produtoId] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * The company's position totals per location (what relatorioEstoqueProduto shows over every line), kept as
 * append-only changes: each ledger write adds one row per location whose totals it moved (lines, lines with
 * stock, quantity, value = Σ round(saldo × custo médio)), and the totals are their sum. One row per change,
 * not one kept row per location: that row would serialise every sale of the company. Compacted now and then
 * into one row per location (stock/posicaoTotais.ts); `npm run estoque:recalcular` checks it against the balances.
 */
export const estoquePosicaoVariacao = pgTable(
  'estoque_posicao_variacao',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    localId: text('local_id').notNull(),
    linhas: integer('linhas').notNull().default(0),
    linhasComSaldo: integer('linhas_com_saldo').notNull().default(0),
    quantidade: quantidade('quantidade'),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('estoque_posicao_variacao_local_idx').on(t.grupoEmpresarialId, t.empresaId, t.localId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** A stock count (estoqueInventario): balances frozen at a moment, counted by line, approved once. */
export const estoqueInventario = pgTable(
  'estoque_inventario',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    descricao: text('descricao').notNull(),
    /** aberto → aprovado, or cancelado. */
    status: text('status').notNull().default('aberto'),
    /** The moment the balances were frozen: the adjustments are dated then (business time). */
    congeladoEm: timestamp('congelado_em', { withTimezone: true }).notNull(),
    criadoPor: text('criado_por'),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }),
    aprovadoPor: text('aprovado_por'),
    observacao: text('observacao'),
    /** The locations counted (a location with nothing frozen is still in the count); null on counts opened before: their lines' locations. */
    locais: text('locais').array(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_inventario_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.congeladoEm),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** One line of a count: the frozen balance of a product in a location and what was counted. */
export const estoqueInventarioItem = pgTable(
  'estoque_inventario_item',
  {
    ...tenantColumn,
    inventarioId: text('inventario_id').notNull(),
    localId: text('local_id').notNull(),
    produtoId: text('produto_id').notNull(),
    congelado: quantidade('congelado'),
    custoMedio: numeric('custo_medio', { precision: 18, scale: 4 }).notNull().default('0'),
    contado: numeric('contado', { precision: 18, scale: 4 }),
    contadoPor: text('contado_por'),
    contadoEm: timestamp('contado_em', { withTimezone: true }),
    /** A line added after the freeze (a product found on the shelf that was not frozen): when and by whom; null for frozen lines. */
    incluidoEm: timestamp('incluido_em', { withTimezone: true }),
    incluidoPor: text('incluido_por'),
    /**
     * What custo_medio holds: null or 'medio' the company's average; for a line added with no average,
     * 'ultimo' the last cost an entry or production brought in, 'cadastro' the company's registered cost,
     * 'semCusto' none. A gain on a line not at the average is posted at that cost.
     */
    custoOrigem: text('custo_origem'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.inventarioId, t.localId, t.produtoId] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
