import type { NomeConjunto, conjuntosDeDados } from '@retaguarda/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { registro, venda, vendaItem, vendaPagamento } from '../../db/schema/index.ts';
import { FUSO } from './periodo.ts';

/**
 * The SQL of each data set of relatoriosCriados: the only place a report's column names become SQL.
 * Every expression is free of bind parameters (the time zone is a constant written in), so the same
 * text can appear in SELECT, GROUP BY GROUPING SETS, GROUPING() and ORDER BY and Postgres matches it.
 */

/** How a dimension's key becomes what the user reads. */
export type RotuloDimensao = 'dia' | 'mes' | 'hora' | 'diaDaSemana' | 'empresa' | 'registro' | 'proprio';

export interface DimensaoSql {
  chave: SQL;
  rotulo: RotuloDimensao;
}

export interface ConjuntoSql {
  /** FROM and joins; `comProduto` adds the product's record (for its agrupador). */
  fonte: (comProduto: boolean) => SQL;
  /** The indexed columns of the period: tenant, company and closing time of the base table. */
  grupo: PgColumn;
  empresa: PgColumn;
  fechadoEm: PgColumn;
  /** A row of a cancelled sale (or item). */
  cancelado: SQL;
  dimensoes: Record<string, DimensaoSql>;
  /** Each measure given the condition of the rows it adds up (`valida`) and of the cancelled ones. */
  medidas: Record<string, (valida: SQL, cancelado: SQL) => SQL>;
  /** The sums ticket médio is computed from (total over sales), as measure names of this data set. */
  ticket: { total: string; vendas: string };
}

const fuso = sql.raw(`'${FUSO}'`);
const local = (coluna: PgColumn) => sql`(${coluna} at time zone ${fuso})`;
const produtoDim = alias(registro, 'produto_dim');

function dimensoesDaVenda(fechadoEm: PgColumn, empresa: PgColumn) {
  return {
    dia: { chave: sql`to_char(${local(fechadoEm)}, 'YYYY-MM-DD')`, rotulo: 'dia' },
    mes: { chave: sql`to_char(${local(fechadoEm)}, 'YYYY-MM')`, rotulo: 'mes' },
    hora: { chave: sql`lpad(extract(hour from ${local(fechadoEm)})::text, 2, '0')`, rotulo: 'hora' },
    diaDaSemana: { chave: sql`extract(dow from ${local(fechadoEm)})::text`, rotulo: 'diaDaSemana' },
    empresa: { chave: sql`${empresa}`, rotulo: 'empresa' },
    canal: { chave: sql`${venda.canal}`, rotulo: 'proprio' },
    terminal: { chave: sql`${venda.terminalId}`, rotulo: 'registro' },
    operador: { chave: sql`${venda.operadorId}`, rotulo: 'registro' },
  } satisfies Record<string, DimensaoSql>;
}

const soma = (expr: SQL, onde: SQL) => sql`coalesce(sum(${expr}) filter (where ${onde}), 0)`;
const daVenda = (tabela: typeof vendaItem | typeof vendaPagamento) => sql`${tabela} inner join ${venda} on ${venda.grupoEmpresarialId} = ${tabela.grupoEmpresarialId} and ${venda.id} = ${tabela.vendaId}`;

type Nomes<C extends NomeConjunto> = {
  dimensoes: Record<keyof (typeof conjuntosDeDados)[C]['dimensoes'], DimensaoSql>;
  medidas: Record<keyof (typeof conjuntosDeDados)[C]['medidas'], (valida: SQL, cancelado: SQL) => SQL>;
};

// Same sums as relatorioVenda (money net of cancelled sales; those counted apart), so they reconcile.
const vendas = {
  fonte: () => sql`${venda}`,
  grupo: venda.grupoEmpresarialId,
  empresa: venda.empresaId,
  fechadoEm: venda.fechadoEm,
  cancelado: sql`${venda.cancelada}`,
  dimensoes: { ...dimensoesDaVenda(venda.fechadoEm, venda.empresaId), motivoDesconto: { chave: sql`${venda.descontoMotivoId}`, rotulo: 'registro' } },
  medidas: {
    vendas: (v) => sql`count(*) filter (where ${v})`,
    bruto: (v) => soma(sql`${venda.bruto}`, v),
    descontos: (v) => soma(sql`${venda.desconto} + ${venda.descontoItens}`, v),
    taxaServico: (v) => soma(sql`${venda.taxaServico}`, v),
    taxaEntrega: (v) => soma(sql`${venda.taxaEntrega}`, v),
    total: (v) => soma(sql`${venda.total}`, v),
    ticketMedio: () => sql`null`,
    canceladas: (_v, c) => sql`count(*) filter (where ${c})`,
    valorCancelado: (_v, c) => soma(sql`${venda.total}`, c),
  },
  ticket: { total: 'total', vendas: 'vendas' },
} satisfies ConjuntoSql & Nomes<'vendas'>;

