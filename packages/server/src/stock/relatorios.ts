import { aplicarAoCusto, custo, qtd, textoCusto, textoQtd, valorEmCentavos, type Kardex, type LinhaKardex, type LinhaPosicao, type PaginaPosicao, type TipoMovimento } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { ordemPt } from '../db/ordemPt.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import { totaisMantidos } from './posicaoTotais.ts';
import type { AutorEstoque } from './razao.ts';

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

export interface FiltroPosicao {
  local?: string | undefined;
  busca?: string | undefined;
  abaixoMinimo?: boolean | undefined;
  semZerados?: boolean | undefined;
  /** A page of this many lines (with the totals apart); without it, every line. */
  limite?: number | undefined;
  offset?: number | undefined;
}

/**
 * relatorioEstoqueProduto: what is on the shelf, per location and product, valued at the company's
 * average cost, with the product's minimum (produtoGeralEmpresa) and whether the company total is below it.
 * Reads the kept balances only. Answers JSON text: without `limite`, every line (LinhaPosicao[]); with it,
 * one page of lines and the totals of all of them computed apart (PaginaPosicao), so a screen
 * shows a company's 22,000 lines a page at a time without each call writing 5 MiB (bench/estoque.ts).
 * The rows come as the database writes them and are serialised once, without a copy of each.
 *
 * The company's minimums are read as a set of their own (by the index on recurso) and joined by hash: the
 * company product is found by a JSON field that, under row-level security, no index on an expression can
 * serve (->> is not leakproof), so per row each read every company product of the group (a search took a
 * minute on 20,000 products in 10 stores).
 *
 * With `limite` and no search, a page within the first PRODUTOS_PELO_INDICE lines does not join and sort every
 * line of the company (further pages and searches still do): it walks the group's products in Portuguese
 * order (registro_produto_descricao_pt_idx, ordemPt's expression), keeping those with at least one line
 * that passes the filters, and stops after offset + limite of them (with ties: products of the same
 * description, whose lines interleave by location). Each kept product gives a line at least, and every
 * product before the last kept one is kept, so those products' lines, in the report's order, hold the
 * page. The totals read the balances, costs and minimums only, without the products' JSON. (Joining every
 * line of a company to its product's JSON and sorting the 22,000 cost ~250 ms of the database's CPU per
 * call, of which the ICU comparisons of the page's top-N sort were 15–30 ms; bench/estoque.ts.)
 */
/** Up to this many lines into the position, a page walks the products' index (registro_produto_descricao_pt_idx); past it, every line is sorted. */
const PRODUTOS_PELO_INDICE = 2000;

type TotalPosicao = { local: string | null; localDescricao: string; linhas: number; quantidade: string; valor: string; abaixo: number };

