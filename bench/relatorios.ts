// relatorioVenda for a month of the whole group and the dashboard's call, at the API, against the one
// hand-written SQL that computes the same numbers, in one run. Sales are written by SQL in the shape
// the ingestion writes (the API would take hours for a year of stores). PGlite by default; a throwaway
// database on PostgreSQL when DATABASE_URL is set. Scale: BENCH_LOJAS (10) × BENCH_DIAS (365) days.
import { sql } from 'drizzle-orm';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
import { somarRollupsDasVendas } from './rollups.ts';

const OUTROS_RELATORIOS = ['relatorioVendaProdutos', 'relatorioVendaCancelamentos', 'relatorioVendaDescontos', 'relatorioVendasResumoFiscal', 'relatorioVendaTransferencias', 'relatorioQrCode', 'listaProdutosVendidos'];

const mediana = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
async function cronometrar(vezes: number, fazer: () => Promise<unknown>): Promise<number> {
  await fazer();
  await fazer();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = performance.now();
    await fazer();
    tempos.push(performance.now() - inicio);
  }
  return mediana(tempos);
}

export async function benchRelatorios(databaseUrl?: string, escala = { lojas: 10, dias: 365, porDia: 270 }) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestContext();
  try {
    const grupo = ctx.seed.demo.grupoEmpresarial;
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const empresas = [...ctx.seed.demo.empresas];
    while (empresas.length < escala.lojas) empresas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
    const ate = '2026-10-31';
    const inicioSemear = performance.now();
    // One sale per (store, day, n) with lunch/dinner hours, six channels, 1% cancelled; five items (of 300
    // products) that add up to its gross, and one payment.
    await ctx.db.execute(sql`insert into venda (grupo_empresarial_id, id, empresa_id, terminal_id, pedido_id, canal, aberto_em, fechado_em, bruto, total, taxa_servico, cancelada, original)
      select ${grupo}, md5(e.id || d::text || n::text), e.id, 'T-' || e.id, d::date::text || '-' || n, (array['Salão','Balcão','Delivery','Totem','QR Code','App'])[1 + (n * 7 + extract(doy from d)::int) % 6],
        d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120) - interval '30 minutes',
        (d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120)) at time zone 'America/Sao_Paulo',
        2000 + (n * 7919) % 9000, 2000 + (n * 7919) % 9000, 0, n % 100 = 0, '{}'::jsonb
      from unnest(${sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`}) as e(id)
      cross join generate_series((${ate}::date - ${escala.dias - 1}::int)::timestamp, ${ate}::date::timestamp, interval '1 day') as d
      cross join generate_series(1, ${escala.porDia}) as n`);
    await ctx.db.execute(sql`insert into venda_item (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, produto_id, quantidade, preco_unitario, bruto)
      select v.grupo_empresarial_id, v.id, k, v.empresa_id, v.fechado_em, 'P-' || ((abs(hashtext(v.id)::bigint) + k * 61) % 300), 1,
        v.bruto / 5 + case when k = 0 then v.bruto % 5 else 0 end, v.bruto / 5 + case when k = 0 then v.bruto % 5 else 0 end
      from venda v cross join generate_series(0, 4) as k where v.grupo_empresarial_id = ${grupo}`);
    await ctx.db.execute(sql`insert into venda_pagamento (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, forma_pagamento_id, t_pag, valor)
      select grupo_empresarial_id, id, 0, empresa_id, fechado_em, 'FP-' || (abs(hashtext(id)::bigint) % 4), (array['01','03','04','17'])[(1 + abs(hashtext(id)::bigint) % 4)::int], total
      from venda where grupo_empresarial_id = ${grupo}`);
    await somarRollupsDasVendas(ctx.db, grupo);
    const semear = performance.now() - inicioSemear;
    const [{ vendas, itens, resumo }] = (
      await ctx.db.execute<{ vendas: number; itens: number; resumo: number }>(
        sql`select (select count(*)::int from venda) as vendas, (select count(*)::int from venda_item) as itens, (select count(*)::int from venda_resumo_hora) as resumo`,
      )
    ).rows as [{ vendas: number; itens: number; resumo: number }];
    const lista = sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`;

    const filtro = { de: '2026-10-01', ate: '2026-10-31', agrupar: 'dia' };
    const api30 = await cronometrar(7, async () => {
      const res = await api('POST', '/relatorioVenda', filtro);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    const manual = await cronometrar(7, () =>
      ctx.db.execute(sql`select to_char(fechado_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia,
          count(*) filter (where not cancelada), sum(bruto) filter (where not cancelada), sum(desconto + desconto_itens) filter (where not cancelada),
          sum(taxa_servico) filter (where not cancelada), sum(taxa_entrega) filter (where not cancelada), sum(total) filter (where not cancelada),
          count(*) filter (where cancelada), sum(total) filter (where cancelada)
        from venda where grupo_empresarial_id = ${grupo} and empresa_id = any(${lista})
          and fechado_em >= '2026-10-01'::timestamp at time zone 'America/Sao_Paulo' and fechado_em < '2026-11-01'::timestamp at time zone 'America/Sao_Paulo'
        group by 1 order by 1`),
    );
    // The same numbers from the rollup, by hand: what the API adds on top of its own query.
    const manualResumo = await cronometrar(7, () =>
      ctx.db.execute(sql`select to_char(dia, 'YYYY-MM-DD'), sum(vendas), sum(bruto), sum(descontos), sum(taxa_servico), sum(taxa_entrega), sum(total), sum(canceladas), sum(valor_cancelado)
        from venda_resumo_hora where grupo_empresarial_id = ${grupo} and empresa_id = any(${lista}) and dia between '2026-10-01' and '2026-10-31'
        group by 1 order by 1`),
    );
    const painel = await cronometrar(7, async () => {
      const res = await api('POST', '/dashboard', { data: '2026-10-30' });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    // The other reports read the sales and items themselves (no rollup): the same month, for context.
    const outros: { tela: string; ms: number }[] = [];
    for (const tela of OUTROS_RELATORIOS) {
      outros.push({
        tela,
        ms: await cronometrar(3, async () => {
          const res = await api('POST', `/${tela}`, { de: '2026-10-01', ate: '2026-10-31' });
          if (res.status !== 200) throw new Error(`${tela}: ${JSON.stringify(res.body)}`);
        }),
      });
    }
    // relatorioVendaProdutos's numbers by hand over the same rollup (the API adds the products' names and the ABC class).
    const manualProdutos = await cronometrar(3, () =>
      ctx.db.execute(sql`select r.produto_id, max(p.dados->>'descricao'), sum(r.como_item), sum(r.vendas), sum(r.total)
        from estoque_vendido_dia r left join registro p on p.grupo_empresarial_id = r.grupo_empresarial_id and p.id = r.produto_id
        where r.grupo_empresarial_id = ${grupo} and r.empresa_id = any(${lista}) and r.dia between '2026-10-01' and '2026-10-31'
        group by r.produto_id having sum(r.vendas) > 0 order by 5 desc`),
    );
    return { vendas, itens, resumo, semear, api30, manual, manualResumo, painel, outros, manualProdutos, escala };
  } finally {
    await ctx.close();
  }
}
