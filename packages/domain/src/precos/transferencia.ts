import { ajustarPorPercentual } from './percentual.ts';

/** What pricing needs of a tabelaPrecoTransferenciasLojas. */
export interface TabelaTransferenciaParaPreco {
  /** Products with a price of their own (centavos). */
  itens: readonly { produto: string; preco: number }[];
  /** For the products not listed: their cost plus this margin (%); null = only listed products have a price. */
  margemSobreCusto: string | null;
}

/**
 * The price one store charges another for a product: the listed price, else the sending store's cost
 * with the margin, rounded to the centavo; null when neither applies (no price to transfer at).
 */
export function precoTransferencia(tabela: TabelaTransferenciaParaPreco, produto: string, custo: number | null): number | null {
  const item = tabela.itens.find((i) => i.produto === produto);
  if (item) return item.preco;
  if (tabela.margemSobreCusto === null || custo === null) return null;
  return ajustarPorPercentual(custo, tabela.margemSobreCusto);
}
