import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { usuario } from './usuario.ts';

/** A signed-in browser. The cookie holds a random token; only its sha256 is stored. */
export const sessao = pgTable(
  'sessao',
  {
    ...tenantColumn,
    ...rowColumns,
    tokenHash: text('token_hash').notNull(),
    usuarioId: text('usuario_id').notNull(),
    empresaId: text('empresa_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('sessao_grupo_token_unico').on(t.grupoEmpresarialId, t.tokenHash),
    // The cookie alone does not say the group, so the lookup is by token across groups.
    index('sessao_token_idx').on(t.tokenHash),
    foreignKey({ columns: [t.grupoEmpresarialId, t.usuarioId], foreignColumns: [usuario.grupoEmpresarialId, usuario.id] }).onDelete('cascade'),
  ],
);
