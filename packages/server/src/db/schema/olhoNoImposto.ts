import { date, foreignKey, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * One import of the IBPT table for a UF (versions are kept: a sale is taxed by the table valid on
 * its day). Importing the same version of a UF again replaces its rows.
 */
export const olhoNoImpostoVersao = pgTable(
  'olho_no_imposto_versao',
  {
    ...tenantColumn,
    ...rowColumns,
    uf: text('uf').notNull(),
    versao: text('versao').notNull(),
    chave: text('chave').notNull(),
    fonte: text('fonte').notNull(),
    vigenciaInicio: date('vigencia_inicio').notNull(),
    vigenciaFim: date('vigencia_fim').notNull(),
    linhas: integer('linhas').notNull(),
    ncm: integer('ncm').notNull(),
    nbs: integer('nbs').notNull(),
    lc116: integer('lc116').notNull(),
    arquivo: text('arquivo'),
    usuarioId: text('usuario_id'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('olho_no_imposto_versao_uf_versao').on(t.grupoEmpresarialId, t.uf, t.versao),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** The rows of an IBPT table: approximate tax burden per NCM/NBS/LC 116 code (Lei 12.741/2012). */
export const olhoNoImposto = pgTable(
  'olho_no_imposto',
  {
    ...tenantColumn,
    versaoId: text('versao_id').notNull(),
    uf: text('uf').notNull(),
    codigo: text('codigo').notNull(),
    ex: text('ex').notNull(),
    /** 0 NCM, 1 NBS, 2 LC 116. */
    tipo: smallint('tipo').notNull(),
    descricao: text('descricao').notNull(),
    nacionalFederal: numeric('nacional_federal', { precision: 7, scale: 4 }).notNull(),
    importadosFederal: numeric('importados_federal', { precision: 7, scale: 4 }).notNull(),
    estadual: numeric('estadual', { precision: 7, scale: 4 }).notNull(),
    municipal: numeric('municipal', { precision: 7, scale: 4 }).notNull(),
    vigenciaInicio: date('vigencia_inicio').notNull(),
    vigenciaFim: date('vigencia_fim').notNull(),
    chave: text('chave').notNull(),
    versao: text('versao').notNull(),
    fonte: text('fonte').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.versaoId, t.tipo, t.codigo, t.ex] }),
    index('olho_no_imposto_codigo_idx').on(t.grupoEmpresarialId, t.uf, t.codigo, t.ex),
    foreignKey({ columns: [t.grupoEmpresarialId, t.versaoId], foreignColumns: [olhoNoImpostoVersao.grupoEmpresarialId, olhoNoImpostoVersao.id] }).onDelete('cascade'),
  ],
);
