import { descontarPercentual } from './percentual.ts';
import { janelaAplica, type JanelaVenda, type Momento } from './vigencia.ts';

export const tiposPromocao = ['Preço promocional', 'Percentual de desconto'] as const;
export type TipoPromocao = (typeof tiposPromocao)[number];

/** What pricing needs of a produtoPromocao. */
export interface PromocaoParaPreco extends JanelaVenda {
  habilitado: boolean;
  tipo: TipoPromocao;
  /** Discount on each listed product's price, when tipo is 'Percentual de desconto'. */
  percentual: string | null;
  produtos: readonly { produto: string; precoPromocional: number | null }[];
}

/** Whether the promotion is on at the moment (enabled, channel, hours, weekday, validity). */
export function promocaoAplica(promocao: PromocaoParaPreco, momento: Momento): boolean {
  return promocao.habilitado && janelaAplica(promocao, momento);
}

/**
 * The product's price under the promotion, in centavos, or null when the promotion does not cover
 * it at that moment. A promotion never raises a price: a promo price above the regular one is ignored.
 */
export function precoNaPromocao(promocao: PromocaoParaPreco, produto: string, precoBase: number, momento: Momento): number | null {
  if (!promocaoAplica(promocao, momento)) return null;
  const item = promocao.produtos.find((p) => p.produto === produto);
  if (!item) return null;
  const preco = promocao.tipo === 'Preço promocional' ? item.precoPromocional : promocao.percentual === null ? null : descontarPercentual(precoBase, promocao.percentual);
  return preco === null || preco >= precoBase ? null : preco;
}

/** The lowest price among the promotions that cover the product at the moment, and which one gave it. */
export function melhorPromocao<P extends PromocaoParaPreco>(promocoes: readonly P[], produto: string, precoBase: number, momento: Momento): { promocao: P; preco: number } | null {
  let melhor: { promocao: P; preco: number } | null = null;
  for (const promocao of promocoes) {
    const preco = precoNaPromocao(promocao, produto, precoBase, momento);
    if (preco !== null && (melhor === null || preco < melhor.preco)) melhor = { promocao, preco };
  }
  return melhor;
}

/**
 * Items whose product is gone: deleted (the populated reference came back null) or in the trash.
 * Their positions, for SPEC.md §5's warning and to point at the rows to review.
 */
export function produtosRemovidos(produtos: readonly { produto?: unknown }[] | undefined): number[] {
  const removidos: number[] = [];
  (produtos ?? []).forEach((item, i) => {
    const p = item?.produto;
    if (p === null || p === undefined || (typeof p === 'object' && (p as { lixo?: unknown }).lixo === true)) removidos.push(i);
  });
  return removidos;
}
