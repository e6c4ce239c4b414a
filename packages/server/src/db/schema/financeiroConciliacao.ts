import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Bank reconciliation (issue 14): which statement line goes with which ledger movements.
 *
 * Why a current-state table plus a history rather than append-only with undo rows: "a line is
 * reconciled at most once" must hold in the database under concurrency, and a plain unique index on
 * the line (and on the movement) says exactly that only if an unmatch removes the row. So the current
 * matches live in financeiro_conciliacao (+ its movements), which the app role may delete from, and
 * every match and unmatch is appended to financeiro_conciliacao_historico (select and insert only),
 * in the same transaction: who, when, which movements.
 */
export const financeiroConciliacao = pgTable(
  'financeiro_conciliacao',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    contaId: text('conta_id').notNull(),
    linhaId: text('linha_id').notNull(),
    /** exato, janela, dia, recebivel, antecipacao, regra, manual, criado (domain OrigemConciliacao). */
    origem: text('origem').notNull(),
    /** A card credit matched to an acquirer's expected day: what the contract said, for the fee audit. */
    operadoraId: text('operadora_id'),
    recebivelData: date('recebivel_data'),
    previstoBruto: bigint('previsto_bruto', { mode: 'number' }),
    previstoTaxas: bigint('previsto_taxas', { mode: 'number' }),
    previstoLiquido: bigint('previsto_liquido', { mode: 'number' }),
    regraId: text('regra_id'),
    usuarioId: text('usuario_id'),
    conciliadoEm: timestamp('conciliado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // A statement line is reconciled once, by the database too (two concurrent runs: one wins).
    uniqueIndex('financeiro_conciliacao_linha_uq').on(t.grupoEmpresarialId, t.linhaId),
    index('financeiro_conciliacao_conta_idx').on(t.grupoEmpresarialId, t.contaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * The days an acquirer anticipated on its own, one credit paying several later days' receivables less a
 * discount (origem antecipacao): per operadora-day what the forecast expected and the discount the credit
 * implies, for the fee audit (anticipation cost apart from the MDR) and so no other credit takes those days.
 * Deleted with its match on undo (the history keeps the match).
 */
export const financeiroConciliacaoAntecipacao = pgTable(
  'financeiro_conciliacao_antecipacao',
  {
    ...tenantColumn,
    conciliacaoId: text('conciliacao_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    operadoraId: text('operadora_id').notNull(),
    recebivelData: date('recebivel_data').notNull(),
    /** Calendar days from the credit to the day it was due. */
    dias: integer('dias').notNull(),
    previstoBruto: bigint('previsto_bruto', { mode: 'number' }).notNull(),
    previstoTaxas: bigint('previsto_taxas', { mode: 'number' }).notNull(),
    previstoLiquido: bigint('previsto_liquido', { mode: 'number' }).notNull(),
    /** This day's share of the anticipation discount (net expected − its share of the credit). */
    desconto: bigint('desconto', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.conciliacaoId, t.recebivelData] }),
    index('financeiro_conciliacao_antecipacao_dia_idx').on(t.grupoEmpresarialId, t.empresaId, t.recebivelData),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** The movements of a reconciliation: a movement belongs to one line at most (primary key). */
export const financeiroConciliacaoMovimento = pgTable(
  'financeiro_conciliacao_movimento',
  {
    ...tenantColumn,
    movimentoId: text('movimento_id').notNull(),
    conciliacaoId: text('conciliacao_id').notNull(),
    contaId: text('conta_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.movimentoId] }),
    index('financeiro_conciliacao_movimento_conciliacao_idx').on(t.grupoEmpresarialId, t.conciliacaoId),
    index('financeiro_conciliacao_movimento_conta_idx').on(t.grupoEmpresarialId, t.contaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** Every match and unmatch, appended (the app role may only select and insert). */
export const financeiroConciliacaoHistorico = pgTable(
  'financeiro_conciliacao_historico',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    conciliacaoId: text('conciliacao_id').notNull(),
    contaId: text('conta_id').notNull(),
    linhaId: text('linha_id').notNull(),
    /** conciliada or desfeita. */
    acao: text('acao').notNull(),
    origem: text('origem').notNull(),
    movimentos: text('movimentos').array().notNull(),
    usuarioId: text('usuario_id'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('financeiro_conciliacao_historico_linha_idx').on(t.grupoEmpresarialId, t.linhaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** A rule the user saved: memo contains `texto` (optionally of one account, one sign) → a movement in `planoConta`. */
export const financeiroConciliacaoRegra = pgTable(
  'financeiro_conciliacao_regra',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    texto: text('texto').notNull(),
    contaId: text('conta_id'),
    /** credito, debito or null (either). */
    sinal: text('sinal'),
    planoContaId: text('plano_conta_id').notNull(),
    descricao: text('descricao'),
    usuarioId: text('usuario_id'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);
