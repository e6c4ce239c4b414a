import type { ItemNota } from './nfe.ts';

/**
 * The landed cost of an NF-e item (DOMAIN.md §1), in centavos for the whole line: what the goods cost
 * on the shelf, vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST + vFCPST. With `creditar` the
 * recoverable ICMS, PIS and COFINS are taken off: an accounting policy for a company in the normal
 * regime (lucro real) only; a Simples Nacional company (CRT 1, 2, 4) never credits them.
 */
export function custoDoItem(i: ItemNota, opcoes: { creditar: boolean }): number {
  const bruto = i.valorProduto - i.desconto + i.frete + i.seguro + i.outras + i.ipi + i.icms.st + i.icms.fcpSt;
  return opcoes.creditar ? bruto - i.icms.valor - i.pis - i.cofins : bruto;
}

/** Whether the company's regime (its CRT) allows the policy of crediting taxes at all. */
export const regimePermiteCredito = (crt: string | null | undefined): boolean => crt === '3';

/**
 * The credit policy a note of the company gets when the posting does not choose: the company's setting
 * (empresa configuracoes.fiscal.creditarImpostosEntrada), which counts only in the normal regime.
 */
export const creditoPadraoDaEmpresa = (crt: string | null | undefined, creditarImpostosEntrada: boolean | null | undefined): boolean => regimePermiteCredito(crt) && creditarImpostosEntrada === true;

/** A purchase whose landed unit cost is more than this percentage above the product's last one is flagged. */
export const ALTA_DE_PRECO_PERCENTUAL = 20;

/**
 * How much a unit cost rose against the last purchase's, in whole percent (half up), when it rose more
 * than ALTA_DE_PRECO_PERCENTUAL; null otherwise. Costs are scaled integers of the same scale.
 */
export function altaDePreco(atual: bigint, ultimo: bigint): number | null {
  if (ultimo <= 0n || atual * 100n <= ultimo * BigInt(100 + ALTA_DE_PRECO_PERCENTUAL)) return null;
  return Number(((atual - ultimo) * 200n + ultimo) / (2n * ultimo));
}
