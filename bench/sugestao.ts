// The order suggestion (issue 16, estoqueSugestaoPedido) for one store of a 10-store group: 2,000
// ingredients, each with min/max in every store and (all but 1 in 50) a supplier mapping with factor and
// lead time, 8 weeks of sales outflows by recipe in the ledger (1 in 77 cancelled: a reversal row), open
// and received purchase orders. POST /api/estoqueSugestaoPedido over HTTP (the app listening, the admin's
// session) against one hand-written SQL statement computing the same numbers (checked equal product by
// product). Data written by set-based SQL; PostgreSQL (DATABASE_URL, else a cluster of its own).
//
//   npm run bench -- sugestao [--lojas 10] [--insumos 2000] [--linhas 2000] [--vezes 7]
//
// --linhas: sales outflow rows per store and day.
import { parseArgs } from 'node:util';
import { hojeNoFuso, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../packages/server/test/harness.ts';
import { signIn } from '../packages/server/test/http.ts';
import { apiClient, corpoEmpresa, criar } from '../packages/server/test/resourceApi.ts';
import { clienteHttp, cronometrar } from './estoque.ts';

const FUSO = 'America/Sao_Paulo';
const SEMANAS = 8;
const REVISAO = 7;

interface Escala {
  lojas: number;
  insumos: number;
  linhas: number;
}

async function semear(ctx: TestContext, escala: Escala, empresa: string) {
  const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const grupo = ctx.seed.demo.grupoEmpresarial;
  const admin = ctx.seed.demo.admin;
  const empresas = [empresa, ...ctx.seed.demo.empresas.filter((e) => e !== empresa)].slice(0, escala.lojas);
  while (empresas.length < escala.lojas) empresas.push((await criar(api, 'empresa', corpoEmpresa()))._id);
  const lista = sql`array[${sql.join(empresas.map((e) => sql`${e}::text`), sql`, `)}]::text[]`;
  const n = escala.insumos;
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'LS-' || e, 'estoqueCadastro', e, '{"descricao": "Cozinha", "ativo": true, "baixaVendas": true}'::jsonb from unnest(${lista}) e`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados) values (${grupo}, 'UM-BKG', 'unidadeMedida', null, '{"sigla": "KG", "descricao": "Quilograma"}'::jsonb)`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'I-' || i, 'produtoGeral', null, jsonb_build_object('codigo', 'INS' || i, 'descricao',
        (array['Farinha','Cebola','Tomate','Queijo','Arroz','Feijão','Carne','Leite','Açúcar','Óleo'])[1 + i % 10] || ' ' || i, 'unidade', 'UM-BKG', 'tipoProduto', 'insumo', 'agrupador', 'AG-' || i % 10, 'ativo', true)
    from generate_series(0, ${n - 1}) i`);
  // Min in every store, a max for two in three.
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'PGE-' || e.k || '-' || i, 'produtoGeralEmpresa', e.id, jsonb_build_object('produtoGeral', 'I-' || i, 'preco', 0, 'controlaEstoque', true,
        'estoqueMinimo', (5 + i % 20)::text, 'estoqueMaximo', case when i % 3 <> 0 then (40 + i % 60)::text end, 'ativo', true)
    from unnest(${lista}) with ordinality e(id, k) cross join generate_series(0, ${n - 1}) i`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'FOR-' || f, 'pessoa', null, jsonb_build_object('tipo', 'Jurídica', 'nome', 'Fornecedor ' || f, 'fornecedor', true) from generate_series(0, 19) f`);
  await ctx.db.execute(sql`insert into registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
    select ${grupo}, 'PF-' || i, 'estoqueProdutoFornecedor', null, jsonb_build_object('fornecedor', 'FOR-' || i % 20, 'codigo', 'C' || i, 'produto', 'I-' || i,
        'unidadeCompra', 'CX', 'fator', (array['1','5','10','12','2.5'])[1 + i % 5], 'prazoEntrega', 1 + i % 5)
    from generate_series(0, ${n - 1}) i where i % 50 <> 0`);
  // The ledger: an opening entry of 40 units 60 days ago, then `linhas` sales outflows a day per store over 8 weeks; 1 in 77 reversed.
  const hoje = hojeNoFuso();
  const inicio = somarDias(hoje, -SEMANAS * 7);
  await ctx.db.execute(sql`insert into estoque_movimento (grupo_empresarial_id, id, empresa_id, local_id, produto_id, tipo, quantidade, custo_unitario, custo_proprio, valor, ocorrido_em, usuario_id, documento_tipo, documento_id)
    select ${grupo}, 'A-' || e.k || '-' || i, e.id, 'LS-' || e.id, 'I-' || i, 'entrada', 40, 1000, true, 40000, (${somarDias(hoje, -60)}::date + interval '6 hours') at time zone ${FUSO}, ${admin}, 'entradaManual', 'DA-' || e.k
    from unnest(${lista}) with ordinality e(id, k) cross join generate_series(0, ${n - 1}) i`);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`insert into estoque_movimento (grupo_empresarial_id, id, empresa_id, local_id, produto_id, tipo, quantidade, custo_unitario, custo_proprio, valor, ocorrido_em, usuario_id, documento_tipo, documento_id, estorno_de)
      select ${grupo}, 'V-' || e.k || '-' || d || '-' || r || '-' || p.par, e.id, 'LS-' || e.id, 'I-' || ((hashint8extended(e.k * 1000003 + d * 10007 + r, 1) & 9223372036854775807) % ${n}),
        case when p.par = 1 then 'estorno' else 'saidaVenda' end, q.q, 1000, false, round(q.q * 1000),
        (${inicio}::date + d + interval '7 hours' + make_interval(secs => (r * 57600.0 / ${escala.linhas})::int)) at time zone ${FUSO}, null, 'venda', 'VD-' || e.k || '-' || d || '-' || r / 8,
        case when p.par = 1 then 'V-' || e.k || '-' || d || '-' || r || '-0' end
      from unnest(${lista}) with ordinality e(id, k) cross join generate_series(0, ${SEMANAS * 7 - 1}) d cross join generate_series(0, ${escala.linhas - 1}) r
      cross join lateral generate_series(0, case when r % 77 = 0 then 1 else 0 end) p(par)
      cross join lateral (select ((0.05 + (r % 20) * 0.05) * (case when p.par = 1 then 1 else -1 end))::numeric(18,4) as q) q`);
  });
  await ctx.db.execute(sql`insert into estoque_saldo (grupo_empresarial_id, empresa_id, local_id, produto_id, quantidade)
    select grupo_empresarial_id, empresa_id, local_id, produto_id, sum(quantidade) from estoque_movimento where grupo_empresarial_id = ${grupo} group by 1, 2, 3, 4`);
  await ctx.db.execute(sql`insert into estoque_custo (grupo_empresarial_id, empresa_id, produto_id, quantidade, custo_medio, ultimo_em, ultimo_proprio_em)
    select grupo_empresarial_id, empresa_id, produto_id, sum(quantidade), 1000, max(ocorrido_em), min(ocorrido_em) from estoque_movimento where grupo_empresarial_id = ${grupo} group by 1, 2, 3`);
  // Purchase orders of the measured store: 40 received (the last prices), 30 still open (sent, 20 lines each).
  await ctx.db.execute(sql`insert into estoque_pedido_compra (grupo_empresarial_id, id, empresa_id, numero, fornecedor_id, status, itens, valor, criado_por, created_at)
    select ${grupo}, 'PC-' || o, ${empresa}, o, 'FOR-' || o % 20, case when o < 40 then 'recebido' else 'enviado' end,
      (select jsonb_agg(jsonb_build_object('produto', 'I-' || ((o * 37 + j * 101) % ${n}), 'unidade', 'CX', 'fator', '1.000000', 'quantidade', '6.0000', 'precoUnitario', (900 + o)::text || '.0000',
         'valor', 5400, 'quantidadeRecebida', case when o < 40 then '6.0000' else '2.0000' end)) from generate_series(0, 19) j),
      0, ${admin}, now() - make_interval(days => 70 - o)
    from generate_series(0, 69) o`);
  for (const t of ['estoque_movimento', 'estoque_saldo', 'estoque_custo', 'estoque_pedido_compra', 'registro']) await ctx.db.execute(sql.raw(`vacuum analyze ${t}`));
  const [{ movimentos }] = (await ctx.db.execute<{ movimentos: number }>(sql`select count(*)::int as movimentos from estoque_movimento`)).rows as [{ movimentos: number }];
  return { grupo, movimentos };
}

/**
 * The suggestion by hand, in one statement: the same inputs (limits, ledger window, open orders, the
 * supplier last ordered from, balance) and the formula in numeric (coverage rounded to 4 places, then
 * up to whole purchase units), ordered by supplier and description.
 */
const sugestaoManual = (grupo: string, empresa: string) => {
  const hoje = hojeNoFuso();
  const de = somarDias(hoje, -SEMANAS * 7);
  return sql`
  with lim as (
    select dados->>'produtoGeral' as produto, (dados->>'estoqueMinimo')::numeric as minimo, (dados->>'estoqueMaximo')::numeric as maximo
    from registro where grupo_empresarial_id = ${grupo} and recurso = 'produtoGeralEmpresa' and empresa_id = ${empresa} and not lixo
      and (dados ? 'estoqueMinimo' or dados ? 'estoqueMaximo')),
  con as (
    select produto_id as produto, -sum(quantidade) as q from estoque_movimento
    where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and documento_tipo = 'venda' and tipo in ('saidaVenda', 'estorno')
      and ocorrido_em >= (${de}::date)::timestamp at time zone ${FUSO} and ocorrido_em < (${hoje}::date)::timestamp at time zone ${FUSO}
    group by 1),
  ab as (
    select l->>'produto' as produto, sum(greatest((l->>'quantidade')::numeric - (l->>'quantidadeRecebida')::numeric, 0) * (l->>'fator')::numeric) as q
    from estoque_pedido_compra p, jsonb_array_elements(p.itens) l
    where p.grupo_empresarial_id = ${grupo} and p.empresa_id = ${empresa} and p.status in ('rascunho', 'aguardandoAprovacao', 'enviado', 'recebidoParcialmente') group by 1),
  ult as (
    select distinct on (l->>'produto', p.fornecedor_id) l->>'produto' as produto, p.fornecedor_id as fornecedor, l->>'precoUnitario' as preco, p.created_at as em
    from estoque_pedido_compra p, jsonb_array_elements(p.itens) l
    where p.grupo_empresarial_id = ${grupo} and p.empresa_id = ${empresa} and p.status <> 'cancelado' order by 1, 2, p.created_at desc),
  ter as (
    select distinct on (m.dados->>'produto') m.dados->>'produto' as produto, f.dados->>'nome' as nome, coalesce(m.dados->>'fator', '1')::numeric as fator, coalesce((m.dados->>'prazoEntrega')::int, 0) as prazo
    from registro m join registro f on f.grupo_empresarial_id = m.grupo_empresarial_id and f.id = m.dados->>'fornecedor' and not f.lixo
    left join ult u on u.produto = m.dados->>'produto' and u.fornecedor = m.dados->>'fornecedor'
    where m.grupo_empresarial_id = ${grupo} and m.recurso = 'estoqueProdutoFornecedor' and not m.lixo
    order by m.dados->>'produto', u.em desc nulls last, f.dados->>'nome', m.id),
  calc as (
    select c.produto, p.dados->>'descricao' as descricao, t.nome, t.fator,
      greatest(l.maximo, coalesce(l.minimo, 0) + round(coalesce(co.q, 0) * (coalesce(t.prazo, 0) + ${REVISAO}) / ${SEMANAS * 7}, 4)) - coalesce(ec.quantidade, 0) - coalesce(ab.q, 0) as necessidade
    from (select produto from lim union select produto from con where q > 0) c
    join registro p on p.grupo_empresarial_id = ${grupo} and p.id = c.produto and p.recurso = 'produtoGeral' and not p.lixo
    left join lim l on l.produto = c.produto left join con co on co.produto = c.produto left join ab on ab.produto = c.produto
    left join estoque_custo ec on ec.grupo_empresarial_id = ${grupo} and ec.empresa_id = ${empresa} and ec.produto_id = c.produto
    left join ter t on t.produto = c.produto)
  select produto, necessidade::text, case when necessidade > 0 and fator > 0 then ceil(necessidade / fator) else 0 end::int as sugerido
  from calc order by nome is null, nome collate "und-x-icu", descricao collate "und-x-icu"`;
};

export async function executarSugestao(args: string[]) {
  const { values } = parseArgs({ args: args.filter((a) => a !== 'sugestao'), options: { lojas: { type: 'string' }, insumos: { type: 'string' }, linhas: { type: 'string' }, vezes: { type: 'string' } } });
  const num = (v: string | undefined, padrao: number) => (v === undefined ? padrao : Number(v.replaceAll('_', '')));
  const escala: Escala = { lojas: num(values.lojas, 10), insumos: num(values.insumos, 2000), linhas: num(values.linhas, 2000) };
  const vezes = num(values.vezes, 7);
  console.log(`\n# Sugestão de pedido (estoqueSugestaoPedido): uma loja de ${escala.lojas}, ${escala.insumos.toLocaleString('pt-BR')} insumos, ${SEMANAS} semanas de vendas (PostgreSQL)`);
  let proprio: { url: string; stop(): Promise<void> } | undefined;
  if (!process.env.DATABASE_URL) {
    const { startPostgres } = (await import('../scripts/lib/postgres.mjs' as string)) as { startPostgres(): Promise<{ url: string; stop(): Promise<void> }> };
    proprio = await startPostgres();
  }
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL ?? proprio!.url;
  const ctx = await createTestContext();
  try {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const empresa = (await ctx.db.execute<{ empresa_id: string }>(sql`select empresa_id from sessao order by created_at desc limit 1`)).rows[0]!.empresa_id;
    const t0 = performance.now();
    const d = await semear(ctx, escala, empresa);
    console.log(`${d.movimentos.toLocaleString('pt-BR')} movimentos gravados por SQL em ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const http = clienteHttp(ctx.app, token);
    let texto = '';
    const api = await cronometrar(vezes, async () => {
      texto = await http('/estoqueSugestaoPedido', {});
    });
    let manual: { produto: string; necessidade: string; sugerido: number }[] = [];
    const mao = await cronometrar(vezes, async () => {
      manual = (await ctx.db.execute<{ produto: string; necessidade: string; sugerido: number }>(sugestaoManual(d.grupo, empresa))).rows;
    });
    const linhas = (JSON.parse(texto) as { data: { linhas: { produto: string; necessidade: string; sugerido: string }[] } }).data.linhas;
    const iguais =
      linhas.length === manual.length && linhas.every((l, i) => l.produto === manual[i]!.produto && Number(l.sugerido) === manual[i]!.sugerido && Number(l.necessidade) === Number(manual[i]!.necessidade));
    const aComprar = linhas.filter((l) => Number(l.sugerido) > 0).length;
    console.log(`mediana de ${vezes} chamadas após 2 de aquecimento; ${linhas.length.toLocaleString('pt-BR')} produtos, ${aComprar.toLocaleString('pt-BR')} com sugestão (${(texto.length / 1024).toFixed(0)} KiB)`);
    console.log(`POST /api/estoqueSugestaoPedido (8 semanas, 7 dias de revisão): ${api.mediana.toFixed(0)} ms (meta 500 ms; razão ${(api.mediana / 500).toFixed(2)} da meta; mínimo ${api.min.toFixed(0)} ms)`);
    console.log(
      `SQL à mão, um comando com a mesma fórmula (${iguais ? 'igual à API produto a produto' : 'DIFERENTE da API'}; pelo pool do servidor, sem RLS): ${mao.mediana.toFixed(0)} ms (razão API/SQL ${(api.mediana / mao.mediana).toFixed(2)}; meta ≤ 2)`,
    );
    return { api, mao, iguais };
  } finally {
    await ctx.close();
    await proprio?.stop();
  }
}

if (process.argv[1]?.endsWith('sugestao.ts')) {
  await executarSugestao(process.argv.slice(2));
  process.exit(0);
}
