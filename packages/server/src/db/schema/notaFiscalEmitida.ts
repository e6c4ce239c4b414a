import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * emissaoNotaFiscal (issue 15): an NF-e model 55 the company issues (transferência to another store of
 * the group, devolução a fornecedor, venda a empresa). A draft (rascunho) has no number nor key: both
 * are taken from empresaNumeroNota when it is signed, in the transaction that keeps the signed XML.
 * situacao: rascunho → assinada → enviada → autorizada | rejeitada (editable again, keeps cStat/xMotivo)
 * | contingencia (SEFAZ unreachable: queued, retried by the periodic task) → cancelada (events, F2).
 * The XMLs are in the storage (arquivo): the signed NFe, then the authorised procNFe (NFe + protNFe).
 */
export const notaFiscalEmitida = pgTable(
  'nota_fiscal_emitida',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    modelo: text('modelo').notNull().default('55'),
    serie: integer('serie').notNull(),
    /** Null while a draft; then the empresaNumeroNota number, never reused. */
    numero: bigint('numero', { mode: 'number' }),
    chave: text('chave'),
    /** transferencia | devolucao | venda */
    tipo: text('tipo').notNull(),
    naturezaOperacao: text('natureza_operacao').notNull(),
    /** The recipient: another store of the group (empresa) or a pessoa (supplier or customer company). */
    destinatarioEmpresaId: text('destinatario_empresa_id'),
    destinatarioPessoaId: text('destinatario_pessoa_id'),
    /** The recipient as written in the XML (name, CNPJ/CPF, IE, address), so a later edit of the pessoa does not change an issued note. */
    destinatario: jsonb('destinatario').$type<Record<string, unknown>>().notNull(),
    /** Items with their tax groups (ICMS, ST, IPI, PIS, COFINS, IBS/CBS), values in centavos. */
    itens: jsonb('itens').$type<Record<string, unknown>[]>().notNull(),
    /** ICMSTot and IBSCBSTot in centavos. */
    totais: jsonb('totais').$type<Record<string, number>>().notNull(),
    valorTotal: bigint('valor_total', { mode: 'number' }).notNull(),
    informacoesComplementares: text('informacoes_complementares'),
    situacao: text('situacao').notNull().default('rascunho'),
    cStat: text('c_stat'),
    xMotivo: text('x_motivo'),
    protocolo: text('protocolo'),
    /** nRec of an asynchronous batch, asked again through NFeRetAutorizacao4. */
    recibo: text('recibo'),
    emitidaEm: timestamp('emitida_em', { withTimezone: true }),
    autorizadaEm: timestamp('autorizada_em', { withTimezone: true }),
    /** The signed NFe (arquivo id). */
    arquivoXmlId: text('arquivo_xml_id'),
    /** The authorised procNFe (arquivo id). */
    arquivoProcId: text('arquivo_proc_id'),
    /** Where the note came from: a received transfer (estoque_transferencia_lojas) or a posted entry (entrada_nota_fiscal). */
    origemTipo: text('origem_tipo'),
    origemId: text('origem_id'),
    /** The contingency queue: attempts, next try, last failure. */
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }),
    ultimoErro: text('ultimo_erro'),
    usuarioId: text('usuario_id'),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('nota_fiscal_emitida_numero_uq').on(t.grupoEmpresarialId, t.empresaId, t.modelo, t.serie, t.numero).where(sql`numero is not null`),
    uniqueIndex('nota_fiscal_emitida_chave_uq').on(t.grupoEmpresarialId, t.chave).where(sql`chave is not null`),
    index('nota_fiscal_emitida_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.situacao, t.createdAt),
    index('nota_fiscal_emitida_fila_idx').on(t.proximaTentativaEm).where(sql`situacao = 'contingencia'`),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
