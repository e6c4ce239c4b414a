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
  if (!precos.length) return;
  // One statement for the whole receipt (a note may have dozens of items).
  const linhas = JSON.stringify(precos.map((p) => ({ produto: p.produto, codigo: p.codigo ?? null, preco: p.preco, em: p.em })));
  await tx.execute(sql`
    update registro r set dados = r.dados || jsonb_build_object('ultimoPreco', v.preco, 'ultimaCompraEm', v.em), version = r.version + 1, updated_at = now()
    from jsonb_to_recordset(${linhas}::jsonb) as v(produto text, codigo text, preco int, em text)
    where r.grupo_empresarial_id = ${grupoEmpresarial} and r.recurso = 'estoqueProdutoFornecedor' and not r.lixo and r.dados->>'fornecedor' = ${fornecedor}
      and (case when v.codigo is not null then r.dados->>'codigo' = v.codigo else r.dados->>'produto' = v.produto end)
      and coalesce(r.dados->>'ultimaCompraEm', '') <= v.em`);
}

/** A price in the stock ledger's scale (centavos, 4 places: '2846.0000') to whole centavos, half up. */
export const centavosDoCusto = (preco: string): number => Number((custo(preco) + 5_000n) / 10_000n);

/** An NF-e's vUnCom (reais, up to 10 places) to whole centavos, half up. */
export const centavosDoVUnCom = (valorUnitario: string): number => Number((paraEscalado(valorUnitario, 10) + 50_000_000n) / 100_000_000n);

/** The day a receipt happened, in the store's zone. */
export const diaDaCompra = (em: Date): string => hojeNoFuso(em);
