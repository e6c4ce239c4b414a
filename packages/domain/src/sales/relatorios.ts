import { z } from 'zod';
import { canaisVenda } from '../resources/registration/canais.ts';

/**
 * The sales reports' filters and answers, shared by the server (which computes them) and the web
 * (which shows and exports them). Money in centavos; shares in basis points (10000 = 100%).
 */
export const agrupamentosVenda = ['dia', 'empresa', 'canal', 'hora', 'diaDaSemana', 'terminal'] as const;
export type AgrupamentoVenda = (typeof agrupamentosVenda)[number];

const periodo = {
  de: z.iso.date({ error: 'De: use aaaa-mm-dd.' }),
  ate: z.iso.date({ error: 'Até: use aaaa-mm-dd.' }),
  /** Empty: every company the user may see. */
  empresas: z.array(z.string()).default([]),
  canais: z.array(z.enum(canaisVenda, { error: 'Canal desconhecido.' })).default([]),
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
