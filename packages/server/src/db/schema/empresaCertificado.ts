import { foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { empresa } from './empresa.ts';

/**
 * The A1 digital certificate of a company (docs/decisions/0006): the .pfx and its password, each
 * encrypted with AES-256-GCM (src/security/cifra.ts). `id` is the company's id: one per company.
 * The record of the company shows only subject, CNPJ and validade; nothing here leaves the server.
 */
export const empresaCertificado = pgTable(
  'empresa_certificado',
  {
    ...tenantColumn,
    ...rowColumns,
    pfxCifrado: text('pfx_cifrado').notNull(),
    senhaCifrada: text('senha_cifrada').notNull(),
    subject: text('subject').notNull(),
    cnpj: text('cnpj'),
    validade: timestamp('validade', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    foreignKey({ columns: [t.grupoEmpresarialId, t.id], foreignColumns: [empresa.grupoEmpresarialId, empresa.id] }).onDelete('cascade'),
  ],
);
