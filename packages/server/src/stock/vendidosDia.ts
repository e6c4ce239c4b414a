import { brutoDoItem, deEscalado, paraEscalado, textoQtd } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { FUSO } from '../sales/relatorios/periodo.ts';
import type { SaidaVendida, VendaParaEstoque } from './baixaVendas.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * What each company sold of each product per local day (table estoque_vendido_dia), kept in the
 * transaction of every sale and cancellation so it always equals adding up the items (items and
 * complements that are products, not cancelled, quantities as the stock is lowered). relatorioVendaInsumos
 * reads a period of whole days from it: a month of a 10-store group is some 400,000 items, too many
 * to add up within the report's 500 ms (docs/decisions/0015).
 */

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

/** Item × complement quantity (3 places each) at `casas` places, half up. */
export function vezes(item: string, complemento: string, casas: 3 | 4): bigint {
  const p = paraEscalado(item, 3) * paraEscalado(complemento, 3);
  const divisor = 10n ** BigInt(6 - casas);
  return (p + divisor / 2n) / divisor;
}

/**
 * One line a sale sold, as stock and the sales reports count it: an item not cancelled (it counts its
 * sale) or a complement that is a product (item quantity × its quantity). `quantidade` as the stock is
 * lowered (4 places); `comoItem`/`comoComplemento` as the reports count (3 places); `total` what an item
 * took, net of its discount. The same rule in SQL is `saidasDosItens` below (recomputation, cancellation).
 */
export interface LinhaVendida extends SaidaVendida {
  item: boolean;
  comoItem: bigint;
  comoComplemento: bigint;
  total: number;
}

export function linhasVendidas(vendas: readonly VendaParaEstoque[]): LinhaVendida[] {
  const linhas: LinhaVendida[] = [];
  for (const venda of vendas) {
    for (const item of venda.itens) {
      if (item.cancelado) continue;
      const q = paraEscalado(item.quantidade, 3);
      linhas.push({ venda, produto: item.produto, quantidade: q * 10n, item: true, comoItem: q, comoComplemento: 0n, total: brutoDoItem(item) - item.desconto });
      for (const m of item.modificadores) {
        if (m.produto) linhas.push({ venda, produto: m.produto, quantidade: vezes(item.quantidade, m.quantidade, 4), item: false, comoItem: 0n, comoComplemento: vezes(item.quantidade, m.quantidade, 3), total: 0 });
      }
    }
  }
  return linhas;
}

/**
 * The CTE `vd` that adds the lines sold by a batch of new sales to their days: the stock quantity
 * (4 places) and what the sales reports read. Rows in key order as every writer takes them; one
 * statement text whatever the batch, so it is prepared once. With `vendasGuardadas` (a query of sale
 * ids), only those sales count: the ones the statement stored.
 */
export function cteVendidos(a: Tenant, linhas: readonly LinhaVendida[], vendasGuardadas?: SQL): SQL {
  // One row per sale and product: n is 1 when the product is one of the sale's items (it counts the sale).
  const porChave = new Map<string, { v: string; e: string; p: string; q: bigint; ci: bigint; cc: bigint; n: number; t: number }>();
  for (const l of linhas) {
    const chave = `${l.venda.id}\u0000${l.produto}`;
    let r = porChave.get(chave);
    if (!r) porChave.set(chave, (r = { v: l.venda.id, e: l.venda.fechadoEm.toISOString(), p: l.produto, q: 0n, ci: 0n, cc: 0n, n: 0, t: 0 }));
    r.q += l.quantidade;
    r.ci += l.comoItem;
    r.cc += l.comoComplemento;
    r.t += l.total;
    if (l.item) r.n = 1;
  }
  const json = [...porChave.values()].map((r) => ({ ...r, q: textoQtd(r.q), ci: deEscalado(r.ci, 3), cc: deEscalado(r.cc, 3) }));
  return sql`vd as (
    insert into estoque_vendido_dia (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, como_item, como_complemento, vendas, total)
    select ${a.grupoEmpresarial}, ${a.empresa}, (x.e at time zone ${FUSO})::date, x.p, sum(x.q), sum(x.ci), sum(x.cc), sum(x.n), sum(x.t)
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(v text, e timestamptz, p text, q numeric, ci numeric, cc numeric, n int, t bigint)
    ${vendasGuardadas ? sql`where x.v in (${vendasGuardadas})` : sql``}
    group by 3, 4 order by 3, 4
    on conflict (grupo_empresarial_id, empresa_id, dia, produto_id) do update set quantidade = estoque_vendido_dia.quantidade + excluded.quantidade,
      como_item = estoque_vendido_dia.como_item + excluded.como_item, como_complemento = estoque_vendido_dia.como_complemento + excluded.como_complemento,
      vendas = estoque_vendido_dia.vendas + excluded.vendas, total = estoque_vendido_dia.total + excluded.total
    returning 1
  )`;
}

