import { z } from 'zod';

/**
 * The income statement by chart of accounts (relatorioFinanceiroPlanoDeContas, issue 14): its filter and
 * answer, shared by the server (which computes it) and the web (which shows and exports it). Money in
 * signed integer centavos: revenue positive, expenses negative, so a group's subtotal and the result are
 * plain sums.
 */
export const regimesDre = ['caixa', 'competencia'] as const;
export type RegimeDre = (typeof regimesDre)[number];
export const rotulosRegimeDre: Record<RegimeDre, string> = { caixa: 'Caixa', competencia: 'Competência' };

/** Columns: one per month of the period (the companies summed), or one per company (the period summed). */
export const colunasDre = ['mes', 'empresa'] as const;
export type ColunasDre = (typeof colunasDre)[number];

const mes = () => z.string({ error: 'Informe o mês (AAAA-MM).' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês (AAAA-MM).');

/** Months between two AAAA-MM, both included. */
export function mesesEntre(de: string, ate: string): string[] {
  const meses: string[] = [];
  let [a, m] = de.split('-').map(Number) as [number, number];
  const [aFim, mFim] = ate.split('-').map(Number) as [number, number];
  while (a < aFim || (a === aFim && m <= mFim)) {
    meses.push(`${a}-${String(m).padStart(2, '0')}`);
    if (++m > 12) [a, m] = [a + 1, 1];
  }
  return meses;
}

export const MESES_MAXIMO_DRE = 24;

export const filtroDre = z
  .object({
    de: mes(),
    ate: mes(),
    /** Empty: every company the user may see. */
    empresas: z.array(z.string({ error: 'Informe as empresas por id.' }), { error: 'Informe as empresas em uma lista de ids.' }).max(200).default([]),
    regime: z.enum(regimesDre, { error: 'Use caixa ou competencia.' }).default('caixa'),
    colunas: z.enum(colunasDre, { error: 'Use mes ou empresa.' }).default('mes'),
  })
  .refine((f) => f.ate >= f.de, { path: ['ate'], message: 'O mês final é anterior ao inicial.' })
  .refine((f) => mesesEntre(f.de, f.ate).length <= MESES_MAXIMO_DRE, { path: ['ate'], message: `No máximo ${MESES_MAXIMO_DRE} meses por consulta.` });
export type FiltroDre = z.input<typeof filtroDre>;

/** A line of the statement: a chart account with what it and its descendants moved in each column. */
export interface LinhaDre {
  planoConta: string;
  codigo: string;
  nome: string;
  /** Depth in the tree (0: a top group). */
  nivel: number;
  /** Has children in the statement: its values are subtotals. */
  grupo: boolean;
  /** One per column, in the order of `colunas`. */
  valores: number[];
  total: number;
}

export interface RelatorioDre {
  regime: RegimeDre;
  de: string;
  ate: string;
  /** The columns: months (AAAA-MM) or companies (ids), with their labels. */
  colunas: { chave: string; rotulo: string }[];
  /** The companies covered. */
  empresas: { _id: string; nome: string }[];
  /** Tree order; only accounts in the DRE with something in the period. */
  linhas: LinhaDre[];
  /** The result: the sum of the top groups. */
  resultado: { valores: number[]; total: number };
}

/** relatorioFinanceiroPlanoDeContasTeste: the statement from the rollup (current) beside the one read from the ledger and títulos (next). */
export interface ComparacaoDre {
  atual: RelatorioDre;
  proxima: RelatorioDre;
  /** Every cell (line × column, the total column and the result line included) whose values differ. */
  diferencas: { planoConta: string | null; coluna: string | null; atual: number; proxima: number }[];
  /** Milliseconds each version took on the server, for whoever compares their cost. */
  tempos: { atual: number; proxima: number };
}

/** The lines behind a cell of the statement: an account (with its descendants) in a column, or in the whole period (coluna null). */
export const filtroLinhasDre = filtroDre.and(
  z.object({
    planoConta: z.string({ error: 'Informe a conta do plano.' }).min(1, 'Informe a conta do plano.'),
    /** A month (AAAA-MM) or a company's id, as the columns are; null: the total column. */
    coluna: z.string({ error: 'Informe a coluna.' }).nullable().default(null),
  }),
);
export type FiltroLinhasDre = z.input<typeof filtroLinhasDre>;

/** One ledger row or título behind a cell, with what it counts there. */
export interface LinhaOrigemDre {
  origem: 'movimento' | 'titulo';
  _id: string;
  data: string;
  empresa: string;
  planoConta: string;
  descricao: string;
  valor: number;
}

export interface LinhasDre {
  linhas: LinhaOrigemDre[];
  /** The sum of every line (also those past the limit): the cell's value. */
  total: number;
  /** Lines in all; only the first LIMITE_LINHAS_DRE are listed. */
  quantidade: number;
}
export const LIMITE_LINHAS_DRE = 500;
