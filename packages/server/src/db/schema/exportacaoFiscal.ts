import { date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * exportarDados (issue 15): one accountant's export of a period and companies, built as a job. situacao:
 * processando (feitos of total documents zipped so far), concluida (the zip in the storage, downloadable
 * until expiraEm; the storage sweep removes it after), falhou (erro says why). Created by whoever asked.
 */
export const exportacaoFiscal = pgTable(
  'exportacao_fiscal',
  {
    ...tenantColumn,
    ...rowColumns,
    /** The company active when it was asked (the list is per company); the exported ones are in empresas. */
    empresaId: text('empresa_id').notNull(),
    empresas: text('empresas').array().notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    email: text('email'),
    situacao: text('situacao').notNull(),
    total: integer('total').notNull().default(0),
    feitos: integer('feitos').notNull().default(0),
    arquivoId: text('arquivo_id'),
    tamanho: integer('tamanho'),
    erro: text('erro'),
    usuarioId: text('usuario_id').notNull(),
    usuarioNome: text('usuario_nome').notNull(),
    concluidaEm: timestamp('concluida_em', { withTimezone: true }),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('exportacao_fiscal_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
