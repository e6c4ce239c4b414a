import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

export const statusEmail = ['pendente', 'enviado', 'erro'] as const;
export type StatusEmail = (typeof statusEmail)[number];

/** Outbox: e-mails are written in the business transaction and sent after it commits. */
export const emailSaida = pgTable(
  'email_saida',
  {
    ...tenantColumn,
    ...rowColumns,
    para: text('para').notNull(),
    assunto: text('assunto').notNull(),
    texto: text('texto').notNull(),
    html: text('html'),
    /** Files sent with the message (a purchase order's PDF), base64. */
    anexos: jsonb('anexos').$type<{ nome: string; tipo: string; base64: string }[]>(),
    status: text('status').$type<StatusEmail>().notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    ultimoErro: text('ultimo_erro'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('email_saida_status_idx').on(t.status),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
