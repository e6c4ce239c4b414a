import { custo, hojeNoFuso, paraEscalado } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';

export interface PrecoPago {
  produto: string;
  /** The supplier's code of the item (an NF-e's cProd): that mapping only; without it, every mapping of the product. */
  codigo?: string | null;
  /** Per purchase unit, in centavos (rounded from the receipt's exact unit price). */
  preco: number;
  /** The receipt's day, aaaa-mm-dd. */
  em: string;
}

/**
 * The last price paid to a supplier for each product (estoqueProdutoFornecedor.ultimoPreco), written in the
 * receipt's transaction. An older receipt posted late does not replace a newer price; a product without a
 * mapping to this supplier is left alone (a mapping needs the supplier's code).
 */
export async function registrarUltimosPrecos(tx: Transaction, grupoEmpresarial: string, fornecedor: string, precos: readonly PrecoPago[]): Promise<void> {
  for (const p of precos) {
    await tx.execute(sql`
      update registro set dados = dados || jsonb_build_object('ultimoPreco', ${p.preco}::int, 'ultimaCompraEm', ${p.em}::text), version = version + 1, updated_at = now()
      where grupo_empresarial_id = ${grupoEmpresarial} and recurso = 'estoqueProdutoFornecedor' and not lixo and dados->>'fornecedor' = ${fornecedor}
        and ${p.codigo ? sql`dados->>'codigo' = ${p.codigo}` : sql`dados->>'produto' = ${p.produto}`}
        and coalesce(dados->>'ultimaCompraEm', '') <= ${p.em}`);
  }
}

/** A price in the stock ledger's scale (centavos, 4 places: '2846.0000') to whole centavos, half up. */
export const centavosDoCusto = (preco: string): number => Number((custo(preco) + 5_000n) / 10_000n);

/** An NF-e's vUnCom (reais, up to 10 places) to whole centavos, half up. */
export const centavosDoVUnCom = (valorUnitario: string): number => Number((paraEscalado(valorUnitario, 10) + 50_000_000n) / 100_000_000n);

/** The day a receipt happened, in the store's zone. */
export const diaDaCompra = (em: Date): string => hojeNoFuso(em);
