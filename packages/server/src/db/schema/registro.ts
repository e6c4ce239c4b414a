import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * The plain registration entities of the resource catalogue (docs/decisions/0005): one row per record,
 * the declared fields in `dados`. empresa_id is null for group-wide resources. Uniqueness per resource
 * is a partial expression index created at start-up from the catalogue (src/resources/uniqueIndexes.ts).
 */
export const registro = pgTable(
  'registro',
  {
    ...tenantColumn,
    ...rowColumns,
    recurso: text('recurso').notNull(),
    empresaId: text('empresa_id'),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull(),
    ...lixoColumn,
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('registro_recurso_idx').on(t.grupoEmpresarialId, t.recurso, t.empresaId, t.lixo),
    // The group's products in Portuguese order (the expression of ordemPt, so ORDER BY ordemPt(dados->>'descricao')
    // reads it): the stock position reads its page walking it, not sorting the 22,000 lines of a company (bench/estoque.ts).
    index('registro_produto_descricao_pt_idx')
      .on(t.grupoEmpresarialId, sql`((dados->>'descricao') collate "und-x-icu")`, t.id)
      .where(sql`recurso = 'produtoGeral'`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
