import type { EnderecoEntrega, FaixaCepDelivery, PagamentoNaEntrega, PedidoDeliveryProprio, SecaoVitrine } from '@retaguarda/domain';
import { chamar } from '../../qrCode/mesaQrApi.ts';

/** What GET /api/q/d/loja/{token} answers. */
export interface CardapioDelivery {
  loja: string;
  /** Null: taking orders; else why not. */
  fechada: string | null;
  taxaEntrega: number;
  faixasCep: FaixaCepDelivery[];
  pedidoMinimo: number;
  tempoEstimado: number;
  pagamentos: PagamentoNaEntrega[];
  cardapio: string;
  secoes: SecaoVitrine[];
}

export type SituacaoParaCliente = 'Aguardando a loja' | 'Em preparo' | 'Pronto' | 'Saiu para entrega' | 'Recusado' | 'Cancelado';

/** The customer's order as the status page shows it. */
export interface StatusPedidoDelivery {
  id: string;
  codigo: string;
  situacao: SituacaoParaCliente;
  motivo: string | null;
  itens: { nome: string; quantidade: string; precoUnitario: number; observacao: string | null }[];
  subtotal: number;
  taxaEntrega: number;
  total: number;
  pagamento: PagamentoNaEntrega;
  trocoPara: number | null;
  endereco: EnderecoEntrega;
  criadoEm: string;
  previstoPara: string;
}

/** The delivery page's path under /api/q (the customer's cookie travels to both public pages). */
export const paginaDelivery = (token: string) => `d/loja/${encodeURIComponent(token)}`;

export const deliveryPaginaApi = {
  cardapio: (token: string) => chamar<CardapioDelivery>('GET', paginaDelivery(token)),
  pedir: (token: string, pedido: PedidoDeliveryProprio) => chamar<{ pedido: StatusPedidoDelivery; duplicado: boolean }>('POST', `${paginaDelivery(token)}/pedidos`, pedido),
  pedido: (token: string, id: string) => chamar<StatusPedidoDelivery>('GET', `${paginaDelivery(token)}/pedidos/${encodeURIComponent(id)}`),
};
