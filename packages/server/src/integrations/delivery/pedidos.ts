import { CANAL_PROPRIO, repasseDoPedido, tPagDoTipo, type EventoDelivery, type PedidoDelivery } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { noSavepoint } from '../../db/depoisDeConfirmar.ts';
import { deliveryEvento, deliveryMapa, deliveryPedido, deliveryRepasse, registro } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cancelarVendaNaTransacao, gravar, lerVenda } from '../../sales/ingestao.ts';
import type { TerminalAutenticado } from '../../sales/credencial.ts';
import { mensagemDoPedidoDelivery } from '../mensagemAutomatica/notificar.ts';
import type { IntegracaoDelivery } from './integracao.ts';
import { estornarRepasse, lancarRepasse } from './repasseNoFinanceiro.ts';
import { enfileirarRetorno } from './retorno.ts';

type PedidoLinha = typeof deliveryPedido.$inferSelect;

export interface EventoRecebido {
  /** The same event id was received before: nothing was stored again. */
  duplicado: boolean;
}

const terminalDa = (i: IntegracaoDelivery): TerminalAutenticado => ({ grupoEmpresarial: i.grupoEmpresarial, empresa: i.empresa, terminal: i.terminal });

/** Which of the order's item ids have a product in the integration's mapping. */
async function mapeamento(tx: Transaction, i: IntegracaoDelivery, itens: readonly { id: string }[]): Promise<Map<string, string>> {
  const ids = [...new Set(itens.map((x) => x.id))];
  if (!ids.length) return new Map();
  const linhas = await tx
    .select({ item: deliveryMapa.itemExterno, produto: deliveryMapa.produtoId })
    .from(deliveryMapa)
    .where(and(eq(deliveryMapa.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryMapa.integracaoId, i.id), inArray(deliveryMapa.itemExterno, ids)));
  return new Map(linhas.map((l) => [l.item, l.produto]));
}

/**
 * The order as a sale of the integration's terminal (canal Delivery): items by the mapping, the store's
 * campaign as the sale's discount, the delivery fee, one payment of the total with the integration's
 * payment method. The marketplace's own campaign is not the store's discount: it pays that part back.
 */
async function vendaDoPedido(tx: Transaction, i: IntegracaoDelivery, p: PedidoDelivery, agora: Date) {
  // The own page's items are our products already, and the customer chose how to pay.
  const mapa = p.proprio ? new Map(p.itens.map((x) => [x.id, x.id])) : await mapeamento(tx, i, p.itens);
  const formaPagamento = p.proprio?.formaPagamento ?? i.formaPagamento;
  const faltam = p.itens.filter((x) => !mapa.has(x.id));
  if (faltam.length) throw new HttpError(409, `Mapeie os itens antes de aceitar: ${[...new Set(faltam.map((x) => x.nome))].join(', ')}.`);
  if (p.descontoLoja > 0 && !i.descontoMotivo) throw new HttpError(409, 'O pedido tem campanha da loja: escolha o motivo das campanhas na integração.');
  const [forma] = await tx
    .select({ dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, i.grupoEmpresarial), eq(registro.recurso, 'formaPagamento'), eq(registro.id, formaPagamento), eq(registro.lixo, false)));
  const tPag = forma ? tPagDoTipo(String(forma.dados.tipo)) : undefined;
  if (!tPag) throw new HttpError(409, 'A forma de pagamento da integração não existe mais: escolha outra.');
  const total = repasseDoPedido(p).bruto - p.descontoLoja;
  // A marketplace clock ahead of ours must not close the sale before it opened.
  const fechadoEm = new Date(Math.max(agora.getTime(), Date.parse(p.criadoEm))).toISOString();
  return lerVenda({
    pedidoId: p.id,
    canal: i.provedor === CANAL_PROPRIO ? CANAL_PROPRIO : 'Delivery',
    cliente: null,
    abertoEm: p.criadoEm,
    fechadoEm,
    itens: p.itens.map((x) => ({ produto: mapa.get(x.id)!, quantidade: x.quantidade, precoUnitario: x.precoUnitario, observacao: x.observacao })),
    pagamentos: [{ formaPagamento, tPag, valor: total }],
    desconto: p.descontoLoja,
    descontoMotivo: p.descontoLoja > 0 ? i.descontoMotivo : null,
    taxaEntrega: p.taxaEntrega,
    total,
  });
}

