/**
 * Exact decimals (quantities, tax rates, percentages) travel and are stored as canonical strings
 * with a fixed number of places: '18.0000', '0.125'. Never a binary float: '0.1' + '0.2' must be
 * '0.3'. Arithmetic goes through scaled BigInt (paraEscalado / deEscalado); the zod schema of such a
 * field is decimalExato.ts (apart, so the pages that only compute never load classic zod: issue 19).
 */
const FORMATO = /^-?\d+(?:[.,]\d+)?$/;

/** '1.234,5' and '1234.5' and 1234.5 → '1234.5' (no thousands separators kept); null when not a number. */
export function normalizarDecimal(valor: unknown): string | null {
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor).includes('e') ? null : String(valor) : null;
  if (typeof valor !== 'string') return null;
  let texto = valor.trim().replace(/\s/g, '');
  if (texto.includes(',')) texto = texto.replace(/\./g, '').replace(',', '.');
  return FORMATO.test(texto) ? texto : null;
}

/** The value times 10^casas as a BigInt; throws when it has more places than `casas`. */
export function paraEscalado(valor: string, casas: number): bigint {
  const texto = normalizarDecimal(valor);
  if (texto === null) throw new Error(`Número inválido: ${valor}`);
  const negativo = texto.startsWith('-');
  const [inteira, fracao = ''] = texto.replace('-', '').split('.');
  if (fracao.replace(/0+$/, '').length > casas) throw new Error(`Mais de ${casas} casas decimais: ${valor}`);
  const escalado = BigInt(inteira! + fracao.padEnd(casas, '0').slice(0, casas));
  return negativo ? -escalado : escalado;
}

/** Inverse of paraEscalado: 180000n, 4 → '18.0000'. */
export function deEscalado(escalado: bigint, casas: number): string {
  const negativo = escalado < 0n;
  const digitos = (negativo ? -escalado : escalado).toString().padStart(casas + 1, '0');
  const inteira = digitos.slice(0, digitos.length - casas);
  const fracao = digitos.slice(digitos.length - casas);
  return `${negativo ? '-' : ''}${inteira}${casas ? `.${fracao}` : ''}`;
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compararDecimal(a: string, b: string): number {
  const casas = Math.max(casasDe(a), casasDe(b));
  const x = paraEscalado(a, casas);
  const y = paraEscalado(b, casas);
  return x < y ? -1 : x > y ? 1 : 0;
}

function casasDe(valor: string): number {
  const texto = normalizarDecimal(valor) ?? '0';
  return texto.includes('.') ? texto.split('.')[1]!.length : 0;
}
