import { altaDePreco, converterQuantidade, custoDoItem, type ItemNota } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { AutorEstoque } from '../../stock/razao.ts';

/** Σ(a × 10^8) ÷ q, half up: centavos of a line over a quantity scaled by 10^4 → a unit cost scaled by 10^4 (the ledger's). */
export function custoUnitario(centavos: number, quantidade: bigint): bigint {
  const n = BigInt(centavos) * 10n ** 8n;
  return (2n * n + quantidade) / (2n * quantidade);
}

export interface PrecoDoItem {
  /** Landed cost per stock unit (centavos, 4 places, as the ledger keeps it). */
  custoUnitario: bigint;
  /** The product's last purchase in the company (an entry with its own cost), or null. */
  ultimoCusto: bigint | null;
  /** Whole percent above the last purchase, when more than the flag's limit. */
  alta: number | null;
}

/**
 * Each matched item's landed unit cost in the stock unit against the product's last purchase in the
 * company (its last entry at its own cost that was not reversed, other than this note's), and the jump flagged.
 */
export async function precosDosItens(tx: Transaction, a: Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>, entradaId: string, itens: readonly { numero: number; dados: ItemNota; produto: string | null; fator: string | null; quantidade: string }[]): Promise<Map<number, PrecoDoItem>> {
  const casados = itens.filter((i) => i.produto && i.fator);
  const produtos = [...new Set(casados.map((i) => i.produto!))];
  if (!produtos.length) return new Map();
  const ultimos = new Map(
    (
      await tx.execute<{ produto_id: string; custo: string }>(sql`
        select distinct on (m.produto_id) m.produto_id, m.custo_unitario::text as custo from estoque_movimento m
        where m.grupo_empresarial_id = ${a.grupoEmpresarial} and m.empresa_id = ${a.empresa} and m.produto_id = any(${sql.param(produtos)}::text[])
          and m.tipo = 'entrada' and m.custo_proprio and m.documento_id <> ${entradaId}
          and not exists (select 1 from estoque_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
        order by m.produto_id, m.ocorrido_em desc, m.seq desc`)
    ).rows.map((l) => [l.produto_id, BigInt(l.custo.replace('.', ''))]),
  );
  const precos = new Map<number, PrecoDoItem>();
  for (const i of casados) {
    const quantidade = converterQuantidade(i.quantidade, i.fator!);
    if (quantidade <= 0n) continue;
    const atual = custoUnitario(Math.max(custoDoItem(i.dados, { creditar: false }), 0), quantidade);
    const ultimo = ultimos.get(i.produto!) ?? null;
    precos.set(i.numero, { custoUnitario: atual, ultimoCusto: ultimo, alta: ultimo === null ? null : altaDePreco(atual, ultimo) });
  }
  return precos;
}