/**
 * Accepts a received order: it becomes a sale through the terminals' ingestion (stock, receivables, KDS) and
 * its payout is posted to the app's wallet, all in the caller's transaction.
 */
async function aceitar(tx: Transaction, i: IntegracaoDelivery, pedido: PedidoLinha, por: string, agora = new Date()) {
  const venda = await vendaDoPedido(tx, i, pedido.pedido, agora);
  const [gravada] = await gravar(tx, [{ t: terminalDa(i), venda, original: pedido.pedido, id: newId() }]);
  await tx
    .update(deliveryPedido)
    .set({ situacao: 'aceito', vendaId: gravada!._id, decididoEm: agora, decididoPor: por, motivo: null, version: sql`${deliveryPedido.version} + 1` })
    .where(and(eq(deliveryPedido.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryPedido.id, pedido.id)));
  await lancarRepasse(tx, i, pedido, repasseDoPedido(pedido.pedido), por === 'automatico' ? null : por, agora);
  await enfileirarRetorno(tx, i, pedido, 'aceito');
  await mensagemDoPedidoDelivery(tx, pedido, 'Aceito');
  return gravada!;
}

/**
 * One webhook event whose signature was checked, in the integration's tenant transaction: stored once
 * by its id (a resend answers duplicado and changes nothing); an order is kept with its payout and, with
 * automatic acceptance, the store open and every item mapped, becomes a sale at once; a cancellation
 * cancels the order and, if it was accepted, its sale (stock back, out of the totals).
 */
export async function receberEvento(tx: Transaction, i: IntegracaoDelivery, evento: EventoDelivery, corpo: unknown): Promise<EventoRecebido> {
  const pedidoExterno = evento.tipo === 'pedido' ? evento.pedido.id : evento.tipo === 'cancelamento' ? evento.pedidoId : null;
  const novo = await tx
    .insert(deliveryEvento)
    .values({ grupoEmpresarialId: i.grupoEmpresarial, empresaId: i.empresa, integracaoId: i.id, eventoId: evento.eventoId, tipo: evento.tipo, pedidoExterno, corpo })
    .onConflictDoNothing()
    .returning({ id: deliveryEvento.id });
  if (!novo.length) return { duplicado: true };
  if (evento.tipo === 'pedido') await receberPedido(tx, i, evento.pedido);
  else if (evento.tipo === 'cancelamento') await cancelarPedido(tx, i, evento.pedidoId, evento.motivo, evento.em);
  return { duplicado: false };
}

/**
 * An order kept (from a webhook or the own page): payout, 'Recebido' and, if automatic, accepted at `agora`
 * (the demonstration's own clock; the real one otherwise). Null when already kept.
 */
export async function receberPedido(tx: Transaction, i: IntegracaoDelivery, p: PedidoDelivery, agora = new Date()): Promise<PedidoLinha | null> {
  const [pedido] = await tx
    .insert(deliveryPedido)
    .values({ grupoEmpresarialId: i.grupoEmpresarial, empresaId: i.empresa, integracaoId: i.id, pedidoExterno: p.id, codigo: p.codigo, cliente: p.cliente, criadoEm: new Date(p.criadoEm), itens: p.itens, pedido: p })
    // The same order under another event id (a marketplace's retry with a new id) is still one order.
    .onConflictDoNothing()
    .returning();
  if (!pedido) return null;
  await tx.insert(deliveryRepasse).values({ grupoEmpresarialId: i.grupoEmpresarial, empresaId: i.empresa, pedidoId: pedido.id, integracaoId: i.id, ...repasseDoPedido(p) });
  await mensagemDoPedidoDelivery(tx, pedido, 'Recebido');
  if (!i.aceiteAutomatico || i.situacaoLoja !== 'Aberta') return pedido;
  try {
    // A savepoint: an order that cannot be accepted (an item not mapped) stays received, with the reason.
    await noSavepoint(tx, (sp) => aceitar(sp, i, pedido, 'automatico', agora));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await tx
      .update(deliveryPedido)
      .set({ motivo: error.message })
      .where(and(eq(deliveryPedido.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryPedido.id, pedido.id)));
  }
  return pedido;
}

