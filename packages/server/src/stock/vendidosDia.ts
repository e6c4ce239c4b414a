import { textoQtd } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { FUSO } from '../sales/relatorios/periodo.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * What each company sold of each product per local day (table estoque_vendido_dia), kept in the
 * transaction of every sale and cancellation so it always equals adding up the items (items and
 * complements that are products, not cancelled, quantities as the stock is lowered). relatorioVendaInsumos
 * reads a period of whole days from it: a month of a 10-store group is some 400,000 items, too many
 * to add up within the report's 500 ms (docs/decisions/0015).
 */

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

/**
 * The CTE `vd` that adds the products sold by a batch of new sales (4 places) to their days, rows in
 * key order as every writer takes them; one statement text whatever the batch, so it is prepared once.
 */
export function cteVendidos(a: Tenant, saidas: readonly { venda: { fechadoEm: Date }; produto: string; quantidade: bigint }[]): SQL {
  const porChave = new Map<string, { e: string; p: string; q: bigint }>();
  for (const s of saidas) {
    const e = s.venda.fechadoEm.toISOString();
    const chave = `${e}\u0000${s.produto}`;
    const atual = porChave.get(chave);
    if (atual) atual.q += s.quantidade;
    else porChave.set(chave, { e, p: s.produto, q: s.quantidade });
  }
  const linhas = [...porChave.values()].map((l) => ({ ...l, q: textoQtd(l.q) }));
  return sql`vd as (
    insert into estoque_vendido_dia (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade)
    select ${a.grupoEmpresarial}, ${a.empresa}, (x.e at time zone ${FUSO})::date, x.p, sum(x.q)
    from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(e timestamptz, p text, q numeric)
    group by 3, 4 order by 3, 4
    on conflict (grupo_empresarial_id, empresa_id, dia, produto_id) do update set quantidade = estoque_vendido_dia.quantidade + excluded.quantidade
    returning 1
  )`;
}

/**
 * The products a sale sold, from its stored items, as the stock was lowered: an item's quantity, and
 * each complement that is a product at item × its quantity rounded to 4 places. `venda` names the sale.
 */
export const produtosDaVenda = (grupo: string, venda: string) => sql`
  select i.fechado_em, x.produto, x.q
  from venda_item i
  cross join lateral (
    select i.produto_id as produto, i.quantidade::numeric as q
    union all
    select m->>'produto', round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 4) from jsonb_array_elements(i.modificadores) m where m->>'produto' is not null
  ) x
  where i.grupo_empresarial_id = ${grupo} and i.venda_id = ${venda} and not i.cancelado`;

/** A cancelled sale's products taken back out of their days, in the cancellation's transaction (rows locked in key order first, as the sales take them). */
export async function descontarVendaDosVendidos(tx: Transaction, a: Tenant, vendaId: string): Promise<void> {
  const s = sql`select (fechado_em at time zone ${FUSO})::date as dia, produto, sum(q) as q from (${produtosDaVenda(a.grupoEmpresarial, vendaId)}) p group by 1, 2`;
  await tx.execute(sql`
    select 1 from estoque_vendido_dia r join (${s}) s on r.dia = s.dia and r.produto_id = s.produto
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.empresa_id = ${a.empresa}
    order by r.dia, r.produto_id for update of r`);
  await tx.execute(sql`
    update estoque_vendido_dia r set quantidade = r.quantidade - s.q from (${s}) s
    where r.grupo_empresarial_id = ${a.grupoEmpresarial} and r.empresa_id = ${a.empresa} and r.dia = s.dia and r.produto_id = s.produto`);
}

/**
 * The day's products of a group added up from its stored sales (what migration 0023 did for the sales
 * already stored): for bulk loads outside the ingestion (the benchmark) and for the tests that compare.
 */
export const vendidosDasVendas = (grupo: string) => sql`
  select i.grupo_empresarial_id, i.empresa_id, (i.fechado_em at time zone ${FUSO})::date as dia, x.produto as produto_id, sum(x.q) as quantidade
  from venda_item i
  join venda v on v.grupo_empresarial_id = i.grupo_empresarial_id and v.id = i.venda_id and not v.cancelada
  cross join lateral (
    select i.produto_id as produto, i.quantidade::numeric as q
    union all
    select m->>'produto', round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 4) from jsonb_array_elements(i.modificadores) m where m->>'produto' is not null
  ) x
  where i.grupo_empresarial_id = ${grupo} and not i.cancelado
  group by 1, 2, 3, 4`;
