/**
 * Code 128, subset C (pairs of digits), as the DANFE's access-key barcode (MOC, Anexo II). pdf-lib draws no
 * barcodes, so the symbol is returned as module widths, bar first, for the DANFE to draw as rectangles.
 */

/** Bar/space widths of each symbol value 0..106 (106 is the stop, with its final bar). */
export const PADROES_128 = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const INICIO_B = 104;
const INICIO_C = 105;
const PARADA = 106;

/** The symbol values of a digit string in subset C: start, one value per pair, check symbol, stop. */
export function valoresCode128C(digitos: string): number[] {
  if (!/^(\d\d)+$/.test(digitos)) throw new Error('Código 128C precisa de um número par de dígitos.');
  const pares = digitos.match(/\d\d/g)!.map(Number);
  const verificador = pares.reduce((soma, v, i) => soma + v * (i + 1), INICIO_C) % 103;
  return [INICIO_C, ...pares, verificador, PARADA];
}

/** Subset B (printable ASCII), for a key with the alphanumeric CNPJ's letters, which subset C cannot carry. */
export function valoresCode128B(texto: string): number[] {
  if (!/^[\x20-\x7E]+$/.test(texto)) throw new Error('Código 128B só leva caracteres ASCII imprimíveis.');
  const valores = [...texto].map((c) => c.charCodeAt(0) - 32);
  const verificador = valores.reduce((soma, v, i) => soma + v * (i + 1), INICIO_B) % 103;
  return [INICIO_B, ...valores, verificador, PARADA];
}

/** Module widths, alternating bar and space, starting with a bar (quiet zones are the caller's): subset C for digits, B otherwise. */
export function modulosCode128(texto: string): number[] {
  const valores = /^(\d\d)+$/.test(texto) ? valoresCode128C(texto) : valoresCode128B(texto);
  return valores.flatMap((v) => [...PADROES_128[v]!].map(Number));
}
