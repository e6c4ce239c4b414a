import { paraEscalado } from '@retaguarda/domain';

/** Royalty of a revenue at a percentage with up to 2 places ('4.5'), in centavos rounded half up. */
export function royaltyCentavos(totalCentavos: number, percentual: string): number {
  const bp = paraEscalado(percentual, 2); // basis points: '4.5' → 450n
  const bruto = BigInt(totalCentavos) * bp;
  return Number((bruto + 5000n) / 10000n);
}