// Same sums as relatorioVendaProdutos: an item counts net of its discount, out when it or its sale was cancelled.
const itensVendidos = {
  fonte: (comProduto) =>
    comProduto
      ? sql`${daVenda(vendaItem)} left join ${produtoDim} on ${and(eq(produtoDim.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(produtoDim.id, vendaItem.produtoId))}`
      : daVenda(vendaItem),
  grupo: vendaItem.grupoEmpresarialId,
  empresa: vendaItem.empresaId,
  fechadoEm: vendaItem.fechadoEm,
  cancelado: sql`(${venda.cancelada} or ${vendaItem.cancelado})`,
  dimensoes: {
    ...dimensoesDaVenda(vendaItem.fechadoEm, vendaItem.empresaId),
    produto: { chave: sql`${vendaItem.produtoId}`, rotulo: 'registro' },
    agrupador: { chave: sql`(${produtoDim.dados}->>'agrupador')`, rotulo: 'registro' },
    motivoDesconto: { chave: sql`${vendaItem.descontoMotivoId}`, rotulo: 'registro' },
  },
  medidas: {
    itens: (v) => sql`count(*) filter (where ${v})`,
    vendas: (v) => sql`count(distinct ${vendaItem.vendaId}) filter (where ${v})`,
    quantidade: (v) => sql`${soma(sql`${vendaItem.quantidade}`, v)}::text`,
    bruto: (v) => soma(sql`${vendaItem.bruto}`, v),
    descontos: (v) => soma(sql`${vendaItem.desconto}`, v),
    total: (v) => soma(sql`${vendaItem.bruto} - ${vendaItem.desconto}`, v),
    ticketMedio: () => sql`null`,
    cancelados: (_v, c) => sql`count(*) filter (where ${c})`,
    valorCancelado: (_v, c) => soma(sql`${vendaItem.bruto} - ${vendaItem.desconto}`, c),
  },
  ticket: { total: 'total', vendas: 'vendas' },
} satisfies ConjuntoSql & Nomes<'itensVendidos'>;

// Same sums as the dashboard's payment mix: what was received minus the change given back.
const pagamentos = {
  fonte: () => daVenda(vendaPagamento),
  grupo: vendaPagamento.grupoEmpresarialId,
  empresa: vendaPagamento.empresaId,
  fechadoEm: vendaPagamento.fechadoEm,
  cancelado: sql`${venda.cancelada}`,
  dimensoes: {
    ...dimensoesDaVenda(vendaPagamento.fechadoEm, vendaPagamento.empresaId),
    formaPagamento: { chave: sql`${vendaPagamento.formaPagamentoId}`, rotulo: 'registro' },
    bandeira: { chave: sql`${vendaPagamento.bandeiraId}`, rotulo: 'registro' },
  },
  medidas: {
    pagamentos: (v) => sql`count(*) filter (where ${v})`,
    vendas: (v) => sql`count(distinct ${vendaPagamento.vendaId}) filter (where ${v})`,
    valor: (v) => soma(sql`${vendaPagamento.valor}`, v),
    troco: (v) => soma(sql`${vendaPagamento.troco}`, v),
    total: (v) => soma(sql`${vendaPagamento.valor} - ${vendaPagamento.troco}`, v),
    ticketMedio: () => sql`null`,
    canceladas: (_v, c) => sql`count(distinct ${vendaPagamento.vendaId}) filter (where ${c})`,
    valorCancelado: (_v, c) => soma(sql`${vendaPagamento.valor} - ${vendaPagamento.troco}`, c),
  },
  ticket: { total: 'total', vendas: 'vendas' },
} satisfies ConjuntoSql & Nomes<'pagamentos'>;

export const conjuntosSql: Record<NomeConjunto, ConjuntoSql> = { vendas, itensVendidos, pagamentos };
