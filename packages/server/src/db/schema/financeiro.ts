import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * The money ledger (issue 14): every change of an account's balance is an appended row, never updated
 * nor deleted (the app role may only select and insert); a correction is a reversing row. The balances
 * are kept in the same transaction (finance/razao.ts) and recomputed by `npm run financeiro:recalcular`.
 * Money in integer centavos.
 */
export const financeiroMovimento = pgTable(
  'financeiro_movimento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    /** Recording order: ties of business date are listed (and summed for running balances) in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    empresaId: text('empresa_id').notNull(),
    contaId: text('conta_id').notNull(),
    /** Business date (the company's day the money moved). */
    data: date('data').notNull(),
    /** Signed: positive in, negative out. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    tipo: text('tipo').notNull(),
    planoContaId: text('plano_conta_id'),
    descricao: text('descricao').notNull(),
    pessoaId: text('pessoa_id'),
    /** The document that posted it (a payable's settlement, a cash closing, an OFX line…), for later issues. */
    documentoTipo: text('documento_tipo'),
    documentoId: text('documento_id'),
    /** The two rows of one transfer share it. */
    transferenciaId: text('transferencia_id'),
    /** The row this one reverses: once (unique), so a second reversal is refused by the database too. */
    estornoDe: text('estorno_de'),
    usuarioId: text('usuario_id'),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // An account's statement and running balance: its rows in date order.
    index('financeiro_movimento_conta_idx').on(t.grupoEmpresarialId, t.contaId, t.data, t.seq),
    // The company's movements over a period (the screen, the reports).
    index('financeiro_movimento_periodo_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
    index('financeiro_movimento_plano_idx').on(t.grupoEmpresarialId, t.planoContaId),
    index('financeiro_movimento_documento_idx').on(t.grupoEmpresarialId, t.documentoTipo, t.documentoId),
    uniqueIndex('financeiro_movimento_estorno_uq').on(t.grupoEmpresarialId, t.estornoDe).where(sql`estorno_de is not null`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** An account's balance: the sum of its movements, kept with each write under this row's lock. */
export const financeiroSaldo = pgTable(
  'financeiro_saldo',
  {
    ...tenantColumn,
    contaId: text('conta_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    saldo: bigint('saldo', { mode: 'number' }).notNull().default(0),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.contaId] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/** What moved in an account on one day (sum of that day's movements): the balance on a date is the sum up to it. */
export const financeiroSaldoDia = pgTable(
  'financeiro_saldo_dia',
  {
    ...tenantColumn,
    contaId: text('conta_id').notNull(),
    data: date('data').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
    /**
     * The realised cash flow of the day (migration 0063): money in and out (out negative) of that day's
     * movements without opening balances and transfers between accounts, as the dashboard draws it.
     */
    entradas: bigint('entradas', { mode: 'number' }).notNull().default(0),
    saidas: bigint('saidas', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.contaId, t.data] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);
