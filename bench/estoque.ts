// Stock reports on a big ledger (issue 12): the stock position of a company (relatorioEstoqueProduto)
// and the kardex of one product over a year (relatorioEstoqueFluxo), through the HTTP API of the real
// app (buildApp, listening on a port, a signed-in session), against the hand-written SQL that reads the
// same rows. The ledger is written by set-based SQL (generate_series) on a throwaway PostgreSQL, its
// indexes built after the load, and the kept balances (estoque_saldo, estoque_custo) computed from it
// by one aggregate each. One run prints absolute times and ratios (the machine is shared and noisy).
//
//   npm run bench -- estoque [--movimentos 10000000] [--lojas 10] [--produtos 20000] [--dias 365] [--vezes 7] [--conferir]
//
// DATABASE_URL: a database is created in that server; otherwise a cluster of its own is started
// (scripts/lib/postgres.mjs) and removed at the end. --conferir runs the project's recomputation
// (npm run estoque:recalcular) over the generated ledger and requires it to find no difference.
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../packages/server/src/db/client.ts';
import { recomporPosicao } from '../packages/server/src/stock/posicaoTotais.ts';
import { recalcularEstoque } from '../packages/server/src/stock/recalcular.ts';
import { createTestContext, type TestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
// The screen's page size: the bench asks what the screen asks.
import { LINHAS_POR_PAGINA as PAGINA } from '../packages/web/src/stock/relatorios/paginas.ts';
import { cpuMs, processosPostgres } from './cpu.ts';

export interface EscalaEstoque {
  lojas: number;
  produtos: number;
  movimentos: number;
  dias: number;
}

export const ESCALA_DO_ISSUE: EscalaEstoque = { lojas: 10, produtos: 20_000, movimentos: 10_000_000, dias: 365 };

/** The last day of the ledger; the kardex reads the year that ends on it. */
const ATE = '2026-10-31';
const FUSO = 'America/Sao_Paulo';

/**
 * Products by how often they move (ranks 0…): the 20 busiest (oil, onion, …) take 15% of the draws, the
 * next 180 25%, the next 1,800 35%, and the rest of the catalogue 25%. Only the first 2,000 (tiers A–C)
 * are also kept in the bulk store room (Depósito).
 */
const FAIXAS = [
  { nome: 'A', ate: 20, parte: 150 },
  { nome: 'B', ate: 200, parte: 250 },
  { nome: 'C', ate: 2000, parte: 350 },
  { nome: 'D', ate: Infinity, parte: 250 },
] as const;

/**
 * Kinds per 1,000 draws: 850 sales (one in 77 reversed: a second row, the cancellation), 60 entries, 20
 * transfers Depósito → Principal (two rows each), 20 manual exits, 20 count adjustments, 24 production
 * consumptions and 6 productions. About 1,031 rows per 1,000 draws.
 */
const LINHAS_POR_SORTEIO = (850 * (1 + 1 / 77) + 60 + 2 * 20 + 20 + 20 + 24 + 6) / 1000;

/** Masks a 64-bit hash to a non-negative bigint. */
const MAX = sql.raw('9223372036854775807');

const mediana = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!;

export async function cronometrar(vezes: number, fazer: () => Promise<unknown>): Promise<{ mediana: number; min: number }> {
  await fazer(); // warm-up: plans, caches, JIT
  await fazer();
  const tempos: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = performance.now();
    await fazer();
    tempos.push(performance.now() - inicio);
  }
  return { mediana: mediana(tempos), min: Math.min(...tempos) };
}

const textos = (lista: string[]) => sql`array[${sql.join(lista.map((t) => sql`${t}::text`), sql`, `)}]::text[]`;

/** Drops the indexes and constraints of a table, returning the statements that put them back as they were. */
async function tirarIndices(ctx: TestContext, tabela: string): Promise<string[]> {
  const restricoes = (
    await ctx.db.execute<{ nome: string; def: string }>(sql`
      select conname as nome, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${tabela}::regclass and contype in ('p', 'u', 'f') order by contype desc`)
  ).rows;
  const indices = (
    await ctx.db.execute<{ nome: string; def: string }>(sql`
      select indexname as nome, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = ${tabela} and indexname not in (select conname from pg_constraint where conrelid = ${tabela}::regclass)`)
  ).rows;
  for (const i of indices) await ctx.db.execute(sql.raw(`drop index "${i.nome}"`));
  for (const r of restricoes) await ctx.db.execute(sql.raw(`alter table "${tabela}" drop constraint "${r.nome}"`));
  return [...restricoes.reverse().map((r) => `alter table "${tabela}" add constraint "${r.nome}" ${r.def}`), ...indices.map((i) => i.def)];
}

interface Dados {
  grupo: string;
  empresas: string[];
  locais: Map<string, { principal: string; deposito: string }>;
  produtos: { A: string; B: string; C: string; D: string };
  movimentos: number;
  saldos: number;
  semear: number;
  etapas: string[];
}

/**
 * The group: `lojas` companies with two locations each (Estoque principal, where sales, losses, counts
 * and production happen and where every product has a balance; Depósito, for the 2,000 busiest
 * products, fed by entries and emptied by transfers into Principal), `produtos` products with a company
 * product (minimum stock for one in five), and about `movimentos` rows of ledger over `dias` days.
 */
