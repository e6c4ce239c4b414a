import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Production orders (estoqueProducaoProdutos): what the kitchen plans to make, and each posting of what
 * it made. The stock itself moves only in the ledger (estoque_movimento, documento_tipo 'producao',
 * documento_id the posting's id); these tables keep the order and what each posting consumed.
 */
export const estoqueProducao = pgTable(
  'estoque_producao',
  {
    ...tenantColumn,
    ...rowColumns,
    /** The company that produces (the session's: the kitchen). */
    empresaId: text('empresa_id').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    produtoId: text('produto_id').notNull(),
    /** planejada → iniciada → finalizada, or cancelada while nothing was posted. */
    status: text('status').notNull().default('planejada'),
    /** In the product's stock unit. */
    quantidadePlanejada: numeric('quantidade_planejada', { precision: 18, scale: 4 }).notNull(),
    /** As typed, in `unidade_informada` (null: the stock unit). */
    quantidadeInformada: numeric('quantidade_informada', { precision: 18, scale: 4 }).notNull(),
    unidadeInformada: text('unidade_informada'),
    /** Sum of the postings not reversed, kept in the posting's transaction. */
    quantidadeProduzida: numeric('quantidade_produzida', { precision: 18, scale: 4 }).notNull().default('0'),
    valorProduzido: bigint('valor_produzido', { mode: 'number' }).notNull().default(0),
    localOrigemId: text('local_origem_id').notNull(),
    localDestinoId: text('local_destino_id').notNull(),
    /** Central kitchen: the store of the group the product goes to, and its location. */
    empresaDestinoId: text('empresa_destino_id'),
    localEmpresaDestinoId: text('local_empresa_destino_id'),
    dataPlanejada: date('data_planejada').notNull(),
    observacao: text('observacao'),
    criadoPor: text('criado_por'),
    iniciadaEm: timestamp('iniciada_em', { withTimezone: true }),
    finalizadaEm: timestamp('finalizada_em', { withTimezone: true }),
    finalizadaPor: text('finalizada_por'),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    canceladaPor: text('cancelada_por'),
    motivoCancelamento: text('motivo_cancelamento'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_producao_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.dataPlanejada),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** What one posting consumed: the ingredient, the quantity and its unit cost and value at the posting. */
export interface ConsumoGravado {
  produto: string;
  quantidade: string;
  custoUnitario: string;
  valor: number;
}

/** One posting of a production order: its movements are in the ledger under this row's id. */
export const estoqueProducaoApontamento = pgTable(
  'estoque_producao_apontamento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    producaoId: text('producao_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    /** 1, 2, … within the order. */
    numero: integer('numero').notNull(),
    /** Produced, in the product's stock unit. */
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull(),
    /** The product's unit cost from what was consumed (centavos, 4 places). */
    custoUnitario: numeric('custo_unitario', { precision: 18, scale: 4 }).notNull(),
    /** Value consumed = value produced, in centavos. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    consumos: jsonb('consumos').$type<ConsumoGravado[]>().notNull(),
    /** This posting finished the order. */
    finalizou: boolean('finalizou').notNull().default(false),
    observacao: text('observacao'),
    ocorridoEm: timestamp('ocorrido_em', { withTimezone: true }).notNull(),
    usuarioId: text('usuario_id'),
    estornadoEm: timestamp('estornado_em', { withTimezone: true }),
    estornadoPor: text('estornado_por'),
    motivoEstorno: text('motivo_estorno'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('estoque_producao_apontamento_producao_idx').on(t.grupoEmpresarialId, t.producaoId, t.numero),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
