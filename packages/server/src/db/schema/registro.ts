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
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
