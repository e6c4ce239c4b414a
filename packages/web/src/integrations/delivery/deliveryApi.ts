import type { SituacaoLojaDelivery } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

export type SituacaoPedidoDelivery = 'recebido' | 'aceito' | 'recusado' | 'cancelado';

export interface PedidoDelivery {
  _id: string;
  integracao: string;
  integracaoDescricao: string;
  provedor: string;
  pedidoExterno: string;
  codigo: string;
  cliente: string | null;
  criadoEm: string;
  situacao: SituacaoPedidoDelivery;
  itens: { id: string; nome: string; quantidade: string; precoUnitario: number; mapeado: boolean }[];
  venda: string | null;
  motivo: string | null;
  decididoEm: string | null;
  repasse: { bruto: number; comissao: number; taxaEntrega: number; campanhas: number; subsidio: number; liquido: number } | null;
  /** What was told back to the marketplace: each status, sent, waiting for a retry (the last error) or given up. */
  retornos: { evento: EventoRetorno; situacao: 'enviado' | 'pendente' | 'desistido'; erro: string | null }[];
}

export type EventoRetorno = 'aceito' | 'recusado' | 'pronto' | 'despachado';

/** What a channel's marketplace heard last about the store (server delivery/situacaoLoja.ts). */
export interface AvisoLoja {
  integracao: string;
  situacao: SituacaoLojaDelivery;
  motivo: string | null;
  ate: string | null;
  estado: 'enviado' | 'pendente' | 'desistido' | 'semChamada';
  em: string;
  erro: string | null;
  tentativas: number;
}

export interface MapaDelivery {
  mapeados: { itemExterno: string; descricaoExterna: string; produto: string; produtoDescricao: string | null }[];
  naoMapeados: { itemExterno: string; descricaoExterna: string; pedidos: number }[];
}

const base = 'appIntegracaoDelivery';
const id = (x: string) => encodeURIComponent(x);

/** The delivery screen's calls (server integrations/delivery/routes.ts). */
export const deliveryApi = {
  pedidos: (signal?: AbortSignal) => api.get<PedidoDelivery[]>(`${base}/pedidos`, { signal }),
  aceitar: (pedido: string) => api.post<{ venda: string; total: number }>(`${base}/pedidos/${id(pedido)}/aceitar`, {}),
  avisar: (pedido: string, acao: 'pronto' | 'despachar') => api.post<{ evento: EventoRetorno }>(`${base}/pedidos/${id(pedido)}/${acao}`, {}),
  recusar: (pedido: string, motivo: string) => api.post<{ situacao: 'recusado' }>(`${base}/pedidos/${id(pedido)}/recusar`, { motivo }),
  loja: (integracao: string, situacao: SituacaoLojaDelivery, motivo: string | null, minutos: number | null = null) =>
    api.post<{ situacaoLoja: SituacaoLojaDelivery; ate: string | null }>(`${base}/${id(integracao)}/loja`, { situacao, motivo, ...(minutos ? { minutos } : {}) }),
  avisosLoja: (signal?: AbortSignal) => api.get<AvisoLoja[]>(`${base}/avisosLoja`, { signal }),
  mapa: (integracao: string, signal?: AbortSignal) => api.get<MapaDelivery>(`${base}/${id(integracao)}/mapa`, { signal }),
  mapear: (integracao: string, itemExterno: string, descricaoExterna: string, produto: string) => api.put<{ produto: string }>(`${base}/${id(integracao)}/mapa`, { itemExterno, descricaoExterna, produto }),
};

export const deliveryKeys = {
  todos: (empresa: string | undefined) => ['delivery', empresa] as const,
};
