/**
 * Splits `total` centavos by the weights (BigInt: exact for any amount), the leftover centavos to the
 * largest remainders (ties to the first), so the parts add up to the total exactly. No positive weight:
 * all on the first.
 */
export function ratear(total: number, pesos: readonly number[]): number[] {
  const soma = pesos.reduce((s, p) => s + p, 0);
  if (soma <= 0) return pesos.map((_, i) => (i === 0 ? total : 0));
  const exatos = pesos.map((p) => (BigInt(total) * BigInt(p)) / BigInt(soma));
  const restos = pesos.map((p, i) => ({ i, resto: BigInt(total) * BigInt(p) - exatos[i]! * BigInt(soma) }));
  let falta = total - exatos.reduce((s, x) => s + Number(x), 0);
  const partes = exatos.map(Number);
  for (const { i } of restos.sort((a, b) => (b.resto > a.resto ? 1 : b.resto < a.resto ? -1 : a.i - b.i))) {
    if (falta === 0) break;
    partes[i]! += Math.sign(falta);
    falta -= Math.sign(falta);
  }
  return partes;
}

