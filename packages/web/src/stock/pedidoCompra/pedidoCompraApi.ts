import type { StatusPedidoCompra } from '@retaguarda/domain';
import { api } from '../../api/client.ts';

/** One line of an order as the server answers it (stock/pedidoCompra.ts). */
export interface LinhaPedido {
  produto: string;
  descricao: string | null;
  unidade: string | null;
  fator: string;
  quantidade: string;
  precoUnitario: string;
  valor: number;
  quantidadeRecebida: string;
}

export interface RecebimentoFeito {
  _id: string;
  numero: number;
  localDescricao: string | null;
  valor: number;
  ocorridoEm: string;
  usuario: string | null;
  observacao: string | null;
  /** Received by the supplier's NF-e (its entry and number); null: by hand. */
  entrada: string | null;
  notaNumero: number | null;
  itens: { linha: number; quantidade: string; precoUnitario: string; valor: number; divergencias: { quantidade?: string; precoUnitario?: string } }[];
}

export interface EventoPedido {
  tipo: 'criado' | 'aprovacaoPedida' | 'aprovado' | 'enviado' | 'email' | 'recebido' | 'encerrado' | 'cancelado';
  em: string;
  quem: string | null;
  numero?: number;
  valor?: number;
  motivo?: string | null;
  para?: string | null;
}

export interface DetalhePedido {
  _id: string;
  numero: number;
  status: StatusPedidoCompra;
  version: number;
  fornecedor: string;
  fornecedorNome: string | null;
  /** The supplier's e-mail from pessoa, if any. */
  fornecedorEmail: string | null;
  valor: number;
  previsaoEntrega: string | null;
  observacao: string | null;
  criadoEm: string;
  motivoCancelamento: string | null;
  motivoEncerramento: string | null;
  /** The company's approval limit in centavos; null: no approval. */
  limiteAprovacao: number | null;
  itens: LinhaPedido[];
  recebimentos: RecebimentoFeito[];
  historico: EventoPedido[];
}

export interface PedidoListado {
  _id: string;
  numero: number;
  status: StatusPedidoCompra;
  fornecedor: string;
  fornecedorNome: string | null;
  valor: number;
  valorRecebido: number;
  linhas: number;
  previsaoEntrega: string | null;
  criadoEm: string;
}

export interface FiltroEnviado {
  status?: StatusPedidoCompra;
  fornecedor?: string;
  de: string;
  ate: string;
  limite: number;
}

export interface PedidoEnviado {
  fornecedor: string;
  previsaoEntrega: string | null;
  observacao: string | null;
  itens: { produto: string; unidade: string | null; fator: string | null; quantidade: string; precoUnitario: string }[];
}

export interface RecebimentoEnviado {
  version: number;
  local: string;
  observacao: string | null;
  itens: { linha: number; quantidade: string; precoUnitario: string | null }[];
}

const BASE = 'estoquePedidoCompra';
const rota = (id: string, acao?: string) => `${BASE}/${encodeURIComponent(id)}${acao ? `/${acao}` : ''}`;

/** The purchase order routes of the server (packages/server/src/stock/pedidoCompraRoutes.ts). */
export const pedidoCompraApi = {
  listar: (filtro: FiltroEnviado, signal?: AbortSignal) => api.post<PedidoListado[]>(`${BASE}/lista`, filtro, { signal }),
  detalhe: (id: string, signal?: AbortSignal) => api.get<DetalhePedido>(rota(id), { signal }),
  criar: (p: PedidoEnviado) => api.post<DetalhePedido>(BASE, p),
  editar: (id: string, p: PedidoEnviado & { version: number }) => api.put<DetalhePedido>(rota(id), p),
  enviar: (id: string) => api.post<DetalhePedido>(rota(id, 'enviar'), {}),
  cancelar: (id: string, motivo: string) => api.post<DetalhePedido>(rota(id, 'cancelar'), { motivo }),
  encerrar: (id: string, motivo: string) => api.post<DetalhePedido>(rota(id, 'encerrar'), { motivo }),
  email: (id: string, para: string | null) => api.post<DetalhePedido>(rota(id, 'email'), { para }),
  aprovar: (id: string) => api.post<DetalhePedido>(rota(id, 'aprovar'), {}),
  receber: (id: string, r: RecebimentoEnviado) => api.post<{ pedido: DetalhePedido }>(rota(id, 'receber'), r),
};

export const pedidoCompraKeys = {
  todos: (empresa: string | undefined) => [BASE, empresa ?? ''] as const,
  lista: (empresa: string | undefined, filtro: FiltroEnviado) => [BASE, empresa ?? '', 'lista', filtro] as const,
  detalhe: (empresa: string | undefined, id: string) => [BASE, empresa ?? '', 'detalhe', id] as const,
};
