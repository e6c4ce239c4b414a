import { bigint, date, foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * The income statement's rollup (relatorioFinanceiroPlanoDeContas, issue 14): what each chart account
 * moved in a company in a month, on the cash basis (caixa: ledger rows by their date) and on the accrual
 * basis (competencia: títulos by competence plus ledger rows that no título explains). Kept in the same
 * transaction as every ledger write (`lancar`) and título write (finance/dre/rollup.ts), recomputed by
 * `npm run financeiro:recalcular`. Signed integer centavos: positive in, negative out.
 */
export const financeiroDreMes = pgTable(
  'financeiro_dre_mes',
  {
    ...tenantColumn,
    empresaId: text('empresa_id').notNull(),
    planoContaId: text('plano_conta_id').notNull(),
    /** First day of the month. */
    mes: date('mes').notNull(),
    /** caixa | competencia */
    regime: text('regime').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.regime, t.empresaId, t.mes, t.planoContaId] }),
    index('financeiro_dre_mes_plano_idx').on(t.grupoEmpresarialId, t.planoContaId),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
