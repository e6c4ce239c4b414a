import { ajustarPorPercentual } from './percentual.ts';
import { janelaAplica, type JanelaVenda, type Momento } from './vigencia.ts';

export const tiposPrecoTabela = ['Preço fixo', 'Percentual'] as const;
export type TipoPrecoTabela = (typeof tiposPrecoTabela)[number];

export interface ItemTabela {
  produto: string;
  tipo: TipoPrecoTabela;
  /** Price in centavos, when tipo is 'Preço fixo'. */
  preco: number | null;
  /** Change over the company's price (negative = discount), when tipo is 'Percentual'. */
  percentual: string | null;
}

/** What pricing needs of a tabelaVenda. */
export interface TabelaParaPreco extends JanelaVenda {
  _id?: string;
  ativo: boolean;
  /** Higher wins when several tables cover the same product at the same moment. */
  prioridade: number;
  itens: readonly ItemTabela[];
}

/** The product's price in the table (centavos), or null when the table does not list it. */
export function precoNaTabela(tabela: Pick<TabelaParaPreco, 'itens'>, produto: string, precoBase: number): number | null {
  const item = tabela.itens.find((i) => i.produto === produto);
  if (!item) return null;
  if (item.tipo === 'Preço fixo') return item.preco;
  return item.percentual === null ? null : ajustarPorPercentual(precoBase, item.percentual);
}

/**
 * The sale price of a product at a moment: the table that applies (active, channel, hours, weekday,
 * validity) and lists the product, the highest prioridade first, then the most recent start of
 * validity; without one, the company's own price (tabela null).
 */
export function resolverPrecoVenda<T extends TabelaParaPreco>(tabelas: readonly T[], produto: string, precoBase: number, momento: Momento): { preco: number; tabela: T | null } {
  const candidatas = tabelas
    .filter((t) => t.ativo && janelaAplica(t, momento))
    .map((tabela) => ({ tabela, preco: precoNaTabela(tabela, produto, precoBase) }))
    .filter((c): c is { tabela: T; preco: number } => c.preco !== null)
    .sort((a, b) => b.tabela.prioridade - a.tabela.prioridade || (a.tabela.validoDe < b.tabela.validoDe ? 1 : a.tabela.validoDe > b.tabela.validoDe ? -1 : 0));
  return candidatas[0] ?? { preco: precoBase, tabela: null };
}
