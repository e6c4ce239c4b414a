/**
 * CNPJ, numeric and alphanumeric (IN RFB 2.229/2024, DOMAIN.md §5): 12 characters [0-9A-Z] then two
 * numeric check digits. Each character is worth its ASCII code − 48, so numeric CNPJs keep their digits.
 * Stored as text, uppercase, without mask; never as a number (leading zeros and letters).
 */
const firstWeights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const secondWeights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Strips the mask and uppercases: '12.abc.345/01de-35' → '12ABC34501DE35'. */
export function normalizeCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function cnpjDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = cnpjDigit(cnpj, firstWeights);
  const second = cnpjDigit(cnpj.slice(0, 12) + first, secondWeights);
  return cnpj.endsWith(`${first}${second}`);
}

/** Check digits for a 12-character base, e.g. to build test data. */
export function cnpjCheckDigits(base: string): string {
  const root = normalizeCnpj(base).slice(0, 12);
  const first = cnpjDigit(root, firstWeights);
  return `${first}${cnpjDigit(root + first, secondWeights)}`;
}

export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}
