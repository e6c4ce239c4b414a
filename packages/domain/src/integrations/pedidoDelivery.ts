import { z } from 'zod';
import { paraEscalado } from '../shared/decimal.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_QUANTIDADE } from '../sales/venda.ts';
import type { ProvedorDelivery } from '../resources/integrations/appIntegracaoDelivery.ts';
import type { EnderecoEntrega, PagamentoNaEntrega } from './deliveryProprio.ts';

/**
 * A marketplace's webhook event read into one shape, whatever the provider: an order placed (with its
 * items and money in centavos) or an order cancelled. Each provider's body is read by its own schema
 * below; the rest of the server knows only this.
 */
export interface ItemPedidoDelivery {
  /** The marketplace's id of the item (what the product mapping keys on). */
  id: string;
  nome: string;
  /** Exact decimal, 3 places. */
  quantidade: string;
  precoUnitario: number;
  observacao: string | null;
}

export interface PedidoDelivery {
  /** The marketplace's order id. */
  id: string;
  /** The short code the customer and the courier see (#4821). */
  codigo: string;
  cliente: string | null;
  /** The customer's phone when the marketplace shares it (the automatic WhatsApp messages need it). */
  telefone?: string | null;
  criadoEm: string;
  itens: ItemPedidoDelivery[];
  taxaEntrega: number;
  /** Discount the store pays (its own campaign). */
  descontoLoja: number;
  /** Discount the marketplace pays (its campaign): the customer paid less, the marketplace pays it back. */
  subsidio: number;
  /** The marketplace's fee on this order. */
  comissao: number;
  /** An order of the store's own page (CANAL_PROPRIO): who signed in, where it goes and how it is paid. */
  proprio?: {
    pessoa: string;
    formaPagamento: string;
    pagamento: PagamentoNaEntrega;
    trocoPara: number | null;
    endereco: EnderecoEntrega;
    tempoEstimado: number;
  };
}

export type EventoDelivery =
  | { eventoId: string; tipo: 'pedido'; merchantId: string; em: string; pedido: PedidoDelivery }
  | { eventoId: string; tipo: 'cancelamento'; merchantId: string; em: string; pedidoId: string; motivo: string }
  /** An event the store does not act on (the courier left, a review…): stored once, answered 200. */
  | { eventoId: string; tipo: 'outro'; merchantId: string; em: string; codigo: string };

const texto = (rotulo: string, max: number) => z.string({ error: `Informe ${rotulo}.` }).trim().min(1, `Informe ${rotulo}.`).max(max, `${rotulo}: no máximo ${max} caracteres.`);
const instante = (rotulo: string) => z.iso.datetime({ offset: true, error: `Informe ${rotulo} em ISO 8601 com fuso.` });
const centavos = (rotulo: string) => z.number({ error: `Informe ${rotulo} em centavos.` }).int(`Informe ${rotulo} em centavos (inteiro).`).min(0, `${rotulo} não pode ser negativo.`).max(100_000_000);
/** iFood sends reais with two places (29.9): read exactly as text, never multiplied as a float. */
const reais = (rotulo: string) => decimalExato({ casas: 2, min: '0', max: '1000000', rotulo }).transform((v) => Number(paraEscalado(v, 2)));
const quantidade = decimalExato({ casas: CASAS_QUANTIDADE, min: '0.001', max: '99999', rotulo: 'a quantidade' });

/** The generic provider: our own contract, money in integer centavos (README, Integrations). */
const genericoSchema = z.discriminatedUnion('tipo', [
  z.object({
    eventoId: texto('o eventoId', 80),
    tipo: z.literal('pedido.criado'),
    merchantId: texto('o merchantId', 80),
    em: instante('o instante do evento'),
    pedido: z.object({
      id: texto('o id do pedido', 80),
      codigo: texto('o código do pedido', 20),
      cliente: z.string().trim().max(120).nullable().default(null),
      telefone: z.string().trim().max(20, 'telefone: no máximo 20 caracteres.').nullable().default(null),
      criadoEm: instante('a criação do pedido'),
      itens: z
        .array(
          z.object({
            id: texto('o id do item', 80),
            nome: texto('o nome do item', 120),
            quantidade,
            precoUnitario: centavos('o preço unitário'),
            observacao: z.string().trim().max(200).nullable().default(null),
          }),
          { error: 'Informe os itens.' },
        )
        .min(1, 'O pedido precisa de pelo menos um item.')
        .max(200),
      taxaEntrega: centavos('a taxa de entrega').default(0),
      descontoLoja: centavos('o desconto da loja').default(0),
      subsidio: centavos('o subsídio do marketplace').default(0),
      comissao: centavos('a comissão').default(0),
    }),
  }),
  z.object({
    eventoId: texto('o eventoId', 80),
    tipo: z.literal('pedido.cancelado'),
    merchantId: texto('o merchantId', 80),
    em: instante('o instante do evento'),
    pedidoId: texto('o id do pedido', 80),
    motivo: texto('o motivo', 200),
  }),
]);

const patrocinio = z.object({ name: z.string().trim().max(40), value: reais('o valor do patrocínio') });

/**
 * iFood-style: the shape of iFood's order events (id, code PLC/CAN/…, orderId, merchantId, createdAt)
 * with the order's details in `order` (as iFood's order API returns them: reais with two places,
 * benefits split by sponsor, the fee in `commission`).
 */
