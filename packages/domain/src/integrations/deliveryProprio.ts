import { z } from 'zod';
import { siglasUf } from '../resources/registration/endereco.ts';
import type { FaixaCepDelivery, SituacaoLojaDelivery } from '../resources/integrations/appIntegracaoDelivery.ts';
import type { SecaoVitrine } from '../resources/products/vitrine.ts';
import { reais } from '../shared/dinheiro.ts';
import { PedidoQrRecusado, pedidoQrSchema, precificarPedidoQr, rotuloCampoQr, type LinhaPedidoQr } from './qrCode.ts';

export { CANAL_PROPRIO, canaisIntegracaoDelivery, type CanalIntegracaoDelivery, type FaixaCepDelivery } from '../resources/integrations/appIntegracaoDelivery.ts';

/** How the customer pays the courier (each offered when the page's setting names its payment method). */
export const pagamentosNaEntrega = ['Dinheiro', 'Cartão na entrega', 'Pix'] as const;
export type PagamentoNaEntrega = (typeof pagamentosNaEntrega)[number];

const texto = (rotulo: string, max: number) => z.string({ error: `Informe ${rotulo}.` }).trim().min(1, `Informe ${rotulo}.`).max(max, `No máximo ${max} caracteres.`);

/** Where the order goes: CEP as its 8 digits (the page masks it), the municipality from the IBGE list. */
export const enderecoEntregaSchema = z.object({
  cep: z.string({ error: 'Informe o CEP.' }).overwrite((v) => v.replace(/\D/g, '')).regex(/^\d{8}$/, 'O CEP tem 8 dígitos.'),
  logradouro: texto('a rua', 100),
  numero: texto('o número (ou S/N)', 10),
  complemento: z.string().trim().max(60, 'No máximo 60 caracteres.').nullable().default(null),
  bairro: texto('o bairro', 60),
  uf: z.enum(siglasUf, { error: 'Escolha a UF.' }),
  cidade: texto('a cidade', 60),
  referencia: z.string().trim().max(100, 'No máximo 100 caracteres.').nullable().default(null),
});
export type EnderecoEntrega = z.infer<typeof enderecoEntregaSchema>;

/** What the delivery page sends: the table page's lines (never a price) plus address and payment. */
export const pedidoDeliveryProprioSchema = pedidoQrSchema.extend({
  endereco: enderecoEntregaSchema,
  pagamento: z.enum(pagamentosNaEntrega, { error: 'Escolha a forma de pagamento.' }),
  /** Dinheiro: the note the customer will pay with, for the courier's change; null: no change needed. */
  trocoPara: z.number().int('Em centavos.').min(0).max(100_000_00).nullable().default(null),
});
export type PedidoDeliveryProprio = z.infer<typeof pedidoDeliveryProprioSchema>;

const ROTULOS: Record<string, string> = { endereco: 'Endereço', cep: 'CEP', logradouro: 'Rua', numero: 'Número', complemento: 'Complemento', bairro: 'Bairro', uf: 'UF', cidade: 'Cidade', referencia: 'Referência', pagamento: 'Pagamento', trocoPara: 'Troco para' };
export function rotuloCampoDelivery(campo: string): string {
  const e = /^endereco\.(\w+)/.exec(campo);
  if (e) return ROTULOS[e[1]!] ?? e[1]!;
  return ROTULOS[campo] ?? rotuloCampoQr(campo);
}

/** The fee for a CEP: the first range that holds it, else the page's fixed fee. */
export function taxaEntregaDoCep(c: { taxaEntrega: number; faixasCep: readonly FaixaCepDelivery[] }, cep: string): number {
  return c.faixasCep.find((f) => f.cepInicial <= cep && cep <= f.cepFinal)?.taxa ?? c.taxaEntrega;
}

/**
 * Whether the page takes orders at `hora` (HH:MM in the store's zone): the store Aberta and inside its hours
 * (a range past midnight when it closes before it opens). The refusal in Portuguese, else null.
 */
export function motivoFechada(c: { situacaoLoja: SituacaoLojaDelivery; motivoPausa: string | null; abreAs: string | null; fechaAs: string | null }, hora: string): string | null {
  if (c.situacaoLoja === 'Pausada') return `A loja pausou os pedidos${c.motivoPausa ? `: ${c.motivoPausa}` : ''}. Tente daqui a pouco.`;
  if (c.situacaoLoja === 'Fechada') return 'A loja está fechada para delivery agora.';
  if (!c.abreAs || !c.fechaAs) return null;
  const dentro = c.abreAs <= c.fechaAs ? hora >= c.abreAs && hora < c.fechaAs : hora >= c.abreAs || hora < c.fechaAs;
  return dentro ? null : `A loja está fechada agora: recebe pedidos das ${c.abreAs} às ${c.fechaAs}.`;
}

export interface PedidoDeliveryPrecificado {
  itens: LinhaPedidoQr[];
  subtotal: number;
  taxaEntrega: number;
  total: number;
}

/**
 * Prices a delivery order from the page's menu as the table page does (the same function), adds the fee of
 * the address's CEP, and refuses below the minimum (items only) or change for less than the total.
 */
export function precificarPedidoDelivery(secoes: readonly SecaoVitrine[], pedido: PedidoDeliveryProprio, c: { taxaEntrega: number; faixasCep: readonly FaixaCepDelivery[]; pedidoMinimo: number }): PedidoDeliveryPrecificado {
  const { itens, subtotal } = precificarPedidoQr(secoes, pedido, '0');
  if (subtotal < c.pedidoMinimo) throw new PedidoQrRecusado(`O pedido mínimo é de ${reais(c.pedidoMinimo)} (sem a entrega): faltam ${reais(c.pedidoMinimo - subtotal)}.`);
  const taxaEntrega = taxaEntregaDoCep(c, pedido.endereco.cep);
  const total = subtotal + taxaEntrega;
  if (pedido.pagamento === 'Dinheiro' && pedido.trocoPara !== null && pedido.trocoPara < total) throw new PedidoQrRecusado(`Troco para: informe um valor a partir de ${reais(total)}, o total do pedido.`);
  return { itens, subtotal, taxaEntrega, total };
}

/** What GET /api/q/d/loja/{token} answers: the menu and the rules the page shows before the order. */
export interface CardapioDelivery {
  loja: string;
  /** Null: taking orders now; else why not, in Portuguese. */
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

/** What the customer's status page shows of their order. */
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
