import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';

/**
 * The SMS gateway's token of a provedorOTP record (integrations/otp/sms.ts), AES-256-GCM with the key of
 * secrets at rest (security/cifra.ts): sent as is to the gateway, so it cannot be a hash; never read back.
 */
export const otpSmsCredencial = pgTable(
  'otp_sms_credencial',
  {
    ...tenantColumn,
    provedorId: text('provedor_id').notNull(),
    tokenCifrado: text('token_cifrado').notNull(),
    definidoEm: timestamp('definido_em', { withTimezone: true }).notNull().defaultNow(),
    definidoPor: text('definido_por').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.provedorId] })],
);

/**
 * The OAuth 2 client of an iFood-kind delivery integration (integrations/delivery/tokenMarketplace.ts):
 * the id and secret the marketplace issued, both encrypted, traded for bearer tokens on outbound calls.
 */
export const deliveryOauth = pgTable(
  'delivery_oauth',
  {
    ...tenantColumn,
    integracaoId: text('integracao_id').notNull(),
    clientIdCifrado: text('client_id_cifrado').notNull(),
    clientSecretCifrado: text('client_secret_cifrado').notNull(),
    definidoEm: timestamp('definido_em', { withTimezone: true }).notNull().defaultNow(),
    definidoPor: text('definido_por').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.integracaoId] })],
);
