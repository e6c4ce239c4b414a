import { z } from 'zod';
import { canaisVenda } from '../resources/registration/canais.ts';

/**
 * The sales reports' filters and answers, shared by the server (which computes them) and the web
 * (which shows and exports them). Money in centavos; shares in basis points (10000 = 100%).
 */
export const agrupamentosVenda = ['dia', 'empresa', 'canal', 'hora', 'diaDaSemana', 'terminal'] as const;
export type AgrupamentoVenda = (typeof agrupamentosVenda)[number];

/** Empty: every one. Ids of the group's records, which the server checks. */
const ids = (quais: string) => z.array(z.string({ error: `Informe os ${quais} por id.` }).min(1, `Informe os ${quais} por id.`).max(64), { error: `Informe os ${quais} em uma lista de ids.` }).max(200).default([]);

const periodo = {
  de: z.iso.date({ error: 'De: use aaaa-mm-dd.' }),
  ate: z.iso.date({ error: 'Até: use aaaa-mm-dd.' }),
  /** Empty: every company the user may see. */
  empresas: z.array(z.string()).default([]),
  canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).default([]),
  /** Empty: every terminal, every operator. Ids of the group's records (the server checks them). */
  terminais: ids('terminais'),
  operadores: ids('operadores'),
  /** A registered periodoPorHora (Almoço 11:00–15:00): only sales closed in those hours. */
  periodoPorHora: z.string({ error: 'Informe o id do período.' }).min(1, 'Informe o id do período.').max(64).nullable().default(null),
};
type Periodo = { de: string; ate: string };
const regrasDoPeriodo = <T extends z.ZodType<Periodo>>(schema: T) =>
  schema
    .refine((f) => f.ate >= f.de, { path: ['ate'], message: 'O fim do período é anterior ao início.' })
    .refine((f) => Date.parse(f.ate) - Date.parse(f.de) <= 366 * 86_400_000, { path: ['ate'], message: 'No máximo um ano por consulta.' });

export const filtroRelatorioPeriodo = regrasDoPeriodo(z.object(periodo));
export type FiltroRelatorioPeriodo = z.input<typeof filtroRelatorioPeriodo>;

export const filtroRelatorioVenda = regrasDoPeriodo(z.object({ ...periodo, agrupar: z.enum(agrupamentosVenda, { error: `Agrupar por: ${agrupamentosVenda.join(', ')}.` }).default('dia') }));
export type FiltroRelatorioVenda = z.input<typeof filtroRelatorioVenda>;

export interface LinhaRelatorioVenda {
  chave: string;
  rotulo: string;
  vendas: number;
  bruto: number;
  descontos: number;
  taxaServico: number;
  taxaEntrega: number;
  total: number;
  ticketMedio: number;
  canceladas: number;
  valorCancelado: number;
}
export interface RelatorioVenda {
  linhas: LinhaRelatorioVenda[];
  totais: LinhaRelatorioVenda;
}

export interface LinhaProdutoVendido {
  produto: string;
  codigo: string;
  descricao: string;
  /** Exact decimal text ('12.5'). */
  quantidade: string;
  vendas: number;
  total: number;
  participacao: number;
  acumulado: number;
  classe: 'A' | 'B' | 'C';
}

export interface RelatorioCancelamentos {
  vendas: { venda: string; pedidoId: string; empresa: string; loja: string; canal: string; fechadoEm: string; canceladaEm: string | null; por: string | null; motivo: string | null; total: number }[];
  itens: { venda: string; pedidoId: string; empresa: string; loja: string; produto: string; quantidade: string; valor: number; canceladoEm: string | null; por: string | null; motivo: string | null }[];
  totais: { vendas: number; valorVendas: number; itens: number; valorItens: number };
}

export interface ResumoDia {
  vendas: number;
  total: number;
  ticketMedio: number;
  canceladas: number;
  valorCancelado: number;
}

/** POST /api/dashboard: the active company's day against the same weekday of the week before. */
export interface PainelDoDia {
  data: string;
  comparacao: string;
  empresas: string[];
  resumo: { dia: ResumoDia; comparacao: ResumoDia };
  porHora: { hora: number; dia: number; comparacao: number }[];
  porCanal: { canal: string; vendas: number; total: number }[];
  porPagamento: { formaPagamento: string; descricao: string; tPag: string; total: number }[];
  topProdutos: { produto: string; descricao: string; quantidade: string; total: number }[];
}

/** One line of relatorioVendaDescontos: a reason, on whole sales or on items. */
export interface LinhaDesconto {
  motivo: string | null;
  descricao: string;
  onde: 'venda' | 'item';
  vezes: number;
  desconto: number;
  /** The gross the discounts were taken from. */
  base: number;
  /** Basis points of the base (10000 = 100%). */
  percentual: number;
}

/** A fiscal document's status in relatorioVendasResumoFiscal; 'semDocumento' is a sale without one. */
export type StatusResumoFiscal = 'autorizada' | 'contingencia' | 'cancelada' | 'rejeitada' | 'pendente' | 'semDocumento';

