// relatorioVendaInsumos for a month of the whole group at the API (theoretical consumption of every
// store, by recipe), against the hand-written SQL that only sums the month's sale items per store and
// product (what the report reads; the recipes are exploded in memory). Sales, recipes and costs are
// written by SQL in the shape the ingestion and the engine write them. PGlite by default; a throwaway
// database on PostgreSQL when DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { createTestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
import { cpuMs, processosPostgres } from './cpu.ts';
import { somarRollupsDasVendas } from './rollups.ts';

const mediana = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;
async function cronometrar(vezes: number, fazer: () => Promise<unknown>): Promise<number> {
  await fazer();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = performance.now();
    await fazer();
    tempos.push(performance.now() - inicio);
  }
  return mediana(tempos);
}

export interface EscalaVendaInsumos {
  lojas: number;
  dias: number;
  porDia: number;
  /** Products sold (a recipe each, but for one in six, sold as bought), base ingredients, and sub-recipes among them. */
  produtos: number;
  insumos: number;
  preparos: number;
}

export async function benchVendaInsumos(databaseUrl?: string, escala: EscalaVendaInsumos = { lojas: 10, dias: 31, porDia: 270, produtos: 300, insumos: 150, preparos: 20 }) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestContext();
  try {
    const grupo = ctx.seed.demo.grupoEmpresarial;
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const empresas = [...ctx.seed.demo.empresas];
    while (empresas.length < escala.lojas) empresas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
    const lista = sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`;
    const inicioSemear = performance.now();
    // Products P-0…, base ingredients I-0…, sub-recipes (preparos) S-0…: a recipe per product but every sixth
    // (4 ingredients and a sub-recipe, with losses), 3 ingredients per sub-recipe yielding 2; the products
    // sold as bought control their stock in every store; every ingredient has a cost in every store.
    await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
      select ${grupo}, 'P-' || n, 'produtoGeral', null, jsonb_build_object('descricao', 'Produto ' || n, 'codigo', 'B' || n) from generate_series(0, ${escala.produtos - 1}) n
      union all select ${grupo}, 'I-' || n, 'produtoGeral', null, jsonb_build_object('descricao', 'Insumo ' || n, 'codigo', 'BI' || n) from generate_series(0, ${escala.insumos - 1}) n
      union all select ${grupo}, 'S-' || n, 'produtoGeral', null, jsonb_build_object('descricao', 'Preparo ' || n, 'codigo', 'BS' || n) from generate_series(0, ${escala.preparos - 1}) n`);
    await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
      select ${grupo}, 'F-P-' || n, 'estoqueFichaTecnica', null, jsonb_build_object('produto', 'P-' || n, 'rendimento', '1', 'ativo', true, 'itens', jsonb_build_array(
          jsonb_build_object('produto', 'I-' || (n * 7) % ${escala.insumos}, 'quantidade', '0.1500', 'perda', null),
          jsonb_build_object('produto', 'I-' || (n * 7 + 1) % ${escala.insumos}, 'quantidade', '0.0200', 'perda', '10'),
          jsonb_build_object('produto', 'I-' || (n * 7 + 2) % ${escala.insumos}, 'quantidade', '1', 'perda', null),
          jsonb_build_object('produto', 'I-' || (n * 7 + 3) % ${escala.insumos}, 'quantidade', '0.0050', 'perda', '25'),
          jsonb_build_object('produto', 'S-' || n % ${escala.preparos}, 'quantidade', '0.0800', 'perda', null)))
      from generate_series(0, ${escala.produtos - 1}) n where n % 6 <> 0
      union all select ${grupo}, 'F-S-' || n, 'estoqueFichaTecnica', null, jsonb_build_object('produto', 'S-' || n, 'rendimento', '2', 'ativo', true, 'itens', jsonb_build_array(
          jsonb_build_object('produto', 'I-' || (n * 3) % ${escala.insumos}, 'quantidade', '1.2000', 'perda', null),
          jsonb_build_object('produto', 'I-' || (n * 3 + 1) % ${escala.insumos}, 'quantidade', '0.5000', 'perda', '5'),
          jsonb_build_object('produto', 'I-' || (n * 3 + 2) % ${escala.insumos}, 'quantidade', '0.0100', 'perda', null)))
      from generate_series(0, ${escala.preparos - 1}) n`);
    await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
      select ${grupo}, 'PE-' || e.id || '-' || n, 'produtoGeralEmpresa', e.id, jsonb_build_object('produtoGeral', 'P-' || n, 'preco', 900, 'controlaEstoque', true)
      from unnest(${lista}) as e(id) cross join generate_series(0, ${escala.produtos - 1}, 6) n`);
    await ctx.db.execute(sql`insert into estoque_custo (grupo_empresarial_id, empresa_id, produto_id, quantidade, custo_medio)
      select ${grupo}, e.id, p.id, 100, 100 + (abs(hashtext(e.id || p.id)::bigint) % 5000)
      from unnest(${lista}) as e(id) cross join (select 'I-' || n as id from generate_series(0, ${escala.insumos - 1}) n union all select 'P-' || n from generate_series(0, ${escala.produtos - 1}, 6) n) p`);
    const ate = '2026-10-31';
    // One sale per (store, day, n) at lunch or dinner, 1% cancelled; five items of the products, one in ten with a complement that is a product.
    await ctx.db.execute(sql`insert into venda (grupo_empresarial_id, id, empresa_id, terminal_id, pedido_id, canal, aberto_em, fechado_em, bruto, total, taxa_servico, cancelada, original)
      select ${grupo}, md5(e.id || d::text || n::text), e.id, 'T-' || e.id, d::date::text || '-' || n, 'Salão',
        (d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120)) at time zone 'America/Sao_Paulo' - interval '30 minutes',
        (d + make_interval(mins => 600 + (case when n % 2 = 0 then 165 else 615 end) + (n * 37) % 120)) at time zone 'America/Sao_Paulo',
        5000, 5000, 0, n % 100 = 0, '{}'::jsonb
      from unnest(${lista}) as e(id)
      cross join generate_series((${ate}::date - ${escala.dias - 1}::int)::timestamp, ${ate}::date::timestamp, interval '1 day') as d
      cross join generate_series(1, ${escala.porDia}) as n`);
    await ctx.db.execute(sql`insert into venda_item (grupo_empresarial_id, venda_id, seq, empresa_id, fechado_em, produto_id, quantidade, preco_unitario, bruto, modificadores)
      select v.grupo_empresarial_id, v.id, k, v.empresa_id, v.fechado_em, 'P-' || ((abs(hashtext(v.id)::bigint) + k * 61) % ${escala.produtos}), 1 + (k % 2), 1000, 1000,
        case when (abs(hashtext(v.id)::bigint) + k) % 10 = 0 then jsonb_build_array(jsonb_build_object('descricao', 'Extra', 'produto', 'P-' || ((abs(hashtext(v.id)::bigint) + k) % ${escala.produtos}), 'quantidade', '1', 'precoUnitario', 0)) else '[]'::jsonb end
      from venda v cross join generate_series(0, 4) as k where v.grupo_empresarial_id = ${grupo}`);
    await somarRollupsDasVendas(ctx.db, grupo);
    // Two approved counts of the first store, at the month's ends: between them the report reads that store's items.
    await ctx.db.execute(sql`insert into estoque_inventario (grupo_empresarial_id, id, empresa_id, numero, descricao, status, congelado_em)
      values (${grupo}, 'INV-A', ${empresas[0]}, 9001, 'Abertura', 'aprovado', '2026-10-01T03:00:00Z'), (${grupo}, 'INV-B', ${empresas[0]}, 9002, 'Fechamento', 'aprovado', '2026-11-01T02:59:59Z')`);
    await ctx.db.execute(sql`analyze registro`);
    await ctx.db.execute(sql`analyze estoque_custo`);
    const semear = performance.now() - inicioSemear;
    const [{ vendas, itens, vendidos }] = (
      await ctx.db.execute<{ vendas: number; itens: number; vendidos: number }>(
        sql`select (select count(*)::int from venda) as vendas, (select count(*)::int from venda_item) as itens, (select count(*)::int from estoque_vendido_dia) as vendidos`,
      )
    ).rows as [{ vendas: number; itens: number; vendidos: number }];

    const de = '2026-10-01';
    let linhas = 0;
    const relatorioDoMes = async () => {
      const res = await api('POST', '/relatorioVendaInsumos', { de, ate });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      linhas = res.body.data.linhas.length;
    };
    const apiMes = await cronometrar(5, relatorioDoMes);
    // The CPU one call costs (this process and the database's): on a shared machine, what it would take on a free core.
    const pids = databaseUrl ? await processosPostgres(databaseUrl) : [];
    const [servidorAntes, bancoAntes] = [process.cpuUsage(), cpuMs(pids)];
    for (let i = 0; i < 5; i++) await relatorioDoMes();
    const servidor = process.cpuUsage(servidorAntes);
    const cpu = { servidor: (servidor.user + servidor.system) / 1000 / 5, banco: databaseUrl ? (cpuMs(pids) - bancoAntes) / 5 : null };
    // What the report reads, by hand: the month's products sold per store, from the day's products.
    const manual = await cronometrar(5, () =>
      ctx.db.execute(sql`select empresa_id, produto_id, sum(quantidade) from estoque_vendido_dia
        where grupo_empresarial_id = ${grupo} and empresa_id = any(${lista}) and dia between ${de}::date and ${ate}::date group by 1, 2`),
    );
    // Between two counts (not whole days) the report adds up the store's items itself: one store, the month.
    const entreInventarios = await cronometrar(5, async () => {
      const res = await api('POST', '/relatorioVendaInsumos', { inventarioInicial: 'INV-A', inventarioFinal: 'INV-B' });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    const umaLoja = await cronometrar(5, async () => {
      const res = await api('POST', '/relatorioVendaInsumos', { de, ate, empresas: [empresas[0]] });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    return { vendas, itens, vendidos, semear, apiMes, cpu, manual, entreInventarios, umaLoja, linhas, escala };
  } finally {
    await ctx.close();
  }
}

/** Runs and prints, in the shape of `npm run bench` (DATABASE_URL: on PostgreSQL, a throwaway database). */
export async function mostrarVendaInsumos(databaseUrl = process.env.DATABASE_URL) {
  const banco = databaseUrl ? 'PostgreSQL' : 'banco embutido';
  console.log(`\n# relatorioVendaInsumos: um mês do grupo (10 lojas × 31 dias × 270 vendas de 5 itens; 300 produtos, 250 com ficha técnica de 5 itens e um preparo; ${banco})`);
  const r = await benchVendaInsumos(databaseUrl);
  console.log(`${r.vendas.toLocaleString('pt-BR')} vendas, ${r.itens.toLocaleString('pt-BR')} itens e ${r.vendidos.toLocaleString('pt-BR')} linhas de produtos vendidos por dia gravados por SQL em ${(r.semear / 1000).toFixed(1)} s`);
  console.log(`consumo teórico do mês, todas as lojas, na API: ${r.apiMes.toFixed(0)} ms (meta 500 ms; razão ${(r.apiMes / 500).toFixed(2)} da meta; ${r.linhas} insumos)`);
  console.log(`CPU por chamada: servidor ${r.cpu.servidor.toFixed(0)} ms${r.cpu.banco === null ? ' (banco no mesmo processo)' : `, banco ${r.cpu.banco.toFixed(0)} ms`}: com um núcleo livre ≈ ${(r.cpu.servidor + (r.cpu.banco ?? 0)).toFixed(0)} ms`);
  console.log(`o que ela lê, num SQL à mão (produtos vendidos por loja no mês): ${r.manual.toFixed(0)} ms (razão API/SQL: ${(r.apiMes / r.manual).toFixed(2)}: o resto é explodir as fichas e valorizar)`);
  console.log(`uma loja, o mês: ${r.umaLoja.toFixed(0)} ms; entre dois inventários da loja (lê os itens dela): ${r.entreInventarios.toFixed(0)} ms`);
  console.log(
    'forma: estoque_vendido_dia (empresa, dia local, produto: itens e complementos que são produtos), mantido na transação de cada venda e cancelamento, ' +
      'lido para um período de dias inteiros; as fichas explodidas em memória, cada produto uma vez por unidade; entre dois inventários (não são dias inteiros) os itens da loja são lidos uma vez, agrupados por produto, quantidade e lista de complementos',
  );
}

if (process.argv[1]?.endsWith('vendaInsumos.ts')) {
  await mostrarVendaInsumos();
  process.exit(0);
}