export async function posicaoEstoque(tx: Transaction, t: Tenant, filtro: FiltroPosicao): Promise<string> {
  const busca = filtro.busca?.trim() ? `%${filtro.busca.trim().toLowerCase()}%` : null;
  // Sorting 22,000 wide lines (every line, without limite) spills to disk at the default 4 MB. A page walks an
  // index for a few hundred products: parallel workers only add their start (measured under load).
  await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('max_parallel_workers_per_gather', '0', true)`);
  const ordem = sql`order by ${ordemPt(sql`descricao`)}, ${ordemPt(sql`"localDescricao"`)}, produto, local`;
  const doProduto = (p: string) =>
    sql`${sql.raw(p)}.grupo_empresarial_id = ${t.grupoEmpresarial} and ${sql.raw(p)}.recurso = 'produtoGeral'
      ${busca ? sql`and (lower(${sql.raw(p)}.dados->>'descricao') like ${busca} or lower(${sql.raw(p)}.dados->>'codigo') like ${busca})` : sql``}`;
  // A line: a kept balance of the company with its product's average cost (and the product's minimum, m).
  const saldos = (s: string, c: string, m: string) => sql`estoque_saldo ${sql.raw(s)}
      join estoque_custo ${sql.raw(c)} on ${sql.raw(c)}.grupo_empresarial_id = ${sql.raw(s)}.grupo_empresarial_id and ${sql.raw(c)}.empresa_id = ${sql.raw(s)}.empresa_id and ${sql.raw(c)}.produto_id = ${sql.raw(s)}.produto_id
      left join minimos ${sql.raw(m)} on ${sql.raw(m)}.produto = ${sql.raw(s)}.produto_id`;
  const daEmpresa = (s: string) => sql`${sql.raw(s)}.grupo_empresarial_id = ${t.grupoEmpresarial} and ${sql.raw(s)}.empresa_id = ${t.empresa}
        ${filtro.local ? sql`and ${sql.raw(s)}.local_id = ${filtro.local}` : sql``}
        ${filtro.semZerados ? sql`and ${sql.raw(s)}.quantidade <> 0` : sql``}`;
  const daLinha = (s: string, c: string, m: string) => sql`${daEmpresa(s)} ${filtro.abaixoMinimo ? sql`and ${sql.raw(c)}.quantidade < ${sql.raw(m)}.minimo::numeric` : sql``}`;
  // A page near the start walks the products' index; far into the list, or for a search (whose products are few
  // and scattered along it), that walk reads more than sorting the lines (bench/estoque.ts: a search took 660 ms walking).
  const cerca = filtro.limite && !busca && (filtro.offset ?? 0) + filtro.limite <= PRODUTOS_PELO_INDICE ? (filtro.offset ?? 0) + filtro.limite : null;
  // A page near the start without a search nor the below-minimum filter: its totals are the kept ones, not a read of every line.
  const mantidos = Boolean(cerca) && !filtro.abaixoMinimo;
  // The lines of the products read (all, or the walk's), with what the page shows and orders by.
  const todasAsLinhas = sql`
      select s.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, p.dados->>'unidade' as unidade, s.local_id as local, l.dados->>'descricao' as "localDescricao",
        s.quantidade, c.custo_medio, m.minimo, round(s.quantidade * c.custo_medio)::bigint as valor, coalesce(c.quantidade < m.minimo::numeric, false) as abaixo
      from produtos p
      join ${saldos('s', 'c', 'm')} on s.grupo_empresarial_id = ${t.grupoEmpresarial} and s.empresa_id = ${t.empresa} and s.produto_id = p.id
      join registro l on l.grupo_empresarial_id = s.grupo_empresarial_id and l.id = s.local_id
      where ${daLinha('s', 'c', 'm')}`;
  // Near the start, the products of the page: per product, in the index's order, a look for one of its lines
  // (a subquery the planner keeps per row: as a join it read every balance of the company first).
  const produtosDaPagina = (ate: number) => sql`and (select true from estoque_saldo s
          join estoque_custo c on c.grupo_empresarial_id = s.grupo_empresarial_id and c.empresa_id = s.empresa_id and c.produto_id = s.produto_id
          where ${daEmpresa('s')} and s.produto_id = p.id limit 1)
        ${
          filtro.abaixoMinimo
            ? sql`and p.id in (select m.produto from minimos m join estoque_custo c on c.grupo_empresarial_id = ${t.grupoEmpresarial} and c.empresa_id = ${t.empresa} and c.produto_id = m.produto
          where c.quantidade < m.minimo::numeric)`
            : sql``
        }
      order by ${ordemPt(sql`p.dados->>'descricao'`)} fetch first (${ate}::int) rows with ties`;
  // The page's lines (pagina); far into the list or for a search, every line is joined and sorted, read once
  // for the page and the totals (lin).
  const cteDaPagina =
    filtro.limite && !cerca
      ? sql`base as materialized (${todasAsLinhas}),
    lin as (select local, produto, quantidade, valor, abaixo from base),
    pagina as (select * from base ${ordem} limit ${filtro.limite} offset ${filtro.offset ?? 0}),`
      : sql`pagina as (${todasAsLinhas}
      order by ${ordemPt(sql`p.dados->>'descricao'`)}, ${ordemPt(sql`l.dados->>'descricao'`)}, s.produto_id, s.local_id ${filtro.limite ? sql`limit ${filtro.limite} offset ${filtro.offset ?? 0}` : sql``}),`;
  // porLocal from the kept totals per location (the sum of their changes, posicaoTotais.ts), and the lines
  // below the minimum apart, few: the products below their minimum (a hash join with the company's costs,
  // cheaper than a look-up per minimum, measured), then their lines.
  const porLocalMantido = sql`, abaixoProdutos as materialized (
      select m.produto from minimos m
      join estoque_custo c on c.grupo_empresarial_id = ${t.grupoEmpresarial} and c.empresa_id = ${t.empresa} and c.produto_id = m.produto
      where c.quantidade < m.minimo::numeric),
    abaixo as (
      select s.local_id as local, s.produto_id as produto from abaixoProdutos b
      cross join lateral (select s.local_id, s.produto_id from estoque_saldo s where ${daEmpresa('s')} and s.produto_id = b.produto offset 0) s),
    porLocal as (
      select x.l as local, ${filtro.semZerados ? sql`x.com_saldo` : sql`x.linhas`} as linhas, x.quantidade, x.valor, (select count(*) from abaixo b where b.local = x.l)::int as abaixo
      from (${totaisMantidos(sql`grupo_empresarial_id = ${t.grupoEmpresarial} and empresa_id = ${t.empresa} ${filtro.local ? sql`and local_id = ${filtro.local}` : sql``}`)}) x
      where ${filtro.semZerados ? sql`x.com_saldo` : sql`x.linhas`} > 0),`;
  // porLocal from every line (lin; read here when the page walked the index).
  const porLocalDasLinhas = sql`${
    cerca
      ? sql`, lin as (
      select s.local_id as local, s.produto_id as produto, s.quantidade, round(s.quantidade * c.custo_medio) as valor, c.quantidade < m.minimo::numeric as abaixo
      from ${saldos('s', 'c', 'm')}
      -- Every balance is of a product of the group (the ledger takes no other): the products are read for a search only.
      ${busca ? sql`join registro p on p.grupo_empresarial_id = s.grupo_empresarial_id and p.id = s.produto_id and ${doProduto('p')}` : sql``}
      where ${daLinha('s', 'c', 'm')})`
      : sql``
  },
    -- A product has one line per location at most: there its lines below the minimum are its products.
    porLocal as (select local, count(*)::int as linhas, sum(quantidade) as quantidade, sum(valor) as valor, count(*) filter (where abaixo)::int as abaixo from lin group by local),`;
  // Per location and over all lines: the below-minimum flag is the company's (every location of a product
  // shares it), so over all lines its products are counted once. Carried by the page's first line only (the
  // same order numbers them), or by one empty line when the page is past the end: not sent and parsed again
  // with each of its lines.
  const comTotais = sql`${mantidos ? porLocalMantido : porLocalDasLinhas}
    totais as (
      select json_agg(t) as totais from (
        select x.local, l.dados->>'descricao' as "localDescricao", x.linhas, x.quantidade::text as quantidade, x.valor::text as valor, x.abaixo
        from porLocal x join registro l on l.grupo_empresarial_id = ${t.grupoEmpresarial} and l.id = x.local
        union all
        select null, null, coalesce(sum(linhas), 0)::int, coalesce(sum(quantidade), 0)::text, coalesce(sum(valor), 0)::text, (select count(distinct produto) from ${mantidos ? sql`abaixo` : sql`lin where abaixo`})::int from porLocal) t)
    select x.*, case when row_number() over (${ordem}) = 1 then t.totais end as totais from totais t left join linhas x on true ${ordem}`;
  const r = await tx.execute<Omit<LinhaPosicao, 'valor'> & { valor: string | number; totais?: TotalPosicao[] | null }>(sql`
    with minimos as materialized (
      select dados->>'produtoGeral' as produto, dados->>'estoqueMinimo' as minimo from registro
      where grupo_empresarial_id = ${t.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and empresa_id = ${t.empresa} and not lixo
        and dados->>'estoqueMinimo' is not null),
    produtos as (
      select p.id, p.dados from registro p
      where ${doProduto('p')}
      ${cerca ? produtosDaPagina(cerca) : sql``}),
    ${cteDaPagina}
    linhas as (
      select b.produto, b.codigo, b.descricao, um.dados->>'sigla' as unidade, b.local, b."localDescricao", b.quantidade::text as quantidade, b.custo_medio::text as "custoMedio",
        b.minimo as "estoqueMinimo", b.valor, b.abaixo as "abaixoMinimo"
      from pagina b left join registro um on um.grupo_empresarial_id = ${t.grupoEmpresarial} and um.recurso = 'unidadeMedida' and um.id = b.unidade)
    ${filtro.limite ? comTotais : sql`select * from linhas ${ordem}`}`);
  const todas = r.rows[0]?.totais;
  // valor comes as the text of a bigint (centavos): a number in the answer, set in place on each row.
  const linhas = filtro.limite ? r.rows.filter((l) => l.produto !== null) : r.rows;
  for (const l of linhas) {
    l.valor = Number(l.valor);
    delete l.totais;
  }
  if (!filtro.limite) return JSON.stringify(linhas);
  const geral = todas?.find((l) => l.local === null);
  const pagina: PaginaPosicao = {
    linhas: linhas as LinhaPosicao[],
    totais: { linhas: geral?.linhas ?? 0, quantidade: textoQtd(qtd(geral?.quantidade ?? '0')), valor: Number(geral?.valor ?? 0), abaixoMinimo: geral?.abaixo ?? 0 },
    porLocal: (todas ?? []).flatMap((l) => (l.local === null ? [] : [{ local: l.local, localDescricao: l.localDescricao, valor: Number(l.valor) }])).sort((a, b) => b.valor - a.valor),
  };
  return JSON.stringify(pagina);
}

/** A numeric(18,4) as PostgreSQL writes it ('-0.4500'), scaled like qtd(), without the general parser. */
const escalado4 = (texto: string): bigint => BigInt(texto.replace('.', ''));

/**
 * relatorioEstoqueFluxo (kardex): the movements of one product in the period, in business-time order,
 * with the running balance and the average cost after each, and the opening and closing positions; with
 * `limite`, one page of them (from `offset`), opening at the balance the earlier lines left.
 *
 * The running balances are window sums in the query (the company's, for the average, and the one shown:
 * the location's when one is chosen), and so are the period's entries, exits and line count. Only what the
 * answer needs comes back: the page's lines and the one before it (its opening balance), the movements with
 * their own cost (the average is folded over them, aplicarAoCusto), the last one before the period and the
 * last of all. The document numbers, locations and users are read once each, after, for the page only
 * (bench/estoque.ts: a busy ingredient's year is thousands of rows).
 */
export async function kardex(tx: Transaction, t: Tenant, filtro: { produto: string; local?: string | undefined; de: string; ate: string; limite?: number | undefined; offset?: number | undefined }): Promise<Kardex> {
  const offset = filtro.limite ? (filtro.offset ?? 0) : 0;
  const r = await tx.execute<{
    id: string; ocorrido_em: string; tipo: TipoMovimento; documento_tipo: string; documento_id: string; local_id: string; usuario_id: string | null;
    quantidade: string; custo_unitario: string; custo_proprio: boolean; valor: string; no_periodo: boolean; visivel: boolean; n: number; total: string; saldo: string;
    linhas: number; entradas_q: string; entradas_v: string; saidas_q: string; saidas_v: string;
  }>(sql`
    -- The business time as Date.toISOString() writes it (UTC, milliseconds), without a Date per line.
    select id, to_char(ocorrido_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ocorrido_em, tipo, documento_tipo, documento_id, local_id, usuario_id, quantidade::text as quantidade, custo_unitario::text as custo_unitario,
      custo_proprio, valor::text as valor, no_periodo, visivel, n::int as n, total::text as total, saldo::text as saldo,
      linhas::int as linhas, entradas_q::text as entradas_q, entradas_v::text as entradas_v, saidas_q::text as saidas_q, saidas_v::text as saidas_v
    from (
      select m.*,
        sum(m.quantidade) over corrido as total,
        ${filtro.local ? sql`coalesce(sum(m.quantidade) filter (where m.local_id = ${filtro.local}) over corrido, 0)::numeric(18,4)` : sql`sum(m.quantidade) over corrido`} as saldo,
        -- n: the line's place among those shown (0 before the first).
        count(*) filter (where m.visivel) over corrido as n,
        count(*) filter (where m.visivel) over () as linhas,
        -- Seen for the whole company, a transfer between its own locations (or its reversal) neither brings
        -- nor takes stock: its two lines are shown, but not summed as an entry and an exit.
        coalesce(sum(m.quantidade) filter (where m.somado and m.quantidade > 0) over (), 0) as entradas_q,
        coalesce(sum(abs(m.valor)) filter (where m.somado and m.quantidade > 0) over (), 0) as entradas_v,
        coalesce(-sum(m.quantidade) filter (where m.somado and m.quantidade <= 0) over (), 0) as saidas_q,
        coalesce(sum(abs(m.valor)) filter (where m.somado and m.quantidade <= 0) over (), 0) as saidas_v,
        not m.no_periodo and coalesce(lead(m.ocorrido_em) over corrido >= (${filtro.de}::date)::timestamp at time zone 'America/Sao_Paulo', true) as ultimo_antes,
        lead(m.id) over corrido is null as ultimo
      from (
        select m.id, m.ocorrido_em, m.seq, m.tipo, m.documento_tipo, m.documento_id, m.local_id, m.usuario_id, m.quantidade, m.custo_unitario, m.custo_proprio, m.valor, p.no_periodo,
          p.no_periodo ${filtro.local ? sql`and m.local_id = ${filtro.local}` : sql``} as visivel,
          p.no_periodo ${filtro.local ? sql`and m.local_id = ${filtro.local}` : sql`and m.documento_tipo <> 'transferenciaLocal'`} as somado
        from estoque_movimento m
        cross join lateral (select ${intervaloDeDias(sql`m.ocorrido_em`, filtro.de, filtro.ate)} as no_periodo) p
        where m.grupo_empresarial_id = ${t.grupoEmpresarial} and m.empresa_id = ${t.empresa} and m.produto_id = ${filtro.produto}
          and m.ocorrido_em < ((${filtro.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo')
      ) m
      window corrido as (order by m.ocorrido_em, m.seq rows between unbounded preceding and current row)
    ) m
    where (visivel and n >= ${offset} ${filtro.limite ? sql`and n <= ${offset + filtro.limite}` : sql``}) or custo_proprio or ultimo_antes or ultimo
    order by m.ocorrido_em, m.seq`);
  const fim = filtro.limite ? offset + filtro.limite : Infinity;
  const naPagina = (m: { visivel: boolean; n: number }) => m.visivel && m.n > offset && m.n <= fim;
  const pagina = r.rows.filter(naPagina);
  const nomes = await nomesDoKardex(tx, t, pagina);
  let custoMedio = 0n;
  let textoMedio = textoCusto(custoMedio);
  let saldo = textoQtd(0n);
  let inicial: { saldo: string; custoMedio: string } | null = null;
  let inicialPagina: { saldo: string; custoMedio: string } | null = null;
  const linhas: LinhaKardex[] = [];
  for (const m of r.rows) {
    if (m.no_periodo && inicial === null) inicial = { saldo, custoMedio: textoMedio };
    if (inicialPagina === null && naPagina(m)) inicialPagina = { saldo, custoMedio: textoMedio };
    if (m.custo_proprio) {
      const q = escalado4(m.quantidade);
      custoMedio = aplicarAoCusto({ quantidade: escalado4(m.total) - q, custoMedio }, q, custo(m.custo_unitario)).custoMedio;
      textoMedio = textoCusto(custoMedio);
    }
    saldo = m.saldo;
    if (!naPagina(m)) continue;
    linhas.push({
      _id: m.id,
      ocorridoEm: m.ocorrido_em,
      tipo: m.tipo,
      documentoTipo: m.documento_tipo,
      documentoId: m.documento_id,
      documentoNumero: nomes.documentos.get(m.documento_id) ?? null,
      local: m.local_id,
      localDescricao: nomes.locais.get(m.local_id) ?? null,
      usuario: m.usuario_id ? (nomes.usuarios.get(m.usuario_id) ?? null) : null,
      quantidade: m.quantidade,
      custoUnitario: m.custo_unitario,
      valor: Number(m.valor),
      saldo,
      custoMedio: textoMedio,
    });
  }
  const comValor = (s: { saldo: string; custoMedio: string }) => ({ ...s, valor: valorEmCentavos(qtd(s.saldo), custo(s.custoMedio)) });
  inicial ??= { saldo, custoMedio: textoMedio };
  const final = comValor({ saldo, custoMedio: textoMedio });
  const ultima = linhas.at(-1);
  const primeira = r.rows[0];
  return {
    inicial: comValor(inicial),
    final,
    entradas: { quantidade: primeira ? textoQtd(escalado4(primeira.entradas_q)) : textoQtd(0n), valor: Number(primeira?.entradas_v ?? 0) },
    saidas: { quantidade: primeira ? textoQtd(escalado4(primeira.saidas_q)) : textoQtd(0n), valor: Number(primeira?.saidas_v ?? 0) },
    linhas,
    pagina: {
      offset,
      limite: filtro.limite ?? null,
      total: primeira?.linhas ?? 0,
      // A page past the end opens and closes where the period does.
      inicial: inicialPagina ? comValor(inicialPagina) : final,
      final: ultima ? comValor({ saldo: ultima.saldo, custoMedio: ultima.custoMedio }) : final,
    },
  };
}

/** The numbers of the documents (typed by hand, or a production's posting), the locations' and the users' names the kardex lines show, in one query. */
async function nomesDoKardex(tx: Transaction, t: Tenant, linhas: readonly { documento_tipo: string; documento_id: string; local_id: string; usuario_id: string | null }[]) {
  const documentos = [...new Set(linhas.filter((m) => m.documento_tipo !== 'venda').map((m) => m.documento_id))];
  const locais = [...new Set(linhas.map((m) => m.local_id))];
  const usuarios = [...new Set(linhas.flatMap((m) => (m.usuario_id ? [m.usuario_id] : [])))];
  const nomes = { documentos: new Map<string, number>(), locais: new Map<string, string | null>(), usuarios: new Map<string, string>() };
  if (!linhas.length) return nomes;
  const r = await tx.execute<{ k: 'd' | 'p' | 'l' | 'u'; id: string; v: string | null }>(sql`
    select 'd' as k, id, numero::text as v from estoque_documento where grupo_empresarial_id = ${t.grupoEmpresarial} and id = any(${sql.param(documentos)}::text[])
    union all
    select 'p', pa.id, op.numero::text from estoque_producao_apontamento pa
      join estoque_producao op on op.grupo_empresarial_id = pa.grupo_empresarial_id and op.id = pa.producao_id
      where pa.grupo_empresarial_id = ${t.grupoEmpresarial} and pa.id = any(${sql.param(documentos)}::text[])
    union all
    select 'p', rc.id, pc.numero::text from estoque_pedido_compra_recebimento rc
      join estoque_pedido_compra pc on pc.grupo_empresarial_id = rc.grupo_empresarial_id and pc.id = rc.pedido_id
      where rc.grupo_empresarial_id = ${t.grupoEmpresarial} and rc.id = any(${sql.param(documentos)}::text[])
    union all
    select 'p', id, numero::text from estoque_transferencia_lojas where grupo_empresarial_id = ${t.grupoEmpresarial} and id = any(${sql.param(documentos)}::text[])
    union all
    select 'l', id, dados->>'descricao' from registro where grupo_empresarial_id = ${t.grupoEmpresarial} and id = any(${sql.param(locais)}::text[])
    union all
    select 'u', id, nome from usuario where grupo_empresarial_id = ${t.grupoEmpresarial} and id = any(${sql.param(usuarios)}::text[])`);
  for (const { k, id, v } of r.rows) {
    if (k === 'l') nomes.locais.set(id, v);
    else if (k === 'u') nomes.usuarios.set(id, v!);
    // A document typed by hand first, as the join it replaces (coalesce(documento, produção)).
    else if (k === 'd' || !nomes.documentos.has(id)) nomes.documentos.set(id, Number(v));
  }
  return nomes;
}

const LIMITE_MOVIMENTOS = 5000;

/**
 * relatorioMovimentacaoProdutos: the company's movements in the period, filtered by kind, location,
 * product and user, newest first (at most 5,000 rows, `truncado` says when more matched), with totals
 * per kind over every matching movement.
 */
export async function movimentacaoProdutos(
  tx: Transaction,
  t: Tenant,
  filtro: { de: string; ate: string; tipos?: TipoMovimento[] | undefined; local?: string | undefined; produto?: string | undefined; usuario?: string | undefined },
) {
  const onde = sql`m.grupo_empresarial_id = ${t.grupoEmpresarial} and m.empresa_id = ${t.empresa} and ${intervaloDeDias(sql`m.ocorrido_em`, filtro.de, filtro.ate)}
    ${filtro.tipos?.length ? sql`and m.tipo = any(${sql.param(filtro.tipos)}::text[])` : sql``}
    ${filtro.local ? sql`and m.local_id = ${filtro.local}` : sql``}
    ${filtro.produto ? sql`and m.produto_id = ${filtro.produto}` : sql``}
    ${filtro.usuario ? sql`and m.usuario_id = ${filtro.usuario}` : sql``}`;
  const linhas = await tx.execute<Record<string, unknown>>(sql`
    select m.id as "_id", m.ocorrido_em as "ocorridoEm", m.tipo, m.documento_tipo as "documentoTipo", m.documento_id as "documentoId",
      coalesce(d.numero, i.numero, op.numero, pc.numero, tl.numero)::int as "documentoNumero", m.produto_id as produto, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao,
      u.dados->>'sigla' as unidade, m.local_id as local, l.dados->>'descricao' as "localDescricao", us.nome as usuario, d.motivo,
      m.quantidade::text as quantidade, m.custo_unitario::text as "custoUnitario", m.valor::int as valor
    from estoque_movimento m
    left join estoque_documento d on d.grupo_empresarial_id = m.grupo_empresarial_id and d.id = m.documento_id
    left join estoque_inventario i on i.grupo_empresarial_id = m.grupo_empresarial_id and i.id = m.documento_id
    left join estoque_producao_apontamento pa on pa.grupo_empresarial_id = m.grupo_empresarial_id and pa.id = m.documento_id
    left join estoque_producao op on op.grupo_empresarial_id = pa.grupo_empresarial_id and op.id = pa.producao_id
    left join estoque_pedido_compra_recebimento rc on rc.grupo_empresarial_id = m.grupo_empresarial_id and rc.id = m.documento_id
    left join estoque_pedido_compra pc on pc.grupo_empresarial_id = rc.grupo_empresarial_id and pc.id = rc.pedido_id
    left join estoque_transferencia_lojas tl on tl.grupo_empresarial_id = m.grupo_empresarial_id and tl.id = m.documento_id
    left join registro p on p.grupo_empresarial_id = m.grupo_empresarial_id and p.id = m.produto_id
    left join registro u on u.grupo_empresarial_id = m.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join registro l on l.grupo_empresarial_id = m.grupo_empresarial_id and l.id = m.local_id
    left join usuario us on us.grupo_empresarial_id = m.grupo_empresarial_id and us.id = m.usuario_id
    where ${onde}
    order by m.ocorrido_em desc, m.seq desc
    limit ${LIMITE_MOVIMENTOS + 1}`);
  const totais = await tx.execute<{ tipo: TipoMovimento; movimentos: number; entradas: string; saidas: string; valor: string }>(sql`
    select m.tipo, count(*)::int as movimentos,
      coalesce(sum(m.quantidade) filter (where m.quantidade > 0), 0)::text as entradas, coalesce(-sum(m.quantidade) filter (where m.quantidade < 0), 0)::text as saidas,
      sum(m.valor)::text as valor
    from estoque_movimento m where ${onde} group by m.tipo order by m.tipo`);
  return {
    linhas: linhas.rows.slice(0, LIMITE_MOVIMENTOS),
    truncado: linhas.rows.length > LIMITE_MOVIMENTOS,
    totais: totais.rows.map((r) => ({ ...r, valor: Number(r.valor) })),
  };
}
