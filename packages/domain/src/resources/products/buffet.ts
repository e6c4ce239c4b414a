import { deEscalado, paraEscalado } from '../../shared/decimal.ts';
import { janelaCobre, type DiaSemana, type MomentoLocal } from './disponibilidade.ts';

/** Weights are kilograms with 3 places (grams), as scales send them. */
export const CASAS_PESO = 3;

export class PesoInvalidoError extends Error {}

/** Net weight in kg ('0.512') = gross − tare; refused when nothing is left on the plate. */
export function pesoLiquido(pesoBruto: string, tara: string): string {
  const liquido = paraEscalado(pesoBruto, CASAS_PESO) - paraEscalado(tara, CASAS_PESO);
  if (liquido <= 0n) throw new PesoInvalidoError('O peso bruto deve ser maior que a tara.');
  return deEscalado(liquido, CASAS_PESO);
}

/**
 * Price in centavos of `pesoKg` at `precoKg` centavos per kilo: grams × price / 1000, rounded to the
 * nearest centavo (half up). Integer arithmetic only: 0.512 kg at R$ 69,90 is 3578.88 → 3579.
 */
export function precoPorPeso(pesoKg: string, precoKg: number): number {
  if (!Number.isInteger(precoKg) || precoKg < 0) throw new RangeError('precoKg deve ser centavos inteiros.');
  const gramas = paraEscalado(pesoKg, CASAS_PESO);
  if (gramas < 0n) throw new PesoInvalidoError('O peso não pode ser negativo.');
  const milesimos = gramas * BigInt(precoKg);
  return Number((milesimos + 500n) / 1000n);
}

export interface PrecoBuffet {
  dias: readonly DiaSemana[];
  /** periodoPorHora _id; null means the whole day. */
  periodo: string | null;
  precoKg: number;
}

export interface PeriodoHoras {
  horaInicio: string;
  horaFim: string;
}

/**
 * The price per kg at a local moment: among the prices of that weekday, one whose period covers the
 * moment wins over a whole-day price. Undefined when the buffet has no price then.
 */
export function precoKgVigente(
  precos: readonly PrecoBuffet[],
  momento: MomentoLocal,
  periodos: ReadonlyMap<string, PeriodoHoras>,
): PrecoBuffet | undefined {
  const doPeriodo = precos.find((p) => {
    if (p.periodo === null) return false;
    const horas = periodos.get(p.periodo);
    return horas !== undefined && janelaCobre({ dias: [...p.dias], ...horas }, momento);
  });
  return doPeriodo ?? precos.find((p) => p.periodo === null && p.dias.includes(momento.dia));
}

/** What the scale screen shows: net weight, price per kg and amount for one weighing. */
export function pesagemBuffet(pesoBruto: string, tara: string, precoKg: number): { pesoLiquido: string; valor: number } {
  const liquido = pesoLiquido(pesoBruto, tara);
  return { pesoLiquido: liquido, valor: precoPorPeso(liquido, precoKg) };
}
