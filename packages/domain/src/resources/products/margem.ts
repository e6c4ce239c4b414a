import { deEscalado } from '../../shared/decimal.ts';

/**
 * Gross margin on the price, in percent with 2 places, rounded half away from zero: (preço − custo) /
 * preço × 100. Computed on integer centavos with BigInt, never a float. Null without a price.
 */
export function margemPercentual(precoCentavos: number, custoCentavos: number): string | null {
  if (!Number.isSafeInteger(precoCentavos) || !Number.isSafeInteger(custoCentavos) || precoCentavos <= 0) return null;
  const preco = BigInt(precoCentavos);
  // Percent × 100 (2 places): (p − c) × 100 × 100 / p.
  const numerador = (preco - BigInt(custoCentavos)) * 10000n;
  let q = numerador / preco;
  const resto = numerador % preco;
  const dobro = (resto < 0n ? -resto : resto) * 2n;
  if (dobro >= preco) q += numerador < 0n ? -1n : 1n;
  return deEscalado(q, 2);
}
