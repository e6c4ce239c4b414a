import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rowColumns, tenantColumn } from './columns.ts';
import { grupoEmpresarial } from './grupoEmpresarial.ts';

/** One changed field of one product in a bulk edit, with what it had before (what undo puts back). */
export interface ItemLoteCorrecao {
  recurso: 'produtoGeral' | 'produtoGeralEmpresa';
  /** The changed record (the group's product or the company's). */
  registroId: string;
  produto: { _id: string; codigo: string; descricao: string };
  antes: unknown;
  depois: unknown;
  antesTexto: string;
  depoisTexto: string;
  /** The record's version right after the batch: undo is refused when it moved on. */
  versao: number;
}

/**
 * correcaoProdutos' applied bulk edits: who, when, what and the values before, so a batch can be
 * undone. A history, not a registration entity: it has no screen of its own nor generic API.
 */
export const correcaoProdutosLote = pgTable(
  'correcao_produtos_lote',
  {
    ...tenantColumn,
    ...rowColumns,
    empresaId: text('empresa_id').notNull(),
    usuarioId: text('usuario_id').notNull(),
    usuarioNome: text('usuario_nome').notNull(),
    campo: text('campo').notNull(),
    /** The edit as chosen on the screen (campo, modo, valor, percentual). */
    edicao: jsonb('edicao').$type<Record<string, unknown>>().notNull(),
    descricao: text('descricao').notNull(),
    itens: jsonb('itens').$type<ItemLoteCorrecao[]>().notNull(),
    desfeitoEm: timestamp('desfeito_em', { withTimezone: true }),
    desfeitoPorNome: text('desfeito_por_nome'),
  },
  (t) => [
    primaryKey({ columns: [t.grupoEmpresarialId, t.id] }),
    index('correcao_produtos_lote_empresa_idx').on(t.grupoEmpresarialId, t.empresaId, t.createdAt),
    foreignKey({ columns: [t.grupoEmpresarialId], foreignColumns: [grupoEmpresarial.id] }),
  ],
);
