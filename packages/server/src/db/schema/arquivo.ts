import { foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** An uploaded file (logos, images): its bytes are in the storage (src/storage), under `chave`. */
export const arquivo = pgTable(
  'arquivo',
  {
    ...tenantColumn,
    ...rowColumns,
    nome: text('nome').notNull(),
    tipo: text('tipo').notNull(),
    tamanho: integer('tamanho').notNull(),
    chave: text('chave').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);
