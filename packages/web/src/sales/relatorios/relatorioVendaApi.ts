import { agrupamentosVenda, type AgrupamentoVenda, type LinhaRelatorioVenda, type RelatorioVenda } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import type { FiltroBase } from './useFiltroRelatorio.ts';

export const agrupamentos = agrupamentosVenda;
export type Agrupamento = AgrupamentoVenda;
export type { LinhaRelatorioVenda };

export interface FiltroRelatorioVenda extends FiltroBase {
  agrupar: Agrupamento;
}

export const relatorioVendaKeys = {
  all: ['relatorioVenda'] as const,
  consulta: (empresa: string | undefined, filtro: FiltroRelatorioVenda) => [...relatorioVendaKeys.all, empresa ?? '', filtro] as const,
};

/** POST /api/relatorioVenda (server: packages/server/src/sales/relatorios/relatorioVenda.ts). */
export const relatorioVendaApi = {
  consultar: (filtro: FiltroRelatorioVenda, signal?: AbortSignal) => api.post<RelatorioVenda>('relatorioVenda', filtro, { signal }),
};
