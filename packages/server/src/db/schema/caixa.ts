import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Cash period closing (conciliacaoCaixa, issue 14). The period itself is the `periodo` record (SPEC §7);
 * these tables are append-only for the app role (select and insert): a withdrawal or addition is never
 * changed, and a period is approved once (unique), so two approvals at once post once.
 */

/** Sangria (cash out of the drawer) or suprimento (cash in) of a period, in centavos (positive). */
export const caixaMovimento = pgTable(
  'caixa_movimento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    periodoId: text('periodo_id').notNull(),
    tipo: text('tipo').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    motivo: text('motivo').notNull(),
    usuarioId: text('usuario_id'),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('caixa_movimento_periodo_idx').on(t.grupoEmpresarialId, t.periodoId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** The approved closing of a period: its lines (system, declared, difference per method) as approved. */
export const caixaConciliacao = pgTable(
  'caixa_conciliacao',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    periodoId: text('periodo_id').notNull(),
    /** The business date the cash was posted on (the period's opening day). */
    data: date('data').notNull(),
    fundoTroco: bigint('fundo_troco', { mode: 'number' }).notNull(),
    sangrias: bigint('sangrias', { mode: 'number' }).notNull(),
    suprimentos: bigint('suprimentos', { mode: 'number' }).notNull(),
    /** LinhaConciliacaoCaixa[] (domain finance/caixa.ts). */
    linhas: jsonb('linhas').notNull(),
    observacao: text('observacao').notNull().default(''),
    usuarioId: text('usuario_id'),
    aprovadoEm: timestamp('aprovado_em', { withTimezone: true }).notNull().defaultNow(),
    /** 1 for the first approval, n + 1 after the n-th was reopened: unique per period, so two approvals at once post once. */
    sequencia: integer('sequencia').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('caixa_conciliacao_periodo_seq_uq').on(t.grupoEmpresarialId, t.periodoId, t.sequencia),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * The reopening of an approval by a manager: who, when and why. The approval's ledger rows are reversed
 * by new rows in the same transaction; an approval is reopened once (unique), and the period takes a new one.
 */
export const caixaReabertura = pgTable(
  'caixa_reabertura',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    periodoId: text('periodo_id').notNull(),
    conciliacaoId: text('conciliacao_id').notNull(),
    motivo: text('motivo').notNull(),
    usuarioId: text('usuario_id'),
    reabertoEm: timestamp('reaberto_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('caixa_reabertura_conciliacao_uq').on(t.grupoEmpresarialId, t.conciliacaoId),
    index('caixa_reabertura_periodo_idx').on(t.grupoEmpresarialId, t.periodoId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
