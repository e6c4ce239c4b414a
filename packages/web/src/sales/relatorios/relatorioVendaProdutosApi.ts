import type { LinhaProdutoVendido } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import type { FiltroBase } from './useFiltroRelatorio.ts';

export type { LinhaProdutoVendido };

export const relatorioProdutosKeys = {
  consulta: (empresa: string | undefined, filtro: FiltroBase) => ['relatorioVendaProdutos', empresa ?? '', filtro] as const,
};

/** POST /api/relatorioVendaProdutos (server: sales/relatorios/relatorioVendaProdutos.ts). */
export const relatorioProdutosApi = {
  consultar: (filtro: FiltroBase, signal?: AbortSignal) => api.post<LinhaProdutoVendido[]>('relatorioVendaProdutos', filtro, { signal }),
};
