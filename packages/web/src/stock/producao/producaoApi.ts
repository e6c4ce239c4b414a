import type { DetalheProducao, FiltroProducao, PreviaProducao, ProducaoListada } from '@retaguarda/domain';
import { api } from '../../api/client.ts';
import type { PedidoProducao } from './producao.ts';

export type { ApontamentoProducao, DetalheProducao, IngredienteProducao, PreviaProducao, ProducaoListada, StatusProducao } from '@retaguarda/domain';

/** A store the central kitchen may send production to, with its active locations (its sales location first). */
export interface DestinoProducao {
  _id: string;
  nome: string;
  locais: { _id: string; descricao: string }[];
}

export interface ApontamentoEnviado {
  quantidade: string;
  unidade?: string | null;
  consumos?: { produto: string; quantidade: string }[];
  finalizar?: boolean;
  observacao?: string | null;
}

const BASE = 'estoqueProducaoProdutos';
const rota = (id: string, acao?: string) => `${BASE}/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

/** The production routes of the server (packages/server/src/stock/producaoRoutes.ts). */
export const producaoApi = {
  listar: (filtro: FiltroProducao, signal?: AbortSignal) => api.post<ProducaoListada[]>(`${BASE}/lista`, filtro, { signal }),
  detalhe: (id: string, signal?: AbortSignal) => api.get<DetalheProducao>(rota(id), { signal }),
  destinos: (signal?: AbortSignal) => api.get<DestinoProducao[]>(`${BASE}/destinos`, { signal }),
  previa: (pedido: { produto: string; quantidade: string; unidade: string | null; localOrigem: string }) => api.post<PreviaProducao>(`${BASE}/previa`, pedido),
  criar: (pedido: PedidoProducao) => api.post<DetalheProducao>(BASE, pedido),
  previaApontamento: (id: string, ap: ApontamentoEnviado) => api.post<PreviaProducao>(rota(id, 'previa'), ap),
  iniciar: (id: string) => api.post<DetalheProducao>(rota(id, 'iniciar'), {}),
  apontar: (id: string, ap: ApontamentoEnviado) => api.post<DetalheProducao>(rota(id, 'apontar'), ap),
  finalizar: (id: string) => api.post<DetalheProducao>(rota(id, 'finalizar'), {}),
  cancelar: (id: string, motivo: string | null) => api.post<DetalheProducao>(rota(id, 'cancelar'), { motivo }),
  estornar: (id: string, apontamento: string, motivo: string) => api.post<DetalheProducao>(rota(id, `apontamentos/${encodeURIComponent(apontamento)}/estornar`), { motivo }),
};

export const producaoKeys = {
  todos: (empresa: string | undefined) => [BASE, empresa ?? ''] as const,
  lista: (empresa: string | undefined, filtro: FiltroProducao) => [BASE, empresa ?? '', 'lista', filtro] as const,
  detalhe: (empresa: string | undefined, id: string) => [BASE, empresa ?? '', 'detalhe', id] as const,
  destinos: (empresa: string | undefined) => [BASE, empresa ?? '', 'destinos'] as const,
};
