import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * A one-time code sent to a customer's e-mail or phone (provedorOTP). Only its salted hash is kept; it
 * ends at expiry, at its last wrong attempt, or when used. The rows of a destination in the last hour
 * are its rate limit.
 */
export const otpCodigo = pgTable(
  'otp_codigo',
  {
    ...tenantColumn,
    ...rowColumns,
    destino: text('destino').notNull(),
    canal: text('canal').notNull(),
    sal: text('sal').notNull(),
    codigoHash: text('codigo_hash').notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    tentativas: integer('tentativas').notNull().default(0),
    tentativasMaximas: integer('tentativas_maximas').notNull(),
    usadoEm: timestamp('usado_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('otp_codigo_destino_idx').on(t.grupoEmpresarialId, t.destino, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
