import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * Bank statements imported from OFX files (issue 14, bank reconciliation). Both tables are append-only
 * (the app role may only select and insert): a statement line is what the bank said, never edited;
 * reconciling it is recorded elsewhere. Money in integer centavos.
 */

/** One imported file: who sent it, what it held, what was new. */
export const financeiroExtratoImportacao = pgTable(
  'financeiro_extrato_importacao',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    contaId: text('conta_id').notNull(),
    arquivoNome: text('arquivo_nome').notNull(),
    /** SHA-256 of the file's bytes (hex). */
    arquivoHash: text('arquivo_hash').notNull(),
    linhas: integer('linhas').notNull(),
    importadas: integer('importadas').notNull(),
    repetidas: integer('repetidas').notNull(),
    inicio: date('inicio'),
    fim: date('fim'),
    /** LEDGERBAL of the (last) statement, and its date. */
    saldo: bigint('saldo', { mode: 'number' }),
    saldoData: date('saldo_data'),
    usuarioId: text('usuario_id'),
    importadoEm: timestamp('importado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('financeiro_extrato_importacao_conta_idx').on(t.grupoEmpresarialId, t.contaId, t.importadoEm),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** One STMTTRN, stored once per account however many overlapping files bring it. */
export const financeiroExtratoLinha = pgTable(
  'financeiro_extrato_linha',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    contaId: text('conta_id').notNull(),
    fitid: text('fitid').notNull(),
    data: date('data').notNull(),
    /** Centavos, negative for debits. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    memo: text('memo').notNull(),
    nome: text('nome').notNull(),
    checknum: text('checknum').notNull(),
    trntype: text('trntype').notNull(),
    /** (OFX account, FITID, DTPOSTED, TRNAMT), DOMAIN §3, and which repeat of that key in its file. */
    chave: text('chave').notNull(),
    ocorrencia: integer('ocorrencia').notNull(),
    /** Order in the file, to list the lines of a day as the bank did. */
    posicao: integer('posicao').notNull(),
    importacaoId: text('importacao_id').notNull(),
    usuarioId: text('usuario_id'),
    importadoEm: timestamp('importado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    // The same line is never imported twice into an account, even by two imports at once.
    uniqueIndex('financeiro_extrato_linha_chave_idx').on(t.grupoEmpresarialId, t.contaId, t.chave, t.ocorrencia),
    index('financeiro_extrato_linha_data_idx').on(t.grupoEmpresarialId, t.contaId, t.data),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
