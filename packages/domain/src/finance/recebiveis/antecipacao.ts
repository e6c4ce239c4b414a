import { paraEscalado } from '../../shared/decimal.ts';

/** Fixed point of the present-value computation: 30 decimal places carried in BigInt. */
const ESCALA = 10n ** 30n;

const dividirArredondando = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b); // half up, a and b ≥ 0

/** x^(1/n) at ESCALA for x ≥ 1 at ESCALA: Newton's method on integers from 1 + (x − 1)/n, which is above the root (Bernoulli), so it falls to it. */
function raiz(x: bigint, n: bigint): bigint {
  let y = ESCALA + (x - ESCALA) / n + 1n;
  for (;;) {
    let potencia = ESCALA;
    for (let i = 1n; i < n; i++) potencia = (potencia * y) / ESCALA;
    const proximo = ((n - 1n) * y + (x * ESCALA) / potencia) / n;
    if (proximo >= y) return y;
    y = proximo;
  }
}

/**
 * Present value in centavos of `valor` due in `dias` calendar days at a monthly rate (percent with up
 * to 2 places, e.g. '1.99'): valor / (1 + i)^(dias/30), rounded half up to the centavo. Computed as
 * the 30th root of (1 + i)^dias in 30-place fixed point, so every machine gets the same centavo.
 */
export function valorPresente(valor: number, taxaMensal: string, dias: number): number {
  if (dias <= 0 || valor === 0) return valor;
  const taxa = paraEscalado(taxaMensal, 2); // percent × 100
  if (taxa === 0n) return valor;
  const base = ESCALA + (taxa * ESCALA) / 10_000n;
  let fator = ESCALA;
  let quadrado = base;
  for (let e = dias; e > 0; e >>= 1) {
    if (e & 1) fator = (fator * quadrado) / ESCALA;
    quadrado = (quadrado * quadrado) / ESCALA;
  }
  const desconto = raiz(fator, 30n);
  const negativo = valor < 0;
  const pv = dividirArredondando(BigInt(Math.abs(valor)) * ESCALA, desconto);
  return Number(negativo ? -pv : pv);
}
