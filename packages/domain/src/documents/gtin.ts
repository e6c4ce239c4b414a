/** GTIN-8/12/13/14 (EAN/UPC) mod-10 check digit; 'SEM GTIN' is the NF-e literal for no barcode. */
export const SEM_GTIN = 'SEM GTIN';

export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weights 3,1,3,1… counted from the right of the body.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/**
 * A product's barcode as typed ('789 1000-31550 7', 'sem gtin') → what an NF-e carries: the digits,
 * or the literal 'SEM GTIN'. Null when it is neither a valid GTIN nor that literal.
 */
export function normalizarGtin(valor: string): string | null {
  const texto = valor.trim();
  if (texto === '' || texto.toUpperCase().replace(/\s+/g, ' ') === SEM_GTIN) return SEM_GTIN;
  const digitos = texto.replace(/[\s.-]/g, '');
  return isValidGtin(digitos) ? digitos : null;
}
