import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * The events the company sent on a note it issued (issue 15): 110111 cancelamento, 110110 carta de
 * correção (sequence 1–20). Every sending is a row, refused ones too (cStat/xMotivo as SEFAZ answered);
 * an accepted one keeps its procEventoNFe in the storage. Append-only. The partial unique index makes
 * two accepted events of the same type and sequence impossible, concurrent sends included.
 */
export const notaFiscalEvento = pgTable(
  'nota_fiscal_evento',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    notaId: text('nota_id').notNull(),
    chave: text('chave').notNull(),
    tpEvento: text('tp_evento').notNull(),
    nSeqEvento: integer('n_seq_evento').notNull(),
    /** xJust of a cancellation, xCorrecao of a correction letter. */
    texto: text('texto').notNull(),
    cStat: text('c_stat').notNull(),
    xMotivo: text('x_motivo').notNull(),
    protocolo: text('protocolo'),
    /** procEventoNFe (arquivo id), when SEFAZ registered the event. */
    arquivoId: text('arquivo_id'),
    usuarioId: text('usuario_id'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('nota_fiscal_evento_nota_idx').on(t.grupoEmpresarialId, t.notaId),
    uniqueIndex('nota_fiscal_evento_registrado_uq').on(t.grupoEmpresarialId, t.notaId, t.tpEvento, t.nSeqEvento).where(sql`c_stat in ('135', '136', '155')`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
