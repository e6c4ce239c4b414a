import type { CardapioDelivery, PedidoDeliveryProprio, StatusPedidoDelivery } from '@retaguarda/domain';

export type { CardapioDelivery, SituacaoParaCliente, StatusPedidoDelivery } from '@retaguarda/domain';
import { chamar } from '../../qrCode/mesaQrApi.ts';


/** The delivery page's path under /api/q (the customer's cookie travels to both public pages). */
export const paginaDelivery = (token: string) => `d/loja/${encodeURIComponent(token)}`;

export const deliveryPaginaApi = {
  cardapio: (token: string) => chamar<CardapioDelivery>('GET', paginaDelivery(token)),
  pedir: (token: string, pedido: PedidoDeliveryProprio) => chamar<{ pedido: StatusPedidoDelivery; duplicado: boolean }>('POST', `${paginaDelivery(token)}/pedidos`, pedido),
  pedido: (token: string, id: string) => chamar<StatusPedidoDelivery>('GET', `${paginaDelivery(token)}/pedidos/${encodeURIComponent(id)}`),
};
