import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * DF-e distribution (issue 15, DOMAIN.md §2) per company: the last NSU SEFAZ answered (always continue
 * from it) and the earliest instant the next distNSU may go (one hour after cStat 137 or ultNSU = maxNSU,
 * so the CNPJ is never blocked by 656). `id` is the company's id.
 */
export const dfeControle = pgTable(
  'dfe_controle',
  {
    ...tenantColumn,
    ...rowColumns,
    ultNsu: text('ult_nsu').notNull().default('000000000000000'),
    maxNsu: text('max_nsu').notNull().default('000000000000000'),
    proximaConsulta: timestamp('proxima_consulta', { withTimezone: true }),
    ultimaConsulta: timestamp('ultima_consulta', { withTimezone: true }),
    ultimoCStat: text('ultimo_c_stat'),
    ultimoMotivo: text('ultimo_motivo'),
  },
  (t) => [primaryKey({ columns: [t.grupoEmpresarialId, t.id] }), foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] })],
);

/**
 * One NF-e in which the company appears, as DF-e delivered it: first its summary (resNFe), later the full
 * procNFe (after Ciência). One row per key and company; the XML of what came last is in the storage.
 */
export const dfeDocumento = pgTable(
  'dfe_documento',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    /** The NSU of the last docZip that brought this note. */
    nsu: text('nsu').notNull(),
    /** 'resumo' (resNFe only) or 'completo' (procNFe kept). */
    conteudo: text('conteudo').notNull(),
    emitenteDocumento: text('emitente_documento').notNull(),
    emitenteNome: text('emitente_nome').notNull(),
    emissao: timestamp('emissao', { withTimezone: true }).notNull(),
    /** vNF in centavos. */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    /** cSitNFe of the summary: 1 authorised, 2 denied, 3 cancelled. */
    situacaoNfe: text('situacao_nfe').notNull(),
    protocolo: text('protocolo'),
    /** The XML (resNFe or procNFe) in the storage. */
    arquivoId: text('arquivo_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('dfe_documento_chave_uq').on(t.grupoEmpresarialId, t.empresaId, t.chave),
    index('dfe_documento_emissao_idx').on(t.grupoEmpresarialId, t.empresaId, t.emissao),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** An event DF-e delivered (resEvento / procEventoNFe: a cancellation, a correction letter…), once per NSU. */
export const dfeEvento = pgTable(
  'dfe_evento',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    nsu: text('nsu').notNull(),
    chave: text('chave').notNull(),
    tpEvento: text('tp_evento').notNull(),
    descricao: text('descricao').notNull(),
    dataEvento: timestamp('data_evento', { withTimezone: true }),
    arquivoId: text('arquivo_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('dfe_evento_nsu_uq').on(t.grupoEmpresarialId, t.empresaId, t.nsu),
    index('dfe_evento_chave_idx').on(t.grupoEmpresarialId, t.empresaId, t.chave),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * A manifestation the company sent (210210 Ciência, 210200 Confirmação, 210220 Desconhecimento, 210240
 * Operação não realizada) and SEFAZ's answer. Append-only: a rejected one stays, a new one is a new row.
 */
export const dfeManifestacao = pgTable(
  'dfe_manifestacao',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    tpEvento: text('tp_evento').notNull(),
    nSeqEvento: integer('n_seq_evento').notNull(),
    justificativa: text('justificativa'),
    cStat: text('c_stat').notNull(),
    xMotivo: text('x_motivo').notNull(),
    protocolo: text('protocolo'),
    usuarioId: text('usuario_id'),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('dfe_manifestacao_chave_idx').on(t.grupoEmpresarialId, t.empresaId, t.chave),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/**
 * Each consChNFe (one note downloaded by its key) a company asked: SEFAZ allows 20 an hour per CNPJ
 * (DOMAIN.md §2), so the 21st is refused here before it can block the CNPJ with 656. Append-only.
 */
export const dfeConsultaChave = pgTable(
  'dfe_consulta_chave',
  {
    ...tenantColumn,
    id: text('id').notNull(),
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    cStat: text('c_stat'),
    xMotivo: text('x_motivo'),
    usuarioId: text('usuario_id'),
    consultadaEm: timestamp('consultada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('dfe_consulta_chave_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.consultadaEm),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
