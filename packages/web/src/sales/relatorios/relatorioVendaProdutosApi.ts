import { api } from '../../api/client.ts';
import type { FiltroBase } from './useFiltroRelatorio.ts';

/** One row of POST /api/relatorioVendaProdutos (server: sales/relatorios/relatorioVendaProdutos.ts). */
export interface LinhaProdutoVendido {
  produto: string;
  codigo: string;
  descricao: string;
  quantidade: string;
  vendas: number;
  total: number;
  participacao: number;
  acumulado: number;
  classe: 'A' | 'B' | 'C';
}

export const relatorioProdutosKeys = {
  consulta: (empresa: string | undefined, filtro: FiltroBase) => ['relatorioVendaProdutos', empresa ?? '', filtro] as const,
};

export const relatorioProdutosApi = {
  consultar: (filtro: FiltroBase, signal?: AbortSignal) => api.post<LinhaProdutoVendido[]>('relatorioVendaProdutos', filtro, { signal }),
};
