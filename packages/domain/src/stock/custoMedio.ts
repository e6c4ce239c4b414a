import { deEscalado, paraEscalado } from '../shared/decimal.ts';

/**
 * Stock quantities and unit costs are exact decimals: quantities with 4 places in the product's stock
 * unit (12.5 g of a product kept in KG is 0.0125), unit costs in centavos with 4 places (R$ 3,999 per
 * gram is '399.9000'). Arithmetic is on scaled BigInt, never on floats.
 */
export const CASAS_ESTOQUE = 4;
export const CASAS_CUSTO = 4;

export const qtd = (valor: string): bigint => paraEscalado(valor, CASAS_ESTOQUE);
export const textoQtd = (escalado: bigint): string => deEscalado(escalado, CASAS_ESTOQUE);
export const custo = (valor: string): bigint => paraEscalado(valor, CASAS_CUSTO);
export const textoCusto = (escalado: bigint): string => deEscalado(escalado, CASAS_CUSTO);

/** A company's position in one product: total quantity (every location) and weighted average unit cost. */
export interface EstadoCusto {
  quantidade: bigint;
  custoMedio: bigint;
}

export const ESTADO_INICIAL: EstadoCusto = { quantidade: 0n, custoMedio: 0n };

/** Integer division rounded half away from zero. */
function dividir(a: bigint, b: bigint): bigint {
  const negativo = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (2n * y);
  return negativo ? -q : q;
}

/**
 * The weighted average cost after one movement, the rule every path shares (the kept balance, the
 * recomputation, the backdated preview):
 * - a movement with its own cost (a purchase, a production, the reversal of either) mixes its value in:
 *   (Q·média + q·custo) ÷ (Q + q); when the stock was empty or negative, its cost becomes the average;
 *   when it leaves nothing in stock, the last average is kept;
 * - any other movement (a sale, a loss, a count, a transfer) moves the quantity at the average.
 */
export function aplicarAoCusto(estado: EstadoCusto, quantidade: bigint, custoProprio: bigint | null): EstadoCusto {
  const total = estado.quantidade + quantidade;
  if (custoProprio === null) return { quantidade: total, custoMedio: estado.custoMedio };
  if (estado.quantidade <= 0n && quantidade > 0n) return { quantidade: total, custoMedio: custoProprio };
  if (total <= 0n) return { quantidade: total, custoMedio: estado.custoMedio };
  // Q (4 places) × cost (4 places) = 8 places; ÷ quantity (4 places) → 4 places.
  return { quantidade: total, custoMedio: dividir(estado.quantidade * estado.custoMedio + quantidade * custoProprio, total) };
}

/** The value in integer centavos of a quantity at a unit cost (rounded half away from zero). */
export function valorEmCentavos(quantidade: bigint, custoUnitario: bigint): number {
  return Number(dividir(quantidade * custoUnitario, 10n ** BigInt(CASAS_ESTOQUE + CASAS_CUSTO)));
}

/** A quantity typed in another unit, in the stock unit: quantity × factor (6 places), at 4 places half up. */
export function converterQuantidade(quantidade: string, fator: string): bigint {
  return dividir(paraEscalado(quantidade, CASAS_ESTOQUE) * paraEscalado(fator, 6), 10n ** 6n);
}

/** A unit cost typed per another unit, per stock unit: cost ÷ factor, at 4 places half up. */
export function converterCusto(custoUnitario: string, fator: string): bigint {
  return dividir(paraEscalado(custoUnitario, CASAS_CUSTO) * 10n ** 6n, paraEscalado(fator, 6));
}
