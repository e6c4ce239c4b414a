// The 67 area codes (DDD) in use, from shared/data/ibge/municipios.csv (kelvins/municipios-brasileiros, MIT).
export const ddds: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
]);

/** A phone number with its area code: 10 digits (landline) or 11 (mobile, 9 after the DDD), DDD in use. */
export function telefoneValido(numero: string): boolean {
  if (!/^\d{10,11}$/.test(numero) || !ddds.has(Number(numero.slice(0, 2)))) return false;
  return numero.length === 10 || numero[2] === '9';
}
