import { z } from 'zod';
import { tiposTitulo, type TipoTitulo } from '../agenda/titulo.ts';

/** relatorioFinanceiroAgenda (aging): what is open at a reference date, by how late it is (issue 14). */

export const faixasAging = ['aVencer', 'ate30', 'ate60', 'ate90', 'mais90'] as const;
/** Days overdue at the reference date: 0 or less (a vencer), 1–30, 31–60, 61–90, more than 90 (server finance/relatorios/aging.ts). */
export type FaixaAging = (typeof faixasAging)[number];

const dataIso = z.iso.date({ error: 'Informe a data (AAAA-MM-DD).' });
const id = z.string().trim().min(1).optional();

export const filtroAgingSchema = z.object({
  /** The reference date (default today in the stores' clock): settlements after it do not count. */
  data: dataIso.optional(),
  tipo: z.enum(tiposTitulo, { error: 'Escolha a pagar ou a receber.' }).default('receber'),
  /** The stores (none: every one the user may use). */
  empresas: z.array(z.string({ error: 'Empresa inválida.' }).trim().min(1, 'Empresa inválida.'), { error: 'Informe a lista de empresas.' }).max(200, 'No máximo 200 empresas.').default([]),
  planoConta: id,
  pessoa: id,
});
export type FiltroAging = z.output<typeof filtroAgingSchema>;

export const rotulosFiltroAging: Record<string, string> = { data: 'Data de referência', tipo: 'Tipo', empresas: 'Empresas', planoConta: 'Plano de contas', pessoa: 'Pessoa' };

export type ValoresAging = Record<FaixaAging, number> & { total: number; parcelas: number };

export interface LinhaAging extends ValoresAging {
  /** The supplier or customer; null for títulos without one (receivables may have none). */
  pessoa: string | null;
  pessoaNome: string;
}

export interface RelatorioAging {
  data: string;
  tipo: TipoTitulo;
  /** Largest total first. */
  linhas: LinhaAging[];
  totais: ValoresAging;
}

export const agingZerado = (): ValoresAging => ({ aVencer: 0, ate30: 0, ate60: 0, ate90: 0, mais90: 0, total: 0, parcelas: 0 });
