import { deEscalado, normalizarDecimal } from '../../shared/decimal.ts';

/**
 * Numbers of an NF-e as the importer keeps them: money in integer centavos, quantities and unit prices
 * as exact decimal text. The XML writes them with a point ('3780.00', '800', '18.9000000000'); a value
 * with more places than kept is rounded half up, never read through a binary float.
 */
export function arredondarEscalado(texto: string, casas: number): bigint {
  const t = normalizarDecimal(texto.replace(',', '.'));
  if (t === null) throw new Error(`Número inválido no XML: ${texto}`);
  const negativo = t.startsWith('-');
  const [inteira, fracao = ''] = t.replace('-', '').split('.');
  let escalado = BigInt(inteira! + fracao.padEnd(casas, '0').slice(0, casas));
  if ((fracao[casas] ?? '0') >= '5') escalado += 1n;
  return negativo ? -escalado : escalado;
}

/** '3780.00' → 378000; null or blank → 0. */
export function centavosDoXml(texto: string | null | undefined): number {
  return texto ? Number(arredondarEscalado(texto, 2)) : 0;
}

/** A quantity with 4 places as canonical text: '200' → '200.0000'. */
export function quantidadeDoXml(texto: string | null | undefined): string {
  return deEscalado(texto ? arredondarEscalado(texto, 4) : 0n, 4);
}

/** A unit price with up to 10 places, exact: '18.9000000000' → '18.9000000000'. */
export function precoUnitarioDoXml(texto: string | null | undefined): string {
  return deEscalado(texto ? arredondarEscalado(texto, 10) : 0n, 10);
}
