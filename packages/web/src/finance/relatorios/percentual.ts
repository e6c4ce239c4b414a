/** part/total as a pt-BR percentage with one decimal, in integers (half up): 1234 of 5000 → '24,7'. */
export function percentualDe(parte: number, total: number): string {
  if (!total) return '0,0';
  const a = BigInt(Math.abs(parte));
  const b = BigInt(Math.abs(total));
  const milesimos = (a * 2000n + b) / (2n * b);
  return `${milesimos / 10n},${milesimos % 10n}`;
}
