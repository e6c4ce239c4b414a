import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * exportarDados (issue 15): one accountant's export of a period and companies, built as a background job.
 * situacao: processando (feitos of total files zipped so far), concluida (the zip in the storage as an
 * `arquivo`, downloadable until expiraEm; the storage sweep removes it after), falhou (erro says why).
 */
export const exportacaoFiscal = pgTable(
  'exportacao_fiscal',
  {
    ...tenantColumn,
    ...rowColumns,
    empresas: text('empresas').array().notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    /** The events (cancellations, correction letters, manifestations) of the notes go too. */
    eventos: boolean('eventos').notNull(),
    /** The accountant's address, when the user asked for the e-mail. */
    email: text('email'),
    situacao: text('situacao').notNull(),
    total: integer('total').notNull().default(0),
    feitos: integer('feitos').notNull().default(0),
    /** Notes in the summary (one per key and company). */
    notas: integer('notas').notNull().default(0),
    arquivoId: text('arquivo_id'),
    tamanho: bigint('tamanho', { mode: 'number' }),
    erro: text('erro'),
    usuarioId: text('usuario_id').notNull(),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('exportacao_fiscal_lista_idx').on(t.grupoEmpresarialId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
