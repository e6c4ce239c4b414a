import { descontarPercentual } from './percentual.ts';

export const tiposPrecoCombo = ['Preço fixo', 'Desconto'] as const;
export type TipoPrecoCombo = (typeof tiposPrecoCombo)[number];

/** One step of a combo (an agrupador of the declaration): the products a customer picks from. */
export interface EtapaCombo {
  descricao: string;
  produtos: readonly string[];
  minimo: number;
  maximo: number;
  /** Added to a fixed-price combo for each item picked in this step (a larger drink), in centavos. */
  acrescimo: number;
}

export interface ComboParaPreco {
  tipoPreco: TipoPrecoCombo;
  /** The combo's price in centavos, when tipoPreco is 'Preço fixo'. */
  preco: number | null;
  /** Discount on the sum of the picked items' prices, when tipoPreco is 'Desconto'. */
  desconto: string;
  agrupadores: readonly EtapaCombo[];
}

/** A product picked in a step, with its regular price (centavos). */
export interface EscolhaCombo {
  etapa: number;
  produto: string;
  quantidade: number;
  precoProduto: number;
}

/** What is wrong with the picks: a step under its minimum or over its maximum, a product not offered. */
export function conferirEscolhas(combo: Pick<ComboParaPreco, 'agrupadores'>, escolhas: readonly EscolhaCombo[]): string[] {
  const erros: string[] = [];
  for (const e of escolhas) {
    const etapa = combo.agrupadores[e.etapa];
    if (!etapa) erros.push(`Etapa ${e.etapa + 1} não existe no combo.`);
    else if (!etapa.produtos.includes(e.produto)) erros.push(`${etapa.descricao}: produto não oferecido nesta etapa.`);
    if (!Number.isInteger(e.quantidade) || e.quantidade < 1) erros.push('A quantidade de cada escolha deve ser um inteiro a partir de 1.');
  }
  combo.agrupadores.forEach((etapa, i) => {
    const total = escolhas.filter((e) => e.etapa === i).reduce((s, e) => s + e.quantidade, 0);
    if (total < etapa.minimo) erros.push(`${etapa.descricao}: escolha ao menos ${etapa.minimo}.`);
    if (total > etapa.maximo) erros.push(`${etapa.descricao}: escolha no máximo ${etapa.maximo}.`);
  });
  return erros;
}

/**
 * The combo's price in centavos for the picks: the fixed price plus each step's acréscimo per item,
 * or the sum of the items' prices with the discount (rounded once, on the total). Throws when the
 * picks break the steps' rules (conferirEscolhas says which).
 */
export function precoCombo(combo: ComboParaPreco, escolhas: readonly EscolhaCombo[]): number {
  const erros = conferirEscolhas(combo, escolhas);
  if (erros.length) throw new Error(erros.join(' '));
  if (combo.tipoPreco === 'Preço fixo') {
    if (combo.preco === null) throw new Error('Combo de preço fixo sem preço.');
    return escolhas.reduce((soma, e) => soma + combo.agrupadores[e.etapa]!.acrescimo * e.quantidade, combo.preco);
  }
  const soma = escolhas.reduce((s, e) => s + e.precoProduto * e.quantidade, 0);
  return descontarPercentual(soma, combo.desconto);
}
