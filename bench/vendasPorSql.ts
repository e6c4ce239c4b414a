import { sql } from 'drizzle-orm';
import type { Database } from '../packages/server/src/db/client.ts';
import { somarRollupsDasVendas } from './rollups.ts';

/**
 * Sales written by SQL in the shape the ingestion writes, with the rollups it keeps, for the benches (the API
 * or the demo seed would take hours for a year of stores): one sale per (store, day, n) with lunch and dinner
 * hours, six channels, 1% cancelled; five items (of 300 products) adding up to its gross; one payment.
 * BENCH_PASSOS=1 prints each step's time.
 */
export async function semearVendasPorSql(db: Database, grupo: string, empresas: readonly string[], escala: { dias: number; porDia: number; ate: string }): Promise<void> {
  const passo = async (nome: string, fazer: () => Promise<unknown>) => {
    const inicio = performance.now();
    await fazer();
    if (process.env.BENCH_PASSOS) console.log(`(semear: ${nome} em ${((performance.now() - inicio) / 1000).toFixed(1)} s)`);
  };
  const { ate } = escala;
  await passo('vendas', () => db.execute(sql`insert into venda (grupo_empresarial_id, id, empresa_id, terminal_id, pedido_id, canal, aberto_em, fechado_em, bruto, total, taxa_servico, cancelada, original)
    select ${grupo}, md5(e.id || d::text || n::text), e.id, 'T-' || e.id, d::date::text || '-' || n, (array['Salão','Balcão','Delivery','Totem','QR Code','App'])[1 + (n * 7 + extract(doy from d)::int) % 6],
      d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120) - interval '30 minutes',
      (d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120)) at time zone 'America/Sao_Paulo',
      2000 + (n * 7919) % 9000, 2000 + (n * 7919) % 9000, 0, n % 100 = 0, '{}'::jsonb
    from unnest(${sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`}) as e(id)
    cross join generate_series((${ate}::date - ${escala.dias - 1}::int)::timestamp, ${ate}::date::timestamp, interval '1 day') as d
    cross join generate_series(1, ${escala.porDia}) as n`));
  await passo('itens', () => db.execute(sql`insert into venda_item (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, produto_id, quantidade, preco_unitario, bruto)
    select v.grupo_empresarial_id, v.id, k, v.empresa_id, v.fechado_em, 'P-' || ((abs(hashtext(v.id)::bigint) + k * 61) % 300), 1,
      v.bruto / 5 + case when k = 0 then v.bruto % 5 else 0 end, v.bruto / 5 + case when k = 0 then v.bruto % 5 else 0 end
    from venda v cross join generate_series(0, 4) as k where v.grupo_empresarial_id = ${grupo}`));
  await passo('pagamentos', () => db.execute(sql`insert into venda_pagamento (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, forma_pagamento_id, t_pag, valor)
    select grupo_empresarial_id, id, 0, empresa_id, fechado_em, 'FP-' || (abs(hashtext(id)::bigint) % 4), (array['01','03','04','17'])[(1 + abs(hashtext(id)::bigint) % 4)::int], total
    from venda where grupo_empresarial_id = ${grupo}`));
  await somarRollupsDasVendas(db, grupo, passo);
}
