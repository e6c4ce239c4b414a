import { api } from '../api/client.ts';
import type { DetalheInventario, InclusaoInventario, InventarioListado, LinhaContagem } from './inventario.ts';

export interface NovoInventario {
  descricao: string;
  locais: string[];
  produtos?: string[];
  observacao?: string;
}

const rota = (id: string, acao?: string) => `estoqueInventario/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

/** The count routes of the server (packages/server/src/stock/inventario.ts). */
export const inventarioApi = {
  listar: (signal?: AbortSignal) => api.post<InventarioListado[]>('estoqueInventario/lista', {}, { signal }),
  abrir: (novo: NovoInventario) => api.post<DetalheInventario>('estoqueInventario', novo),
  detalhe: (id: string, signal?: AbortSignal) => api.get<DetalheInventario>(rota(id), { signal }),
  contar: (id: string, itens: LinhaContagem[]) => api.post<DetalheInventario>(rota(id, 'contagem'), { itens }),
  incluir: (id: string, inclusao: InclusaoInventario) => api.post<DetalheInventario & { incluida: { local: string; produto: string } }>(rota(id, 'itens'), inclusao),
  aprovar: (id: string) => api.post<DetalheInventario>(rota(id, 'aprovar'), {}),
  cancelar: (id: string) => api.post<DetalheInventario>(rota(id, 'cancelar'), {}),
};

export const inventarioKeys = {
  todos: (empresa: string | undefined) => ['estoqueInventario', empresa ?? ''] as const,
  lista: (empresa: string | undefined) => ['estoqueInventario', empresa ?? '', 'lista'] as const,
  detalhe: (empresa: string | undefined, id: string) => ['estoqueInventario', empresa ?? '', 'detalhe', id] as const,
};