export async function semearEstoque(ctx: TestContext, api: ReturnType<typeof apiClient>, escala: EscalaEstoque): Promise<Dados> {
  const etapas: string[] = [];
  const inicio = performance.now();
  let marca = inicio;
  const etapa = (nome: string) => {
    const agora = performance.now();
    etapas.push(`${nome} ${((agora - marca) / 1000).toFixed(1)} s`);
    marca = agora;
  };
  const grupo = ctx.seed.demo.grupoEmpresarial;
  const admin = ctx.seed.demo.admin;
  const empresas = [...ctx.seed.demo.empresas].slice(0, escala.lojas);
  while (empresas.length < escala.lojas) empresas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
  const locais = new Map<string, { principal: string; deposito: string }>();
  for (const e of empresas) {
    const ids = { principal: `LP-${e}`, deposito: `LD-${e}` };
    await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados) values
      (${grupo}, ${ids.principal}, 'estoqueCadastro', ${e}, ${JSON.stringify({ descricao: 'Estoque principal', ativo: true, baixaVendas: true })}::jsonb),
      (${grupo}, ${ids.deposito}, 'estoqueCadastro', ${e}, ${JSON.stringify({ descricao: 'Depósito', ativo: true, baixaVendas: false })}::jsonb)`);
    locais.set(e, ids);
  }
  const unidades = ['UM-KG', 'UM-UN', 'UM-L'];
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'UM-' || s, 'unidadeMedida', null, jsonb_build_object('sigla', s, 'descricao', d) from (values ('KG', 'Quilograma'), ('UN', 'Unidade'), ('L', 'Litro')) u(s, d)`);
  // Products E-0 … E-(P-1), rank = n; one company product each per store (a minimum for one in five).
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'E-' || n, 'produtoGeral', null, jsonb_build_object('codigo', 'EST' || n, 'descricao',
        (array['Óleo de soja','Cebola','Farinha de trigo','Queijo muçarela','Tomate','Arroz','Feijão','Carne moída','Leite integral','Açúcar'])[1 + n % 10] || ' ' || n,
        'unidade', (${textos(unidades)})[1 + n % ${unidades.length}], 'tipoProduto', 'insumo', 'ncm', '21069090', 'ativo', true)
    from generate_series(0, ${escala.produtos - 1}) n`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'PE-' || e.i || '-' || n, 'produtoGeralEmpresa', e.id, jsonb_build_object('produtoGeral', 'E-' || n, 'preco', 0, 'controlaEstoque', true,
        'estoqueMinimo', case when n % 5 = 0 then (10 + n % 50)::text end, 'ativo', true)
    from unnest(${textos(empresas)}) with ordinality as e(id, i) cross join generate_series(0, ${escala.produtos - 1}) n`);
  etapa('cadastros');

  // The ledger. Loaded without its indexes and constraints, which are built afterwards from their
  // definitions as the migrations made them.
  const refazer = await tirarIndices(ctx, 'estoque_movimento');
  const lojas = escala.lojas;
  const lista = textos(empresas);
  const principais = textos(empresas.map((e) => locais.get(e)!.principal));
  const depositos = textos(empresas.map((e) => locais.get(e)!.deposito));
  const abc = FAIXAS[2].ate; // products kept in the Depósito as well
  // Every product's own cost in each store (centavos, 4 places): entries and production all come in at it,
  // so the weighted average stays equal to it and the kept average is one aggregate away.
  const custoDe = (loja: SQL, produto: SQL) => sql`((1000000 + (${produto}::bigint * 7919 + ${loja}::bigint * 104729) % 50000000) / 10000.0)::numeric(18,4)`;
  const inicioDia = sql`(${ATE}::date - ${escala.dias - 1}::int)`;
  // Opening stock: an entry per product in Principal, and in the Depósito for tiers A–C, on the first day at 06:00.
  await ctx.db.execute(sql`insert into estoque_movimento (grupo_empresarial_id, id, empresa_id, local_id, produto_id, tipo, quantidade, custo_unitario, custo_proprio, valor, ocorrido_em, usuario_id, documento_tipo, documento_id)
    select ${grupo}, 'A' || l || '-' || d || '-' || n, (${lista})[l], case when d = 0 then (${principais})[l] else (${depositos})[l] end, 'E-' || n, 'entrada',
      q, c, true, round(q * c), (${inicioDia}::timestamp + interval '6 hours') at time zone ${FUSO}, ${admin}, 'entradaManual', 'DA-' || l
    from generate_series(1, ${lojas}) l cross join generate_series(0, 1) d cross join generate_series(0, ${escala.produtos - 1}) n
      cross join lateral (select (case when d = 0 then 100 else 200 end)::numeric(18,4) as q, ${custoDe(sql`l`, sql`n`)} as c) v
    where d = 0 or n < ${abc}`);
  const abertura = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from estoque_movimento`)).rows[0]!.n;
  // The rest, in business-time order: draw k of store l falls on day k / porDia, between 07:00 and 23:00.
  const sorteios = Math.max(lojas, Math.round((escala.movimentos - abertura) / LINHAS_POR_SORTEIO));
  const porDia = Math.max(1, Math.ceil(sorteios / lojas / escala.dias));
  // x: the draw's product rank (tiers by h1, rank within the tier by h2); y: its kind (h3); h4: quantities.
  const faixa = (h: SQL, h2: SQL, soAbc: boolean) => {
    const lim: readonly { ate: number; parte: number }[] = soAbc ? FAIXAS.slice(0, 3) : FAIXAS;
    const total = lim.reduce((soma, f) => soma + f.parte, 0);
    let acumulado = 0;
    let anterior = 0;
    const casos = lim.map((f) => {
      acumulado += f.parte;
      const fim = Math.min(f.ate, escala.produtos);
      const caso = sql`when ${h} % ${total} < ${acumulado} then ${anterior} + ${h2} % ${Math.max(1, fim - anterior)}`;
      anterior = fim;
      return caso;
    });
    return sql`(case ${sql.join(casos, sql` `)} end)`;
  };
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`insert into estoque_movimento (grupo_empresarial_id, id, empresa_id, local_id, produto_id, tipo, quantidade, custo_unitario, custo_proprio, valor, ocorrido_em, usuario_id, documento_tipo, documento_id, estorno_de)
    select ${grupo}, 'M' || s.k || '-' || p.par, (${lista})[s.l], 
      case when s.tipo = 'entrada' and s.produto < ${abc} then (${depositos})[s.l] when s.tipo = 'transferencia' and p.par = 0 then (${depositos})[s.l] else (${principais})[s.l] end,
      'E-' || s.produto, case when p.par = 1 and s.tipo = 'saidaVenda' then 'estorno' else s.tipo end,
      q.q, s.c, s.tipo in ('entrada', 'producao'), round(q.q * s.c),
      (s.dia + interval '7 hours' + make_interval(secs => (s.fatia * 57600.0 / ${porDia})::int)) at time zone ${FUSO},
      case when s.tipo = 'saidaVenda' then null else ${admin} end,
      case s.tipo when 'saidaVenda' then 'venda' when 'entrada' then 'entradaManual' when 'transferencia' then 'transferenciaLocal' when 'saidaManual' then 'saidaManual'
        when 'ajusteInventario' then 'inventario' else 'producao' end,
      case s.tipo when 'saidaVenda' then 'V-' || s.l || '-' || s.k / ${lojas * 5} when 'entrada' then 'DE-' || s.l || '-' || s.d || '-' || s.h4 % 3
        when 'transferencia' then 'DT-' || s.l || '-' || s.d when 'saidaManual' then 'DS-' || s.l || '-' || s.d
        when 'ajusteInventario' then 'INV-' || s.l || '-' || to_char(s.dia, 'YYYYMM') else 'AP-' || s.l || '-' || s.d end,
      case when p.par = 1 and s.tipo = 'saidaVenda' then 'M' || s.k || '-0' end
    from (
      select k, l, d, fatia, dia, h4, tipo, produto, ${custoDe(sql`l`, sql`produto`)} as c
      from (
        select k, 1 + k % ${lojas} as l, k / ${lojas} / ${porDia} as d, (k / ${lojas}) % ${porDia} as fatia,
          ${inicioDia} + (k / ${lojas} / ${porDia})::int as dia,
          hashint8extended(k, 1) & ${MAX} as h1, hashint8extended(k, 2) & ${MAX} as h2, hashint8extended(k, 3) & ${MAX} as h3, hashint8extended(k, 4) & ${MAX} as h4
        from generate_series(0, ${sorteios - 1}::bigint) k) b
      cross join lateral (select case when h3 % 1000 < 850 then 'saidaVenda' when h3 % 1000 < 910 then 'entrada' when h3 % 1000 < 930 then 'transferencia'
        when h3 % 1000 < 950 then 'saidaManual' when h3 % 1000 < 970 then 'ajusteInventario' when h3 % 1000 < 994 then 'producaoConsumo' else 'producao' end as tipo) t
      cross join lateral (select case when t.tipo = 'transferencia' then ${faixa(sql`h1`, sql`h2`, true)} else ${faixa(sql`h1`, sql`h2`, false)} end as produto) pr
    ) s
    cross join lateral generate_series(0, case when s.tipo = 'transferencia' or (s.tipo = 'saidaVenda' and s.h4 % 77 = 0) then 1 else 0 end) p(par)
    cross join lateral (select (case
        when s.tipo = 'saidaVenda' then -(0.05 + (s.h4 % 20) * 0.05) * (case when p.par = 1 then -1 else 1 end)
        when s.tipo = 'entrada' then 10 + s.h4 % 30
        when s.tipo = 'transferencia' then (10 + s.h4 % 11) * (case when p.par = 0 then -1 else 1 end)
        when s.tipo = 'saidaManual' then -((s.h4 % 5) + 1) * 0.1
        when s.tipo = 'ajusteInventario' then (case when s.h4 % 2 = 0 then 0.2 else -0.2 end) * (1 + s.h4 % 3)
        when s.tipo = 'producaoConsumo' then -((s.h4 % 10) + 1) * 0.1
        else ((s.h4 % 10) + 1) * 0.5 end)::numeric(18,4) as q) q
    where s.d < ${escala.dias}`);
  });
  etapa('razão (sem índices)');
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const comando of refazer) await tx.execute(sql.raw(comando));
  });
  etapa('índices da razão');

  // The documents the rows name: entries (3 a day), transfers, manual exits and production (one a day),
  // counts (one a month), numbered per store in time order.
  await ctx.db.execute(sql`insert into estoque_documento (grupo_empresarial_id, id, empresa_id, tipo, numero, local_id, destino_id, ocorrido_em, motivo, usuario_id, itens, valor)
    select ${grupo}, id, (${lista})[l], tipo, row_number() over (partition by l order by dia, id), local, destino, (dia + interval '7 hours') at time zone ${FUSO}, motivo, ${admin}, '[]'::jsonb, 0
    from (
      select l, d, ${inicioDia} + d as dia, x.* from generate_series(1, ${lojas}) l cross join generate_series(0, ${escala.dias - 1}) d
      cross join lateral (values ('DE-' || l || '-' || d || '-0', 'entradaManual', (${depositos})[l], null, null), ('DE-' || l || '-' || d || '-1', 'entradaManual', (${depositos})[l], null, null),
        ('DE-' || l || '-' || d || '-2', 'entradaManual', (${principais})[l], null, null), ('DT-' || l || '-' || d, 'transferenciaLocal', (${depositos})[l], (${principais})[l], null),
        ('DS-' || l || '-' || d, 'saidaManual', (${principais})[l], null, 'Perda')) x(id, tipo, local, destino, motivo)
      union all select l, -1, ${inicioDia}, 'DA-' || l, 'entradaManual', (${principais})[l], null, null from generate_series(1, ${lojas}) l) docs`);
  await ctx.db.execute(sql`insert into estoque_inventario (grupo_empresarial_id, id, empresa_id, numero, descricao, status, congelado_em, aprovado_em, criado_por, aprovado_por)
    select ${grupo}, 'INV-' || l || '-' || to_char(m, 'YYYYMM'), (${lista})[l], row_number() over (partition by l order by m), 'Contagem de ' || to_char(m, 'MM/YYYY'), 'aprovado',
      (m + interval '7 hours') at time zone ${FUSO}, (m + interval '7 hours') at time zone ${FUSO}, ${admin}, ${admin}
    from generate_series(1, ${lojas}) l cross join generate_series(date_trunc('month', ${inicioDia}::timestamp), ${ATE}::timestamp, interval '1 month') m`);
  await ctx.db.execute(sql`insert into estoque_producao (grupo_empresarial_id, id, empresa_id, numero, produto_id, status, quantidade_planejada, quantidade_informada, quantidade_produzida,
      local_origem_id, local_destino_id, data_planejada, finalizada_em, criado_por, finalizada_por)
    select ${grupo}, 'OP-' || l || '-' || d, (${lista})[l], 1 + d, 'E-' || (d % ${Math.min(abc, escala.produtos)}), 'finalizada', 10, 10, 10,
      (${principais})[l], (${principais})[l], ${inicioDia} + d, (${inicioDia} + d + interval '18 hours') at time zone ${FUSO}, ${admin}, ${admin}
    from generate_series(1, ${lojas}) l cross join generate_series(0, ${escala.dias - 1}) d`);
  await ctx.db.execute(sql`insert into estoque_producao_apontamento (grupo_empresarial_id, id, producao_id, empresa_id, numero, quantidade, custo_unitario, valor, consumos, finalizou, ocorrido_em, usuario_id)
    select ${grupo}, 'AP-' || l || '-' || d, 'OP-' || l || '-' || d, (${lista})[l], 1, 10, 0, 0, '[]'::jsonb, true, (${inicioDia} + d + interval '18 hours') at time zone ${FUSO}, ${admin}
    from generate_series(1, ${lojas}) l cross join generate_series(0, ${escala.dias - 1}) d`);
  etapa('documentos');

  // The kept balances, from the ledger: by location, and per company (every own cost of a product in a
  // store is the same, so the weighted average is that cost).
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '1GB'`);
    await tx.execute(sql`insert into estoque_saldo (grupo_empresarial_id, empresa_id, local_id, produto_id, quantidade)
      select grupo_empresarial_id, empresa_id, local_id, produto_id, sum(quantidade) from estoque_movimento where grupo_empresarial_id = ${grupo} group by 1, 2, 3, 4`);
    await tx.execute(sql`insert into estoque_custo (grupo_empresarial_id, empresa_id, produto_id, quantidade, custo_medio, ultimo_em, ultimo_proprio_em)
    select grupo_empresarial_id, empresa_id, produto_id, sum(quantidade), max(custo_unitario) filter (where custo_proprio), max(ocorrido_em), max(ocorrido_em) filter (where custo_proprio)
      from estoque_movimento where grupo_empresarial_id = ${grupo} group by 1, 2, 3`);
    // The position's totals per location, kept as the ledger writer keeps them.
    await recomporPosicao(tx, grupo);
  });
  etapa('saldos e custos');
  await ctx.db.execute(sql`vacuum analyze estoque_movimento`);
  for (const t of ['estoque_saldo', 'estoque_custo', 'estoque_documento', 'estoque_inventario', 'estoque_producao', 'estoque_producao_apontamento', 'registro']) await ctx.db.execute(sql.raw(`vacuum analyze ${t}`));
  etapa('vacuum analyze');

  const [{ movimentos, saldos }] = (
    await ctx.db.execute<{ movimentos: number; saldos: number }>(sql`select (select count(*)::int from estoque_movimento) as movimentos, (select count(*)::int from estoque_saldo) as saldos`)
  ).rows as [{ movimentos: number; saldos: number }];
  const ultimo = (fim: number) => `E-${Math.min(fim, escala.produtos) - 1}`;
  return {
    grupo,
    empresas,
    locais,
    produtos: { A: 'E-0', B: ultimo(FAIXAS[1].ate), C: ultimo(FAIXAS[2].ate), D: ultimo(escala.produtos) },
    movimentos,
    saldos,
    semear: performance.now() - inicio,
    etapas,
  };
}

