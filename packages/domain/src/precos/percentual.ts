import { paraEscalado } from '../shared/decimal.ts';

/**
 * Money is integer centavos and percentages exact decimal strings ('12.5', '-10.00'): a price
 * changed by a percentage is computed in BigInt and rounded once, at the end, to a whole centavo.
 */

/** Places a percentage may carry here (the declarations keep 2; the sums never need more than 6). */
const CASAS = 6;
const ESCALA = 10n ** BigInt(CASAS);

/**
 * n / d rounded to the nearest integer, a half going away from zero (arredondamento comercial:
 * R$ 9,045 → R$ 9,05), so a shop's total matches what its cashier computes by hand.
 */
export function dividirArredondando(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('Divisão por zero.');
  const negativo = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return negativo ? -q : q;
}

function centavosInteiros(centavos: number): bigint {
  if (!Number.isSafeInteger(centavos)) throw new Error(`Valor em centavos inválido: ${centavos}`);
  return BigInt(centavos);
}

/** `percentual`% of a value in centavos, rounded to the centavo: 10% of 1005 → 101 (100,5 rounded up). */
export function percentualDe(centavos: number, percentual: string): number {
  return Number(dividirArredondando(centavosInteiros(centavos) * paraEscalado(percentual, CASAS), 100n * ESCALA));
}

/**
 * The price after a percentage change (negative = discount, positive = increase), rounded once:
 * 1005 with -10 → 904,5 → 905. Rounding the result (not the discount) keeps the price the same
 * whichever way the percentage was written. Never below zero.
 */
export function ajustarPorPercentual(centavos: number, percentual: string): number {
  const fator = 100n * ESCALA + paraEscalado(percentual, CASAS);
  const preco = dividirArredondando(centavosInteiros(centavos) * fator, 100n * ESCALA);
  return preco < 0n ? 0 : Number(preco);
}

/** The price after a discount of `percentual`% (0 to 100): ajustarPorPercentual with the sign turned. */
export function descontarPercentual(centavos: number, percentual: string): number {
  const p = paraEscalado(percentual, CASAS);
  if (p < 0n || p > 100n * ESCALA) throw new Error(`Desconto fora de 0 a 100%: ${percentual}`);
  return ajustarPorPercentual(centavos, `-${percentual.replace(/^[-+]/, '')}`);
}
