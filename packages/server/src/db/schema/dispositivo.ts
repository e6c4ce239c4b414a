import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';

/**
 * A device credential of an appSistema record (a KDS board, a POS…). The secret is shown once when
 * issued; only its sha256 is kept (it is 32 random bytes, so a slow hash adds nothing). Signing in with
 * it opens the device's session, whose token is likewise kept only as a hash. Revoked rows stay.
 */
export const dispositivoCredencial = pgTable(
  'dispositivo_credencial',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    appSistemaId: text('app_sistema_id').notNull(),
    segredoHash: text('segredo_hash').notNull(),
    emitidaPor: text('emitida_por').notNull(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
    sessaoHash: text('sessao_hash'),
    sessaoExpiraEm: timestamp('sessao_expira_em', { withTimezone: true }),
    ultimoAcessoEm: timestamp('ultimo_acesso_em', { withTimezone: true }),
    versaoApp: text('versao_app'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // The credential names its row (id.secret), so sign-in finds it before the group is known.
    uniqueIndex('dispositivo_credencial_id_unico').on(t.id),
    index('dispositivo_credencial_sessao_idx').on(t.sessaoHash),
    index('dispositivo_credencial_app_idx').on(t.grupoEmpresarialId, t.appSistemaId),
  ],
);
