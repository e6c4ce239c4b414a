import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * A customer signed in on the public pages (QR table page) with a one-time code: the cookie's token
 * (only its hash kept), the pessoa found or created by the code's destination, and a short life.
 * Never a back-office session: it opens no screen, only orders carrying the customer.
 */
export const clienteSessao = pgTable(
  'cliente_sessao',
  {
    ...tenantColumn,
    ...rowColumns,
    tokenHash: text('token_hash').notNull(),
    pessoaId: text('pessoa_id').notNull(),
    destino: text('destino').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    encerradaEm: timestamp('encerrada_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('cliente_sessao_token_unico').on(t.grupoEmpresarialId, t.tokenHash),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