/**
 * The products of a group's sales (\`where\` picks the items), one line per item and per complement that
 * is a product: q as the stock is lowered (4 places), ci/cc as the sales reports count (3 places), n 1
 * for an item, t what the item took.
 */
const saidasDosItens = (where: SQL) => sql`
  select i.grupo_empresarial_id, i.empresa_id, i.venda_id, i.fechado_em, x.produto, x.q, x.ci, x.cc, x.n, x.t
  from venda_item i
  cross join lateral (
    select i.produto_id as produto, i.quantidade::numeric as q, i.quantidade::numeric as ci, 0::numeric as cc, 1 as n, i.bruto - i.desconto as t
    union all
    select m->>'produto', round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 4), 0, round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 3), 0, 0
    from jsonb_array_elements(i.modificadores) m where coalesce(m->>'produto', '') <> ''
  ) x
  where ${where} and not i.cancelado`;

/** A cancelled sale's products taken back out of their days, in the cancellation's transaction (rows locked in key order first, as the sales take them). */
export async function descontarVendaDosVendidos(tx: Transaction, a: Tenant, vendaId: string): Promise<void> {
  const s = sql`select (fechado_em at time zone ${FUSO})::date as dia, produto, sum(q) as q, sum(ci) as ci, sum(cc) as cc, max(n) as n, sum(t) as t
    from (${saidasDosItens(sql`i.grupo_empresarial_id = ${a.grupoEmpresarial} and i.venda_id = ${vendaId}`)}) p group by 1, 2`;
  await tx.execute(sql`
    select 1 from estoque_vendido_dia r join (${s}) s on r.dia = s.dia and r.produto_id = s.produto
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.empresa_id = ${a.empresa}
    order by r.dia, r.produto_id for update of r`);
  await tx.execute(sql`
    update estoque_vendido_dia r set quantidade = r.quantidade - s.q, como_item = r.como_item - s.ci, como_complemento = r.como_complemento - s.cc,
      vendas = r.vendas - s.n, total = r.total - s.t
    from (${s}) s
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.empresa_id = ${a.empresa} and r.dia = s.dia and r.produto_id = s.produto`);
}

/**
 * The day's products of a group added up from its stored sales (what migration 0023 did for the sales
 * already stored): for bulk loads outside the ingestion (the benchmark) and for the tests that compare.
 */
export const vendidosDasVendas = (grupo: string) => sql`
  select i.grupo_empresarial_id, i.empresa_id, (i.fechado_em at time zone ${FUSO})::date as dia, i.produto as produto_id, sum(i.q) as quantidade,
         sum(i.ci) as como_item, sum(i.cc) as como_complemento, (count(distinct i.venda_id) filter (where i.n = 1))::int as vendas, sum(i.t)::bigint as total
  from (${saidasDosItens(sql`i.grupo_empresarial_id = ${grupo}`)}) i
  join venda v on v.grupo_empresarial_id = i.grupo_empresarial_id and v.id = i.venda_id and not v.cancelada
  group by 1, 2, 3, 4`;
