import type { Venda } from '@retaguarda/domain';
import type { Transaction } from '../db/client.ts';
import type { TerminalAutenticado } from '../sales/credencial.ts';
import { enviarACozinha } from './pedidos.ts';

/** A sale closed longer ago than this is history (a resend after an outage, the demo's past days), not an order to make. */
const JANELA_COZINHA_MS = 60 * 60 * 1000;

/**
 * The sales just stored that the kitchen still has to make, sent to it in the sale's transaction: their
 * items not cancelled. A sale whose order was sent open before (same terminal and pedidoId) is not sent again,
 * nor a sale of the QR Code channel: the guests' orders reached the kitchen when they sent them from the table
 * (integrations/qrCode), and the sale the POS closes for the table later is their bill, not a new order.
 */
export async function vendasACozinha(tx: Transaction, t: TerminalAutenticado, vendas: readonly { id: string; venda: Venda }[], agora = Date.now()): Promise<void> {
  const recentes = vendas.filter(({ venda }) => venda.canal !== 'QR Code' && agora - new Date(venda.fechadoEm).getTime() < JANELA_COZINHA_MS);
  if (!recentes.length) return;
  await enviarACozinha(
    tx,
    t.grupoEmpresarial,
    t.empresa,
    recentes.map(({ id, venda }) => ({
      origem: t.terminal,
      pedidoId: venda.pedidoId,
      vendaId: id,
      mesa: venda.mesa,
      cliente: null,
      chegouEm: new Date(Math.min(agora, new Date(venda.fechadoEm).getTime())),
      itens: venda.itens.filter((i) => !i.cancelado).map((i) => ({ produto: i.produto, quantidade: i.quantidade, modificadores: i.modificadores, observacao: i.observacao })),
    })),
  );
}