/**
 * The lines relatorioEstoqueProduto answers, by hand, as rows: the same columns (valor as text, a bigint),
 * the same order (pt-BR, ordemPt), `limite` of them or all; the kept balances and averages joined to the
 * product, its unit, the location and the company product's minimum (found through its unique index on
 * lower(produtoGeral), which the owner, outside row-level security, may use).
 */
const posicaoManual = (grupo: string, empresa: string, limite?: number) => sql`
  select s.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, um.dados->>'sigla' as unidade,
    s.local_id as local, l.dados->>'descricao' as "localDescricao", s.quantidade::text as quantidade, c.custo_medio::text as "custoMedio",
    pe.dados->>'estoqueMinimo' as "estoqueMinimo", round(s.quantidade * c.custo_medio)::bigint as valor,
    coalesce(c.quantidade < (pe.dados->>'estoqueMinimo')::numeric, false) as "abaixoMinimo"
  from estoque_saldo s
  join estoque_custo c on c.grupo_empresarial_id = s.grupo_empresarial_id and c.empresa_id = s.empresa_id and c.produto_id = s.produto_id
  join registro p on p.grupo_empresarial_id = s.grupo_empresarial_id and p.recurso = 'produtoGeral' and p.id = s.produto_id
  join registro l on l.grupo_empresarial_id = s.grupo_empresarial_id and l.id = s.local_id
  left join registro um on um.grupo_empresarial_id = s.grupo_empresarial_id and um.recurso = 'unidadeMedida' and um.id = p.dados->>'unidade'
  left join registro pe on pe.grupo_empresarial_id = s.grupo_empresarial_id and pe.recurso = 'produtoGeralEmpresa' and not pe.lixo
    and coalesce(pe.empresa_id, '') = ${empresa} and lower(pe.dados->>'produtoGeral') = lower(s.produto_id) and pe.dados->>'produtoGeral' = s.produto_id
  where s.grupo_empresarial_id = ${grupo} and s.empresa_id = ${empresa}
  order by p.dados->>'descricao' collate "und-x-icu", l.dados->>'descricao' collate "und-x-icu", s.produto_id, s.local_id
  ${limite ? sql`limit ${limite}` : sql``}`;