async function cancelarPedido(tx: Transaction, i: IntegracaoDelivery, pedidoExterno: string, motivo: string, em: string) {
  const [pedido] = await tx
    .select()
    .from(deliveryPedido)
    .where(and(eq(deliveryPedido.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryPedido.integracaoId, i.id), eq(deliveryPedido.pedidoExterno, pedidoExterno)))
    .for('update');
  // A cancellation of an order never received, or already ended, changes nothing (the event is kept).
  if (!pedido || pedido.situacao === 'cancelado' || pedido.situacao === 'recusado') return;
  if (pedido.situacao === 'aceito') {
    await cancelarVendaNaTransacao(tx, terminalDa(i), pedido.pedidoExterno, { usuario: i.provedor, motivo, em });
    await estornarRepasse(tx, i, pedido, motivo, null);
  }
  await tx
    .update(deliveryPedido)
    .set({ situacao: 'cancelado', decididoEm: new Date(em), decididoPor: i.provedor, motivo, version: sql`${deliveryPedido.version} + 1` })
    .where(and(eq(deliveryPedido.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryPedido.id, pedido.id)));
  await mensagemDoPedidoDelivery(tx, pedido, 'Cancelado');
}

/** An order of the session's company, locked, still waiting for a decision (409 otherwise). */
async function pedidoPendente(tx: Transaction, s: { grupoEmpresarial: string; empresa: string }, id: string): Promise<PedidoLinha> {
  const [pedido] = await tx
    .select()
    .from(deliveryPedido)
    .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.empresaId, s.empresa), eq(deliveryPedido.id, id)))
    .for('update');
  if (!pedido) throw new HttpError(404, 'Pedido de delivery não encontrado.');
  if (pedido.situacao !== 'recebido') throw new HttpError(409, `O pedido #${pedido.codigo} já foi ${pedido.situacao}.`);
  return pedido;
}

export async function aceitarPedido(tx: Transaction, s: { grupoEmpresarial: string; empresa: string; usuario: string }, id: string, integracaoDe: (id: string) => Promise<IntegracaoDelivery>, agora = new Date()) {
  const pedido = await pedidoPendente(tx, s, id);
  const venda = await aceitar(tx, await integracaoDe(pedido.integracaoId), pedido, s.usuario, agora);
  return { _id: pedido.id, situacao: 'aceito' as const, venda: venda._id, total: venda.total };
}

export async function recusarPedido(tx: Transaction, s: { grupoEmpresarial: string; empresa: string; usuario: string }, id: string, motivo: string, integracaoDe?: (id: string) => Promise<IntegracaoDelivery>) {
  const pedido = await pedidoPendente(tx, s, id);
  if (integracaoDe) await enfileirarRetorno(tx, await integracaoDe(pedido.integracaoId), pedido, 'recusado');
  await tx
    .update(deliveryPedido)
    .set({ situacao: 'recusado', decididoEm: new Date(), decididoPor: s.usuario, motivo, version: sql`${deliveryPedido.version} + 1` })
    .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.id, pedido.id)));
  await mensagemDoPedidoDelivery(tx, pedido, 'Cancelado');
  return { _id: pedido.id, situacao: 'recusado' as const };
}

/**
 * The kitchen finished an accepted order (pronto) or it left with the courier (despachado): told to the
 * marketplace, once each. 409 for an order not accepted.
 */
export async function avisarAndamento(tx: Transaction, s: { grupoEmpresarial: string; empresa: string }, id: string, evento: 'pronto' | 'despachado', integracaoDe: (id: string) => Promise<IntegracaoDelivery>) {
  const [pedido] = await tx
    .select()
    .from(deliveryPedido)
    .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.empresaId, s.empresa), eq(deliveryPedido.id, id)));
  if (!pedido) throw new HttpError(404, 'Pedido de delivery não encontrado.');
  if (pedido.situacao !== 'aceito') throw new HttpError(409, `O pedido #${pedido.codigo} não está aceito (está ${pedido.situacao}).`);
  await enfileirarRetorno(tx, await integracaoDe(pedido.integracaoId), pedido, evento);
  // The customer's 'Saiu para entrega' message, if the group has one (once per order: its key).
  if (evento === 'despachado') await mensagemDoPedidoDelivery(tx, pedido, 'Saiu para entrega');
  return { _id: pedido.id, evento };
}
