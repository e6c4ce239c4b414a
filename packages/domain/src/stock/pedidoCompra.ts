import { z } from 'zod';
import { escolhido, observacaoOpcional, textoOpcional } from './campos.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_CUSTO, CASAS_ESTOQUE } from './custoMedio.ts';

/**
 * Purchase orders (estoquePedidoCompra): what a company orders from a supplier, in the supplier's unit
 * and price, converted to our stock unit by the factor. rascunho (→ aguardandoAprovacao above the company's
 * limit) → enviado → recebidoParcialmente → recebido, or encerrado (closed short: the rest no longer due), or
 * cancelado while nothing was received. Each receipt by hand posts stock into a location.
 */
export const statusPedidoCompra = ['rascunho', 'aguardandoAprovacao', 'enviado', 'recebidoParcialmente', 'recebido', 'encerrado', 'cancelado'] as const;
export type StatusPedidoCompra = (typeof statusPedidoCompra)[number];
export const rotulosStatusPedidoCompra: Record<StatusPedidoCompra, string> = {
  rascunho: 'Rascunho',
  aguardandoAprovacao: 'Aguardando aprovação',
  enviado: 'Enviado',
  recebidoParcialmente: 'Recebido parcialmente',
  recebido: 'Recebido',
  encerrado: 'Encerrado com falta',
  cancelado: 'Cancelado',
};

/** Price per supplier unit, in centavos with up to 4 places (as the stock entries' unit cost). */
const precoUnitario = decimalExato({ casas: CASAS_CUSTO, min: '0', max: '9999999999', rotulo: 'o preço unitário' });

const linhaPedidoSchema = z.object({
  produto: escolhido('o produto'),
  /** The supplier's unit (sigla, as on its note); none: our stock unit. */
  unidade: z
    .string()
    .trim()
    .max(6, 'No máximo 6 caracteres.')
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  /** Stock units per supplier unit; none: the supplier mapping's (estoqueProdutoFornecedor), else 1. */
  fator: decimalExato({ casas: 6, acimaDe: '0', max: '1000000', rotulo: 'o fator' }).nullish().transform((v) => v ?? null),
  quantidade: decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo: 'a quantidade' }),
  precoUnitario,
});

/** A new purchase order (a draft). */
export const pedidoCompraSchema = z.object({
  fornecedor: escolhido('o fornecedor'),
  previsaoEntrega: z.iso.date({ error: 'Informe a previsão de entrega (dd/mm/aaaa).' }).nullish().transform((v) => v ?? null),
  observacao: observacaoOpcional,
  itens: z.array(linhaPedidoSchema, { error: 'Informe os itens como uma lista.' }).min(1, 'Informe ao menos um item.').max(500, 'No máximo 500 itens.'),
});
export type NovoPedidoCompra = z.infer<typeof pedidoCompraSchema>;

/** A receipt by hand: per order line (its index), what came in the supplier's unit and at what price. */
export const recebimentoPedidoSchema = z.object({
  /** The order's version as read: a second confirmation of the same receipt finds it changed (409). */
  version: z.number({ error: 'Informe a versão lida do pedido.' }).int(),
  local: escolhido('o local de estoque'),
  ocorridoEm: z.iso.datetime({ offset: true, error: 'Informe a data e a hora (ISO 8601 com fuso).' }).nullish(),
  observacao: observacaoOpcional,
  itens: z
    .array(
      z.object({
        linha: z.number({ error: 'Informe a linha do pedido.' }).int('Linha do pedido inválida.').min(0, 'Linha do pedido inválida.'),
        quantidade: decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo: 'a quantidade recebida' }),
        /** None: the order's price. */
        precoUnitario: precoUnitario.nullish().transform((v) => v ?? null),
      }),
      { error: 'Informe os itens recebidos como uma lista.' },
    )
    .min(1, 'Informe ao menos um item recebido.')
    .max(500, 'No máximo 500 itens.'),
});
export type RecebimentoPedido = z.infer<typeof recebimentoPedidoSchema>;

/** The reason of a cancellation, or of closing an order short. */
export const cancelamentoPedidoSchema = z.object({ motivo: z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo (ao menos 3 letras).').max(300, 'No máximo 300 caracteres.') });

/** A draft edited: the whole order again, with the version read (someone else's change first is a 409). */
export const edicaoPedidoCompraSchema = pedidoCompraSchema.extend({ version: z.number({ error: 'Informe a versão lida do pedido.' }).int() });
export type EdicaoPedidoCompra = z.infer<typeof edicaoPedidoCompraSchema>;

/** The order e-mailed as a PDF: to this address, or (none) the supplier's e-mail. */
export const emailPedidoSchema = z.object({ para: z.email({ error: 'E-mail inválido.' }).trim().max(200, 'No máximo 200 caracteres.').nullish() });

export const filtroPedidoCompraSchema = z.object({
  status: z.enum(statusPedidoCompra, { error: 'Situação inválida.' }).nullish(),
  fornecedor: textoOpcional,
  /** The period of the order's date (São Paulo days), both ends included. */
  de: z.iso.date({ error: 'Informe a data inicial (dd/mm/aaaa).' }).nullish(),
  ate: z.iso.date({ error: 'Informe a data final (dd/mm/aaaa).' }).nullish(),
  limite: z.number().int().min(1).max(1000).nullish(),
});

/** The field a path names, in Portuguese (for the 400's message). */
export function rotuloCampoPedidoCompra(caminho: string): string {
  const item = /^itens\.(\d+)\.(\w+)$/.exec(caminho);
  const rotulosItem: Record<string, string> = { produto: 'produto', unidade: 'unidade', fator: 'fator', quantidade: 'quantidade', precoUnitario: 'preço unitário', linha: 'linha do pedido' };
  if (item) return `Item ${Number(item[1]) + 1}, ${rotulosItem[item[2]!] ?? item[2]}`;
  const rotulos: Record<string, string> = {
    fornecedor: 'Fornecedor',
    previsaoEntrega: 'Previsão de entrega',
    observacao: 'Observação',
    itens: 'Itens',
    version: 'Versão',
    local: 'Local de estoque',
    ocorridoEm: 'Data',
    motivo: 'Motivo',
    para: 'E-mail',
    status: 'Situação',
    de: 'Data inicial',
    ate: 'Data final',
  };
  return rotulos[caminho] ?? caminho;
}