/** The position's totals by hand: lines, quantity and value of every kept balance of the company, and the products below their minimum. */
const totaisManual = (grupo: string, empresa: string) => sql`
  select count(*)::int as linhas, sum(s.quantidade)::text as quantidade, sum(round(s.quantidade * c.custo_medio))::text as valor,
    count(distinct s.produto_id) filter (where c.quantidade < (pe.dados->>'estoqueMinimo')::numeric)::int as abaixo
  from estoque_saldo s
  join estoque_custo c on c.grupo_empresarial_id = s.grupo_empresarial_id and c.empresa_id = s.empresa_id and c.produto_id = s.produto_id
  left join registro pe on pe.grupo_empresarial_id = s.grupo_empresarial_id and pe.recurso = 'produtoGeralEmpresa' and not pe.lixo
    and coalesce(pe.empresa_id, '') = ${empresa} and lower(pe.dados->>'produtoGeral') = lower(s.produto_id) and pe.dados->>'produtoGeral' = s.produto_id
  where s.grupo_empresarial_id = ${grupo} and s.empresa_id = ${empresa}`;

/** Whether the API's lines and the hand-written SQL's rows are the same, field by field (valor compared as text). */
function mesmasLinhas(api: Record<string, unknown>[], manual: Record<string, unknown>[]): boolean {
  if (api.length !== manual.length) return false;
  return api.every((l, i) => {
    const m = manual[i]!;
    const campos = Object.keys(l);
    return campos.length === Object.keys(m).length && campos.every((c) => String(l[c]) === String(m[c]));
  });
}