const ifoodSchema = z.object({
  id: texto('o id do evento', 80),
  code: texto('o código do evento', 20),
  orderId: texto('o orderId', 80),
  merchantId: texto('o merchantId', 80),
  createdAt: instante('o createdAt'),
  cancellationReason: z.string().trim().max(200).optional(),
  order: z
    .object({
      displayId: texto('o displayId', 20),
      createdAt: instante('o createdAt do pedido'),
      customer: z.object({ name: z.string().trim().max(120), phone: z.object({ number: z.string().trim().max(20) }).nullish() }).nullish(),
      items: z
        .array(
          z.object({
            id: texto('o id do item', 80),
            name: texto('o nome do item', 120),
            quantity: quantidade,
            unitPrice: reais('o unitPrice'),
            observations: z.string().trim().max(200).nullish(),
          }),
          { error: 'Informe os items.' },
        )
        .min(1, 'O pedido precisa de pelo menos um item.')
        .max(200),
      total: z.object({ deliveryFee: reais('o deliveryFee').default(0) }).default({ deliveryFee: 0 }),
      benefits: z.array(z.object({ sponsorshipValues: z.array(patrocinio).max(10) })).max(20).default([]),
      commission: reais('a commission').default(0),
    })
    .optional(),
});

/** A flat list of zod issues as {campo: mensagem}, the first per field. */
function campos(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const saida: Record<string, string> = {};
  for (const i of issues) saida[i.path.join('.') || '_'] ??= i.message;
  return saida;
}

export type LeituraEvento = { ok: true; evento: EventoDelivery } | { ok: false; campos: Record<string, string> };

/** The provider's body as an event, or the fields that are wrong (for a 400 that names them). */
export function lerEventoDelivery(provedor: ProvedorDelivery, corpo: unknown): LeituraEvento {
  if (provedor === 'Genérico') {
    const lido = genericoSchema.safeParse(corpo);
    if (!lido.success) return { ok: false, campos: campos(lido.error.issues) };
    const e = lido.data;
    return e.tipo === 'pedido.criado'
      ? { ok: true, evento: { eventoId: e.eventoId, tipo: 'pedido', merchantId: e.merchantId, em: e.em, pedido: e.pedido } }
      : { ok: true, evento: { eventoId: e.eventoId, tipo: 'cancelamento', merchantId: e.merchantId, em: e.em, pedidoId: e.pedidoId, motivo: e.motivo } };
  }
  const lido = ifoodSchema.safeParse(corpo);
  if (!lido.success) return { ok: false, campos: campos(lido.error.issues) };
  const e = lido.data;
  const base = { eventoId: e.id, merchantId: e.merchantId, em: e.createdAt };
  if (e.code === 'CAN') return { ok: true, evento: { ...base, tipo: 'cancelamento', pedidoId: e.orderId, motivo: e.cancellationReason || 'Cancelado no iFood' } };
  if (e.code !== 'PLC') return { ok: true, evento: { ...base, tipo: 'outro', codigo: e.code } };
  if (!e.order) return { ok: false, campos: { order: 'Informe o pedido (order) no evento PLC.' } };
  const o = e.order;
  let descontoLoja = 0;
  let subsidio = 0;
  for (const b of o.benefits)
    for (const p of b.sponsorshipValues) {
      if (p.name.toUpperCase() === 'MERCHANT') descontoLoja += p.value;
      else subsidio += p.value;
    }
  const pedido: PedidoDelivery = {
    id: e.orderId,
    codigo: o.displayId,
    cliente: o.customer?.name || null,
    telefone: o.customer?.phone?.number || null,
    criadoEm: o.createdAt,
    itens: o.items.map((i) => ({ id: i.id, nome: i.name, quantidade: i.quantity, precoUnitario: i.unitPrice, observacao: i.observations || null })),
    taxaEntrega: o.total.deliveryFee,
    descontoLoja,
    subsidio,
    comissao: o.commission,
  };
  return { ok: true, evento: { ...base, tipo: 'pedido', pedido } };
}

/** quantidade (3 places) × preço, in centavos, rounded half up: the same rule as a sale's item. */
function valorItem(q: string, preco: number): number {
  const escalado = paraEscalado(q, CASAS_QUANTIDADE) * BigInt(preco);
  return Number((escalado + 500n) / 1000n);
}

/** What the order is worth and what the marketplace pays the store for it, in centavos. */
export interface RepasseDelivery {
  /** Items plus delivery fee, before any discount. */
  bruto: number;
  comissao: number;
  taxaEntrega: number;
  /** The store's own campaigns (a discount it pays). */
  campanhas: number;
  /** The marketplace's campaigns (the customer paid less; the marketplace covers it). */
  subsidio: number;
  /** bruto − campanhas − comissao: what reaches the store's wallet. */
  liquido: number;
}

export function repasseDoPedido(p: PedidoDelivery): RepasseDelivery {
  const itens = p.itens.reduce((s, i) => s + valorItem(i.quantidade, i.precoUnitario), 0);
  const bruto = itens + p.taxaEntrega;
  return { bruto, comissao: p.comissao, taxaEntrega: p.taxaEntrega, campanhas: p.descontoLoja, subsidio: p.subsidio, liquido: bruto - p.descontoLoja - p.comissao };
}