/** relatorioVendasResumoFiscal: the period's documents by model, status and series; items by CFOP and CST. */
export interface RelatorioResumoFiscal {
  /** One line per model (65 NFC-e, 55 NF-e; null without document), status and series. */
  documentos: { modelo: '65' | '55' | null; status: StatusResumoFiscal; serie: number | null; quantidade: number; total: number; canceladas: number; valorCancelado: number }[];
  /** Not cancelled items of not cancelled sales, net of item discounts (before the sale's discount and fees). */
  porCfop: { cfop: string | null; itens: number; total: number }[];
  porCst: { cst: string | null; itens: number; total: number }[];
  /** Documents issued in contingency that were not transmitted yet. */
  contingencia: { venda: string; pedidoId: string; loja: string; modelo: string; serie: number | null; numero: number | null; chave: string | null; fechadoEm: string; total: number; vendaCancelada: boolean }[];
  /** Documents issued in contingency and since authorized: when the terminal transmitted them and SEFAZ's protocol (status is the current one: a later cancellation shows). */
  transmitidas: { venda: string; pedidoId: string; loja: string; modelo: string; serie: number | null; numero: number | null; chave: string | null; fechadoEm: string; transmitidaEm: string; protocolo: string | null; status: StatusResumoFiscal; total: number }[];
  totais: { quantidade: number; total: number; canceladas: number; valorCancelado: number; itens: number; totalItens: number };
}

/**
 * One sale's fiscal document and what happened to it, oldest first: the status it came with, then each
 * report of the terminal (contingency transmitted, rejection) and the cancellation event.
 */
export interface HistoricoDocumentoFiscal {
  documento: { venda: string; pedidoId: string; loja: string; modelo: string; serie: number | null; numero: number | null; chave: string | null; status: StatusResumoFiscal; vendaCancelada: boolean; fechadoEm: string };
  historico: { status: StatusResumoFiscal; em: string; origem: 'venda' | 'documentoFiscal' | 'cancelamento'; protocolo: string | null; codigo: string | null; motivo: string | null }[];
}

/** relatorioVendaTransferencias: items moved between tables or comandas before the sale closed. */
export interface RelatorioTransferencias {
  transferencias: { venda: string; pedidoId: string; em: string; loja: string; deMesa: string; paraMesa: string; produto: string; quantidade: string; valor: number; usuario: string; nome: string; motivo: string | null }[];
  /** Who moves items, most first. */
  porUsuario: { usuario: string; nome: string; transferencias: number; valor: number }[];
  totais: { transferencias: number; valor: number };
}

export const agrupamentosQrCode = ['mesa', 'dia', 'hora'] as const;
export type AgrupamentoQrCode = (typeof agrupamentosQrCode)[number];

/** relatorioQrCode: the channel is QR Code by definition, so channels sent are ignored. */
export const filtroRelatorioQrCode = regrasDoPeriodo(z.object({ ...periodo, agrupar: z.enum(agrupamentosQrCode, { error: `Agrupar por: ${agrupamentosQrCode.join(', ')}.` }).default('mesa') }));
export type FiltroRelatorioQrCode = z.input<typeof filtroRelatorioQrCode>;

/** One line of relatorioQrCode: a table (of a store), a day or an hour. */
export interface LinhaRelatorioQrCode {
  chave: string;
  rotulo: string;
  pedidos: number;
  /** Items ordered (decimal text): units of counted products, 1 per weighed item (a plate by the kilo). */
  itens: string;
  total: number;
  ticketMedio: number;
  /** The store's sales of every channel in the same slice (the whole period for a table). */
  totalLoja: number;
  /** Basis points of totalLoja that came through QR code. */
  participacao: number;
  canceladas: number;
}
export interface RelatorioQrCode {
  linhas: LinhaRelatorioQrCode[];
  totais: LinhaRelatorioQrCode;
  topProdutos: { produto: string; codigo: string; descricao: string; quantidade: string; pedidos: number; total: number }[];
}

/** listaProdutosVendidos: the stores chosen (empresas; none: every one the user may see), the period; channels narrow it too. */
export const filtroListaProdutosVendidos = filtroRelatorioPeriodo;
export type FiltroListaProdutosVendidos = FiltroRelatorioPeriodo;

/** A product's quantity sold, for stock: as an item of its own and as a complement of others. */
export interface LinhaProdutoParaEstoque {
  produto: string;
  codigo: string;
  descricao: string;
  agrupador: string | null;
  agrupadorDescricao: string;
  unidade: string;
  /** Exact decimal text, as items. */
  comoItem: string;
  /** Exact decimal text, as complements (modifiers) of other items: item quantity × modifier quantity. */
  comoComplemento: string;
  /** comoItem + comoComplemento. */
  quantidade: string;
}
export interface SubtotalAgrupador {
  agrupador: string | null;
  agrupadorDescricao: string;
  unidade: string;
  produtos: number;
  quantidade: string;
}
/** What one store sold of one unit (kilos and units do not add up): products and their quantity. */
export interface TotalLojaUnidade {
  empresa: string;
  loja: string;
  unidade: string;
  produtos: number;
  quantidade: string;
}
export interface ListaProdutosVendidos {
  /** Each product summed over the stores covered. */
  linhas: LinhaProdutoParaEstoque[];
  /** Per agrupador and unit (kilos and units do not add up). */
  subtotais: SubtotalAgrupador[];
  /** Per store and unit, stores by name: each unit's quantities add up to its line in `totais`. */
  lojas: TotalLojaUnidade[];
  /** Per unit over every store covered (products: distinct products of that unit). */
  totais: { unidade: string; produtos: number; quantidade: string }[];
}

/** POST /api/{relatório}/filtros: what the shared filters offer (the group's terminals of the user's companies, users, hour periods). */
export interface OpcoesFiltroRelatorio {
  terminais: { _id: string; descricao: string; loja: string }[];
  operadores: { _id: string; nome: string }[];
  periodosPorHora: { _id: string; descricao: string; horaInicio: string; horaFim: string }[];
}
