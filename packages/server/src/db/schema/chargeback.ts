import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Chargebacks (contestação / estorno de venda no cartão, issue 14): the acquirer takes back part or all of
 * a sale's card or voucher payment (venda_pagamento by venda and seq), debited from its wallet account.
 * Append-only for the app role: a reversal is a new row pointing at the original (estornoDe, unique:
 * reversed once), with the amount negated.
 */
export const cartaoChargeback = pgTable(
  'cartao_chargeback',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    vendaId: text('venda_id').notNull(),
    pagamentoSeq: smallint('pagamento_seq').notNull(),
    /** Centavos taken back (negative on a reversal). */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    /** The day the acquirer debited it. */
    data: date('data').notNull(),
    motivo: text('motivo').notNull(),
    /** The acquirer's wallet (financeiroConta) debited. */
    contaId: text('conta_id').notNull(),
    estornoDe: text('estorno_de'),
    usuarioId: text('usuario_id'),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('cartao_chargeback_venda_idx').on(t.grupoEmpresarialId, t.vendaId, t.pagamentoSeq),
    index('cartao_chargeback_data_idx').on(t.grupoEmpresarialId, t.empresaId, t.data),
    uniqueIndex('cartao_chargeback_estorno_uq').on(t.grupoEmpresarialId, t.estornoDe).where(sql`estorno_de is not null`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
