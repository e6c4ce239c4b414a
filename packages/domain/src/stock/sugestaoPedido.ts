import { z } from 'zod';
import { escolhido, observacaoOpcional, textoOpcional } from './campos.ts';
import { paraEscalado } from '../shared/decimal.ts';
import { decimalExato } from '../shared/decimalExato.ts';
import { CASAS_ESTOQUE } from './custoMedio.ts';

/**
 * The order suggestion (estoqueSugestaoPedido): per product of the store, how much to buy from its
 * supplier, from the minimum and maximum, the consumption of the last weeks by recipe (the ingredients'
 * sales outflows in the ledger), what open purchase orders still bring, and the lead time:
 *
 *   cobertura = consumo por dia × (prazo de entrega + dias de revisão)
 *   necessidade = max(máximo, mínimo + cobertura) − saldo − em pedidos abertos   (sem máximo: mínimo + cobertura)
 *   sugerido = necessidade > 0 ? necessidade ÷ fator do fornecedor, arredondada para cima a uma unidade de compra inteira : 0
 *
 * Everything in scaled BigInt (quantities 4 places, factors 6), never floats.
 */

export const SEMANAS_PADRAO = 8;
export const REVISAO_PADRAO = 7;

export const filtroSugestaoPedidoSchema = z.object({
  /** A location of the store: its balance and its sales outflows; none: the whole store. */
  local: textoOpcional,
  fornecedor: textoOpcional,
  /** The product group (agrupador). */
  agrupador: textoOpcional,
  semanas: z.coerce.number({ error: 'Informe as semanas (número inteiro).' }).int('Informe as semanas (número inteiro).').min(1, 'No mínimo 1 semana.').max(52, 'No máximo 52 semanas.').nullish().transform((v) => v ?? SEMANAS_PADRAO),
  revisao: z.coerce.number({ error: 'Informe os dias de revisão (número inteiro).' }).int('Informe os dias de revisão (número inteiro).').min(0, 'No mínimo 0 dias.').max(90, 'No máximo 90 dias.').nullish().transform((v) => v ?? REVISAO_PADRAO),
});
export type FiltroSugestaoPedido = z.output<typeof filtroSugestaoPedidoSchema>;

/** The suggestion turned into draft orders: the lines the user kept, with the quantities edited (supplier's unit). */
export const gerarPedidosSugestaoSchema = z.object({
  previsaoEntrega: z.iso.date({ error: 'Informe a previsão de entrega (dd/mm/aaaa).' }).nullish().transform((v) => v ?? null),
  observacao: observacaoOpcional,
  itens: z
    .array(
      z.object({
        produto: escolhido('o produto'),
        fornecedor: escolhido('o fornecedor'),
        quantidade: decimalExato({ casas: CASAS_ESTOQUE, acimaDe: '0', max: '99999999', rotulo: 'a quantidade' }),
      }),
      { error: 'Informe os itens como uma lista.' },
    )
    .min(1, 'Informe ao menos um item com quantidade.')
    .max(5000, 'No máximo 5000 itens.'),
});
export type GerarPedidosSugestao = z.output<typeof gerarPedidosSugestaoSchema>;

/** What the formula reads for one product, as exact decimal strings (stock unit; factor: stock units per purchase unit). */
export interface EntradaSugestao {
  saldo: string;
  minimo: string | null;
  maximo: string | null;
  /** Total sales outflow of the window (positive). */
  consumo: string;
  /** Days of the window (weeks × 7). */
  dias: number;
  emPedido: string;
  prazoEntrega: number;
  revisao: number;
  /** None: no supplier (the need is said, nothing is suggested). */
  fator: string | null;
}

export interface ResultadoSugestao {
  /** Average per day, 4 places half up (shown; the coverage uses the exact fraction). */
  consumoDia: bigint;
  cobertura: bigint;
  /** The target: max(máximo, mínimo + cobertura). */
  alvo: bigint;
  necessidade: bigint;
  /** Whole purchase units (0 when nothing is needed or there is no supplier). */
  sugerido: bigint;
}

/** Division of non-negative scaled integers rounded half up, and rounded up. */
const metade = (a: bigint, b: bigint) => (a * 2n + b) / (2n * b);
const acima = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The formula of the module's comment, for one product (quantities scaled by 10^4, the result's sugerido in whole units). */
export function calcularSugestao(e: EntradaSugestao): ResultadoSugestao {
  const q = (v: string | null) => (v === null ? 0n : paraEscalado(v, CASAS_ESTOQUE));
  const consumo = q(e.consumo) > 0n ? q(e.consumo) : 0n;
  const dias = BigInt(e.dias);
  const consumoDia = metade(consumo, dias);
  // consumo ÷ dias × (prazo + revisão), rounded once at the end.
  const cobertura = metade(consumo * BigInt(e.prazoEntrega + e.revisao), dias);
  const comCobertura = q(e.minimo) + cobertura;
  const alvo = e.maximo !== null && q(e.maximo) > comCobertura ? q(e.maximo) : comCobertura;
  const necessidade = alvo - q(e.saldo) - q(e.emPedido);
  const fator = e.fator === null ? 0n : paraEscalado(e.fator, 6);
  // necessidade (10^4) ÷ fator (10^6) = necessidade × 100 ÷ fator, up to a whole purchase unit.
  const sugerido = necessidade > 0n && fator > 0n ? acima(necessidade * 100n, fator) : 0n;
  return { consumoDia, cobertura, alvo, necessidade, sugerido };
}

export function rotuloCampoSugestaoPedido(caminho: string): string {
  const item = /^itens\.(\d+)\.(\w+)$/.exec(caminho);
  const rotulosItem: Record<string, string> = { produto: 'produto', fornecedor: 'fornecedor', quantidade: 'quantidade' };
  if (item) return `Item ${Number(item[1]) + 1}, ${rotulosItem[item[2]!] ?? item[2]}`;
  const rotulos: Record<string, string> = {
    local: 'Local de estoque',
    fornecedor: 'Fornecedor',
    agrupador: 'Grupo de produtos',
    semanas: 'Semanas de consumo',
    revisao: 'Dias de revisão',
    previsaoEntrega: 'Previsão de entrega',
    observacao: 'Observação',
    itens: 'Itens',
  };
  return rotulos[caminho] ?? caminho;
}
