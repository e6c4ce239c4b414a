import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';

/**
 * A key of a third party's API client (appTerceirosCadastro): the row's id is the OAuth client_id,
 * the secret (32 random bytes) is shown once and kept only as its sha256. A client has several keys,
 * so one can be rotated without downtime; revoked rows stay.
 */
export const appTerceirosChave = pgTable(
  'app_terceiros_chave',
  {
    ...tenantColumn,
    ...rowColumns,
    appTerceirosId: text('app_terceiros_id').notNull(),
    descricao: text('descricao').notNull(),
    segredoHash: text('segredo_hash').notNull(),
    emitidaPor: text('emitida_por').notNull(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
    revogadaPor: text('revogada_por'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // The token endpoint finds the key by client_id before the group is known.
    uniqueIndex('app_terceiros_chave_id_unico').on(t.id),
    index('app_terceiros_chave_app_idx').on(t.grupoEmpresarialId, t.appTerceirosId),
  ],
);

/** A bearer token POST /api/oauth/token gave for a key: only its sha256, its scopes and its end. */
export const appTerceirosToken = pgTable(
  'app_terceiros_token',
  {
    ...tenantColumn,
    ...rowColumns,
    appTerceirosId: text('app_terceiros_id').notNull(),
    chaveId: text('chave_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    escopos: text('escopos').array().notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), uniqueIndex('app_terceiros_token_hash_unico').on(t.tokenHash)],
);

/** The audit of a client's calls (append-only): which key, route, company, answer and when. */
export const appTerceirosChamada = pgTable(
  'app_terceiros_chamada',
  {
    ...tenantColumn,
    ...rowColumns,
    appTerceirosId: text('app_terceiros_id').notNull(),
    chaveId: text('chave_id'),
    empresaId: text('empresa_id'),
    metodo: text('metodo').notNull(),
    rota: text('rota').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), index('app_terceiros_chamada_app_idx').on(t.grupoEmpresarialId, t.appTerceirosId, t.createdAt)],
);
