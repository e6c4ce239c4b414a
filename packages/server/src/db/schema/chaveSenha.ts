import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { usuario } from './usuario.ts';

/** Password-reset keys: the e-mailed key is random, only its sha256 is stored; one use, one hour. */
export const chaveSenha = pgTable(
  'chave_senha',
  {
    ...tenantColumn,
    ...rowColumns,
    chaveHash: text('chave_hash').notNull(),
    usuarioId: text('usuario_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('chave_senha_grupo_chave_unica').on(t.grupoEmpresarialId, t.chaveHash),
    index('chave_senha_chave_idx').on(t.chaveHash),
    foreignKey({ columns: [t.grupoEmpresarialId, t.usuarioId], foreignColumns: [usuario.grupoEmpresarialId, usuario.id] }).onDelete('cascade'),
  ],
);
