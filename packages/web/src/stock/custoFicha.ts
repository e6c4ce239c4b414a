import { compararDecimal, deEscalado, normalizarDecimal, paraEscalado } from '@retaguarda/domain';
import { formatDecimalExato } from '../resources/format.ts';
import { formatCusto, formatQtd } from './formatoEstoque.ts';

/**
 * The cost of a recipe sheet in the active company (GET /api/estoqueFichaTecnica/:id/custo), put in
 * words for the sheet's form. Money and quantities are exact strings and integers from the server:
 * all arithmetic is BigInt, never a float.
 */

export interface IngredienteCusto {
  produto: string;
  descricao: string | null;
  unidade: string | null;
  /** Base ingredient per ONE unit of the product, 4 places ('0.1500'). */
  quantidade: string;
  /** Centavos per unit, 4 places ('3290.0000' = R$ 32,90). */
  custoMedio: string;
}

export interface CustoDaFicha {
  produto: string;
  descricao: string | null;
  /** Centavos per unit of the product with 2 places ('589.83' = R$ 5,8983). */
  custo: string;
  /** Centavos: the product's price in the company, null when it is not sold there. */
  preco: number | null;
  /** Percent with 2 places ('80.34'), null without a price. */
  margem: string | null;
  ingredientes: IngredienteCusto[];
  /** Products whose average cost is zero or unknown. */
  semCusto: string[];
}

/** Below this margin (percent) the screen warns. */
export const MARGEM_MINIMA = '30';

/** Places after the point of a decimal string. */
const casasDe = (texto: string) => texto.split('.')[1]?.length ?? 0;

/** A scaled value (10^casas) rounded half away from zero to an integer. */
function arredondar(escalado: bigint, casas: number): bigint {
  if (casas === 0) return escalado;
  const divisor = 10n ** BigInt(casas);
  const negativo = escalado < 0n;
  const abs = negativo ? -escalado : escalado;
  const inteiro = (abs + divisor / 2n) / divisor;
  return negativo ? -inteiro : inteiro;
}

/** Whole centavos (a BigInt) as 'R$ 1.234,56' / '-R$ 0,50', by string work only. */
export function reaisDeCentavos(centavos: bigint): string {
  const negativo = centavos < 0n;
  const texto = formatDecimalExato(deEscalado(negativo ? -centavos : centavos, 2), 2);
  return `${negativo && centavos !== 0n ? '-' : ''}R$ ${texto}`;
}

/** Centavos with places ('589.83') rounded half up to the centavo: 590n. Null when not a number. */
export function centavosArredondados(centavos: string): bigint | null {
  const texto = normalizarDecimal(centavos);
  if (texto === null) return null;
  const casas = casasDe(texto);
  return arredondar(paraEscalado(texto, casas), casas);
}

/** The sheet's cost per unit in reais: '589.83' → 'R$ 5,90'. */
export function formatCustoFicha(centavos: string | null | undefined): string {
  if (centavos === null || centavos === undefined) return '';
  const inteiros = centavosArredondados(centavos);
  return inteiros === null ? '' : reaisDeCentavos(inteiros);
}

/** A margin in percent: '80.34' → '80,34 %'. */
export const formatMargem = (margem: string) => `${formatDecimalExato(margem, 2)} %`;

/** A margin is worrying when negative or below MARGEM_MINIMA. */
export const margemBaixa = (margem: string) => compararDecimal(margem, MARGEM_MINIMA) < 0;

/** The kind of a margin for its color and its words. */
export function situacaoMargem(margem: string): 'negativa' | 'baixa' | 'boa' {
  if (compararDecimal(margem, '0') < 0) return 'negativa';
  return margemBaixa(margem) ? 'baixa' : 'boa';
}

/** An ingredient's share of the cost of one unit: quantity × average cost, rounded half up to the centavo. */
export function parcelaCentavos(quantidade: string, custoMedio: string): bigint {
  const q = normalizarDecimal(quantidade);
  const c = normalizarDecimal(custoMedio);
  if (q === null || c === null) return 0n;
  const casasQ = casasDe(q);
  const casasC = casasDe(c);
  return arredondar(paraEscalado(q, casasQ) * paraEscalado(c, casasC), casasQ + casasC);
}

/** A line of the ingredients table, ready to show. */
export interface LinhaIngrediente {
  produto: string;
  descricao: string;
  quantidade: string;
  custoMedio: string;
  parcela: string;
  semCusto: boolean;
}

/** The ingredients as the table shows them: '0,15 KG', 'R$ 32,90/KG', 'R$ 4,94'. */
export function linhasIngredientes(custo: Pick<CustoDaFicha, 'ingredientes' | 'semCusto'>): LinhaIngrediente[] {
  const semCusto = new Set(custo.semCusto);
  return custo.ingredientes.map((i) => {
    const zero = normalizarDecimal(i.custoMedio) === null || paraEscalado(i.custoMedio, casasDe(normalizarDecimal(i.custoMedio)!)) === 0n;
    const sem = semCusto.has(i.produto) || zero;
    return {
      produto: i.produto,
      descricao: i.descricao ?? i.produto,
      quantidade: formatQtd(i.quantidade, i.unidade),
      custoMedio: sem ? '' : `${formatCusto(i.custoMedio)}${i.unidade ? `/${i.unidade}` : ''}`,
      parcela: sem ? '' : reaisDeCentavos(parcelaCentavos(i.quantidade, i.custoMedio)),
      semCusto: sem,
    };
  });
}
