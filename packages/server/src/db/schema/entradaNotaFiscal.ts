import type { DuplicataNota, ItemNota, NotaLida, PagamentoNota } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/**
 * entradaNotaFiscal (issue 15): a supplier's NF-e read for entry (the header) and its items. The access
 * key is unique in the group (the same note twice is refused). situacao: pendente (read, to match and
 * post), lancada (stock and payables posted), estornada (posting reversed), cancelada (cancelled by
 * SEFAZ: never posted again). The XML itself is in the storage (arquivo).
 */
export const entradaNotaFiscal = pgTable(
  'entrada_nota_fiscal',
  {
    ...tenantColumn,
    ...rowColumns,
    /** The recipient company of the note. */
    empresaId: text('empresa_id').notNull(),
    chave: text('chave').notNull(),
    modelo: text('modelo').notNull(),
    serie: integer('serie').notNull(),
    numero: bigint('numero', { mode: 'number' }).notNull(),
    emissao: timestamp('emissao', { withTimezone: true }).notNull(),
    fornecedorId: text('fornecedor_id').notNull(),
    emitenteDocumento: text('emitente_documento').notNull(),
    emitenteNome: text('emitente_nome').notNull(),
    valorTotal: bigint('valor_total', { mode: 'number' }).notNull(),
    situacao: text('situacao').notNull(),
    avisos: jsonb('avisos').$type<string[]>().notNull(),
    totais: jsonb('totais').$type<NotaLida['totais']>().notNull(),
    duplicatas: jsonb('duplicatas').$type<DuplicataNota[]>().notNull(),
    pagamentos: jsonb('pagamentos').$type<PagamentoNota[]>().notNull(),
    /** The XML as received (arquivo id; bytes in the storage). */
    arquivoId: text('arquivo_id').notNull(),
    nomeArquivo: text('nome_arquivo').notNull(),
    usuarioId: text('usuario_id'),
    localId: text('local_id'),
    /** The payables created by the posting (financeiro_titulo ids). */
    titulos: text('titulos').array().notNull().default(sql`'{}'::text[]`),
    lancadaEm: timestamp('lancada_em', { withTimezone: true }),
    lancadaPor: text('lancada_por'),
    estornadaEm: timestamp('estornada_em', { withTimezone: true }),
    estornadaPor: text('estornada_por'),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    uniqueIndex('entrada_nota_fiscal_chave_uq').on(t.grupoEmpresarialId, t.chave),
    index('entrada_nota_fiscal_lista_idx').on(t.grupoEmpresarialId, t.empresaId, t.emissao),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);

/** One item of the note with the product it was matched to and the factor from its unit to the stock unit. */
export const entradaNotaFiscalItem = pgTable(
  'entrada_nota_fiscal_item',
  {
    ...tenantColumn,
    entradaId: text('entrada_id').notNull(),
    numero: integer('numero').notNull(),
    cProd: text('c_prod').notNull(),
    gtin: text('gtin'),
    descricao: text('descricao').notNull(),
    unidade: text('unidade').notNull(),
    quantidade: numeric('quantidade', { precision: 18, scale: 4 }).notNull(),
    valorProduto: bigint('valor_produto', { mode: 'number' }).notNull(),
    /** The item as read (taxes included). */
    dados: jsonb('dados').$type<ItemNota>().notNull(),
    produtoId: text('produto_id'),
    /** Stock units per purchase unit ('1.000000' when they are the same). */
    fator: numeric('fator', { precision: 18, scale: 6 }),
    /** The purchase order line this item delivers (by the note's xPed/nItemPed, the supplier's open orders, or the user's choice): order id and line index. */
    pedidoId: text('pedido_id'),
    pedidoLinha: integer('pedido_linha'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.entradaId, t.numero] }),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
