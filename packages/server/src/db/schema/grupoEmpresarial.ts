import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { lixoColumn, rowColumns } from './columns.ts';

/** The tenant itself: its id is the tenant key of every other table. */
export const grupoEmpresarial = pgTable(
  'grupo_empresarial',
  {
    ...rowColumns,
    nome: text('nome').notNull(),
    ...lixoColumn,
  },
  (t) => [primaryKey({ columns: [t.id] })],
);