/** The kardex by hand: the product's movements up to the period's end with the running balance, the period's first `limite` (the average is a fold the API does in code). */
const kardexManual = (grupo: string, empresa: string, produto: string, de: string, ate: string, limite?: number) => sql`
  select * from (
    select m.id, m.ocorrido_em, m.seq, m.tipo, m.documento_tipo, m.documento_id, m.local_id, m.quantidade, m.custo_unitario, m.valor,
      sum(m.quantidade) over (order by m.ocorrido_em, m.seq) as saldo, m.ocorrido_em >= (${de}::date::timestamp at time zone ${FUSO}) as no_periodo
    from estoque_movimento m
    where m.grupo_empresarial_id = ${grupo} and m.empresa_id = ${empresa} and m.produto_id = ${produto}
      and m.ocorrido_em < ((${ate}::date + 1)::timestamp at time zone ${FUSO})) m
  where no_periodo
  order by m.ocorrido_em, m.seq
  ${limite ? sql`limit ${limite}` : sql``}`;

export function clienteHttp(app: FastifyInstance, token: string) {
  const endereco = app.server.address();
  if (!endereco || typeof endereco !== 'object') throw new Error('o app não está ouvindo');
  const base = `http://127.0.0.1:${endereco.port}/api`;
  return async (caminho: string, corpo: unknown) => {
    const res = await fetch(`${base}${caminho}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `retaguarda_sessao=${token}` }, body: JSON.stringify(corpo) });
    const texto = await res.text();
    if (res.status !== 200) throw new Error(`${caminho}: ${res.status} ${texto.slice(0, 300)}`);
    return texto;
  };
}

export async function benchEstoque(escala: EscalaEstoque = ESCALA_DO_ISSUE, opcoes: { vezes?: number; conferir?: boolean; databaseUrl?: string } = {}) {
  let proprio: { url: string; stop(): Promise<void> } | undefined;
  if (!opcoes.databaseUrl) {
    const { startPostgres } = (await import('../scripts/lib/postgres.mjs' as string)) as { startPostgres(): Promise<{ url: string; stop(): Promise<void> }> };
    proprio = await startPostgres();
  }
  process.env.TEST_DATABASE_URL = opcoes.databaseUrl ?? proprio!.url;
  const ctx = await createTestContext();
  try {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const d = await semearEstoque(ctx, apiClient(ctx.app, token), escala);
    let diferencas: number | null = null;
    let conferencia = 0;
    if (opcoes.conferir) {
      const inicio = performance.now();
      diferencas = (await recalcularEstoque(ctx.db, { grupoEmpresarial: d.grupo })).length;
      conferencia = performance.now() - inicio;
    }
    const medidas = await medirEstoque({ app: ctx.app, db: ctx.db, token, url: ctx.banco.url }, d, escala, opcoes.vezes ?? 7);
    return { escala, dados: d, diferencas, conferencia, ...medidas };
  } finally {
    await ctx.close();
    await proprio?.stop();
  }
}

/**
 * The measurements, on a database already filled (`semearEstoque`): the app listens on a port and is
 * called over HTTP with the admin's session cookie; each call is timed until its whole body is read
 * (parsed apart, untimed); the hand-written SQL goes through the server's pool, as the owner.
 */
export async function medirEstoque(alvo: { app: FastifyInstance; db: Database; token: string; url: string }, d: Pick<Dados, 'grupo' | 'produtos'>, escala: Pick<EscalaEstoque, 'dias'>, vezes: number) {
  if (!alvo.app.server.listening) await alvo.app.listen({ port: 0, host: '127.0.0.1' });
  const http = clienteHttp(alvo.app, alvo.token);
  const empresa = (await alvo.db.execute<{ empresa_id: string }>(sql`select empresa_id from sessao order by created_at desc limit 1`)).rows[0]!.empresa_id;
  const pids = await processosPostgres(alvo.url);

  // The CPU one call costs (this process, app and HTTP client, and the database's): on a shared machine, what it would take on free cores.
  const cpuPorChamada = async (fazer: () => Promise<unknown>) => {
    const [servidorAntes, bancoAntes] = [process.cpuUsage(), cpuMs(pids)];
    for (let i = 0; i < vezes; i++) await fazer();
    const servidor = process.cpuUsage(servidorAntes);
    return { servidor: (servidor.user + servidor.system) / 1000 / vezes, banco: (cpuMs(pids) - bancoAntes) / vezes };
  };

  let texto = '';
  type PaginaApi = { linhas: Record<string, unknown>[]; totais: { linhas: number; quantidade: string; valor: number; abaixoMinimo: number } };
  // What the screen asks: its first page and the totals of every line.
  const posicaoApi = async () => {
    texto = await http('/relatorioEstoqueProduto', { limite: PAGINA });
  };
  const posicao = await cronometrar(vezes, posicaoApi);
  const posicaoCpu = await cpuPorChamada(posicaoApi);
  const bytesPosicao = texto.length;
  const paginaApi = (JSON.parse(texto) as { data: PaginaApi }).data;
  let manual: Record<string, unknown>[] = [];
  let totais: Record<string, unknown> = {};
  const posicaoManualPagina = async () => {
    manual = (await alvo.db.execute<Record<string, unknown>>(posicaoManual(d.grupo, empresa, PAGINA))).rows;
    totais = (await alvo.db.execute<Record<string, unknown>>(totaisManual(d.grupo, empresa))).rows[0]!;
  };
  const posicaoSql = await cronometrar(vezes, posicaoManualPagina);
  const posicaoSqlCpu = await cpuPorChamada(posicaoManualPagina);
  const linhasPosicao = paginaApi.totais.linhas;
  const mesmas =
    mesmasLinhas(paginaApi.linhas, manual) &&
    paginaApi.totais.linhas === totais.linhas &&
    paginaApi.totais.valor === Number(totais.valor) &&
    paginaApi.totais.abaixoMinimo === totais.abaixo &&
    Number(paginaApi.totais.quantidade) === Number(totais.quantidade);
  const ultimaPagina = await cronometrar(vezes, () => http('/relatorioEstoqueProduto', { limite: PAGINA, offset: Math.max(0, linhasPosicao - PAGINA) }));
  const abaixo = await cronometrar(vezes, () => http('/relatorioEstoqueProduto', { abaixoMinimo: true, limite: PAGINA }));
  const busca = await cronometrar(vezes, () => http('/relatorioEstoqueProduto', { busca: 'cebola 1', limite: PAGINA }));
  // Every line at once (what an export asks: the answer without limite, as before the pages), and the same by hand.
  const tudo = await cronometrar(Math.min(vezes, 3), async () => {
    texto = await http('/relatorioEstoqueProduto', {});
  });
  const bytesTudo = texto.length;
  const tudoSql = await cronometrar(Math.min(vezes, 3), () => alvo.db.execute(posicaoManual(d.grupo, empresa)));

  const de = new Date(Date.parse(`${ATE}T12:00:00Z`) - (escala.dias - 1) * 86_400_000).toISOString().slice(0, 10);
  type Medida = { mediana: number; min: number };
  const kardexes: { faixa: string; produto: string; linhas: number; bytes: number; api: Medida; ultima: Medida; cpu: { servidor: number; banco: number }; manual: Medida; anoInteiro?: Medida; continua?: boolean }[] = [];
  type KardexApi = { linhas: { saldo: string }[]; pagina: { total: number; inicial: unknown; final: unknown } };
  for (const [faixa, produto] of Object.entries(d.produtos)) {
    const filtro = { produto, de, ate: ATE };
    const chamar = async () => {
      texto = await http('/relatorioEstoqueFluxo', { ...filtro, limite: PAGINA });
    };
    const apiK = await cronometrar(vezes, chamar);
    const cpu = await cpuPorChamada(chamar);
    const primeira = (JSON.parse(texto) as { data: KardexApi }).data;
    const bytes = texto.length;
    const total = primeira.pagina.total;
    const ultima = await cronometrar(vezes, () => http('/relatorioEstoqueFluxo', { ...filtro, limite: PAGINA, offset: Math.max(0, total - PAGINA) }));
    const manual = await cronometrar(vezes, () => alvo.db.execute(kardexManual(d.grupo, empresa, produto, de, ATE, PAGINA)));
    const medida: (typeof kardexes)[number] = { faixa, produto, linhas: total, bytes, api: apiK, ultima, cpu, manual };
    if (faixa === 'A') {
      // The busiest product: its whole year at once (the answer before the pages), and page 2 opening where page 1 closed.
      medida.anoInteiro = await cronometrar(Math.min(vezes, 3), () => http('/relatorioEstoqueFluxo', filtro));
      const segunda = (JSON.parse(await http('/relatorioEstoqueFluxo', { ...filtro, limite: PAGINA, offset: PAGINA })) as { data: KardexApi }).data;
      medida.continua = JSON.stringify(segunda.pagina.inicial) === JSON.stringify(primeira.pagina.final);
    }
    kardexes.push(medida);
  }
  const mes = await cronometrar(vezes, () => http('/relatorioEstoqueFluxo', { produto: d.produtos.A, de: `${ATE.slice(0, 8)}01`, ate: ATE, limite: PAGINA }));
  return { empresa, vezes, posicao, posicaoCpu, posicaoSql, posicaoSqlCpu, linhasPosicao, mesmas, bytesPosicao, ultimaPagina, abaixo, busca, tudo, bytesTudo, tudoSql, kardexes, mes, de };
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const mil = (x: number) => x.toLocaleString('pt-BR');

/** Runs and prints, in the shape of `npm run bench`. */
export async function mostrarEstoque(escala: EscalaEstoque = ESCALA_DO_ISSUE, opcoes: { vezes?: number; conferir?: boolean; databaseUrl?: string } = {}) {
  console.log(`\n# Estoque: posição da empresa e kardex de um produto num ano (PostgreSQL; ${escala.lojas} lojas, ${mil(escala.produtos)} produtos, ~${mil(escala.movimentos)} movimentos em ${escala.dias} dias)`);
  const r = await benchEstoque(escala, opcoes);
  const d = r.dados;
  console.log(`${mil(d.movimentos)} movimentos e ${mil(d.saldos)} saldos por local gravados por SQL em ${(d.semear / 1000).toFixed(0)} s (${d.etapas.join('; ')})`);
  if (r.diferencas !== null) console.log(`recálculo pela razão (npm run estoque:recalcular): ${r.diferencas} diferenças em ${(r.conferencia / 1000).toFixed(0)} s`);
  console.log(`mediana de ${r.vezes} chamadas após 2 de aquecimento, pela API HTTP (app ouvindo numa porta, sessão do admin) e o SQL à mão pelo pool do servidor; páginas de ${PAGINA} linhas, como na tela`);
  const p = r.posicao.mediana;
  console.log(
    `posição da empresa (relatorioEstoqueProduto, primeira página e totais de todas as ${mil(r.linhasPosicao)} linhas): ${ms(p)} na API (${(r.bytesPosicao / 1024).toFixed(0)} KiB; meta 100 ms; razão ${(p / 100).toFixed(2)} da meta; mínimo ${ms(r.posicao.min)})`,
  );
  console.log(`  CPU por chamada: app e cliente HTTP ${ms(r.posicaoCpu.servidor)}, PostgreSQL ${ms(r.posicaoCpu.banco)}`);
  console.log(
    `  SQL à mão sobre os saldos mantidos (a mesma página, colunas e ordem, e um agregado dos totais; ${r.mesmas ? 'iguais aos da API campo a campo' : 'DIFERENTES dos da API'}; pelo pool do servidor, sem RLS): ${ms(r.posicaoSql.mediana)} ` +
      `(razão API/SQL: ${(p / r.posicaoSql.mediana).toFixed(2)}; meta ≤ 1,5); CPU por chamada: node ${ms(r.posicaoSqlCpu.servidor)}, PostgreSQL ${ms(r.posicaoSqlCpu.banco)}`,
  );
  console.log(`  última página: ${ms(r.ultimaPagina.mediana)}; só abaixo do mínimo: ${ms(r.abaixo.mediana)}; busca por texto: ${ms(r.busca.mediana)} (meta 100 ms)`);
  console.log(
    `  todas as linhas de uma vez (sem limite, como antes das páginas): ${ms(r.tudo.mediana)} na API (${(r.bytesTudo / 1024 / 1024).toFixed(1)} MiB), SQL à mão ${ms(r.tudoSql.mediana)} (razão ${(r.tudo.mediana / r.tudoSql.mediana).toFixed(2)})`,
  );
  console.log(
    '  forma da posição: uma página até a linha 2.000, sem busca, percorre os produtos do grupo na ordem pt-BR (índice registro_produto_descricao_pt_idx) e para depois de offset + limite produtos com linha; ' +
      'os totais leem só saldos, custos e mínimos; as páginas seguintes, a busca e o SQL à mão juntam e ordenam todas as linhas da empresa',
  );
  for (const k of r.kardexes) {
    console.log(
      `kardex de um ano (relatorioEstoqueFluxo), produto da faixa ${k.faixa} (${k.produto}, ${mil(k.linhas)} movimentos no ano), primeira página com os totais do ano: ${ms(k.api.mediana)} na API (${(k.bytes / 1024).toFixed(0)} KiB; meta 150 ms; razão ${(k.api.mediana / 150).toFixed(2)} da meta); ` +
        `última página ${ms(k.ultima.mediana)}; CPU servidor ${ms(k.cpu.servidor)}, PostgreSQL ${ms(k.cpu.banco)}; SQL à mão, a mesma página com o saldo corrido: ${ms(k.manual.mediana)} (razão API/SQL ${(k.api.mediana / k.manual.mediana).toFixed(2)})`,
    );
    if (k.anoInteiro) console.log(`  o ano inteiro de uma vez (sem limite, como antes das páginas): ${ms(k.anoInteiro.mediana)}; a página 2 abre no saldo em que a 1 fecha: ${k.continua ? 'sim' : 'NÃO'}`);
  }
  console.log(`kardex de um mês do produto mais movimentado, primeira página: ${ms(r.mes.mediana)} (meta 150 ms)`);
  console.log(
    `forma: ${escala.lojas} lojas, cada uma com 2 locais (Estoque principal, que baixa as vendas, e Depósito); ${mil(escala.produtos)} produtos, cada loja com um produtoGeralEmpresa de cada (mínimo em 1 de 5); ` +
      `abertura em ${r.de}: entrada de cada produto no Estoque principal e dos 2.000 mais movimentados também no Depósito; ` +
      `depois, em ordem de tempo, das 7h às 23h de cada dia, cada movimento sorteia o produto por faixas (20 produtos com 15% dos movimentos, 180 com 25%, 1.800 com 35%, o resto com 25%) ` +
      'e o tipo: 85% saída por venda (1 em 77 estornada: uma segunda linha), 6% entrada (Depósito para as faixas A–C), 2% transferência Depósito → Principal (duas linhas), ' +
      '2% saída manual, 2% ajuste de inventário, 2,4% consumo de produção, 0,6% produção; o custo próprio de um produto numa loja é sempre o mesmo, ' +
      'então o custo médio mantido é ele e os saldos mantidos saem de um agregado da razão; documentos (3 entradas, 1 transferência, 1 saída manual e 1 produção por loja e dia, 1 inventário por mês) gravados para as junções do kardex',
  );
}

/** `npm run bench -- estoque [flags]` or `node --import tsx bench/estoque.ts [flags]`. */
export async function executarEstoque(args: string[]) {
  const { values } = parseArgs({
    args: args.filter((a) => a !== 'estoque'),
    options: { movimentos: { type: 'string' }, lojas: { type: 'string' }, produtos: { type: 'string' }, dias: { type: 'string' }, vezes: { type: 'string' }, conferir: { type: 'boolean' } },
  });
  const num = (v: string | undefined, padrao: number) => (v === undefined ? padrao : Number(v.replaceAll('_', '')));
  await mostrarEstoque(
    { lojas: num(values.lojas, ESCALA_DO_ISSUE.lojas), produtos: num(values.produtos, ESCALA_DO_ISSUE.produtos), movimentos: num(values.movimentos, ESCALA_DO_ISSUE.movimentos), dias: num(values.dias, ESCALA_DO_ISSUE.dias) },
    { vezes: num(values.vezes, 7), conferir: Boolean(values.conferir), databaseUrl: process.env.DATABASE_URL },
  );
}

if (process.argv[1]?.endsWith('estoque.ts')) {
  await executarEstoque(process.argv.slice(2));
  process.exit(0);
}
