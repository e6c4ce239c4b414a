import {
  custo,
  explosorDeFichas,
  paraEscalado,
  qtd,
  textoCusto,
  textoQtd,
  tiposProdutoSemEstoque,
  valorEmCentavos,
  type FiltroVendaInsumos,
  type InventarioDoRelatorio,
  type LinhaVendaInsumo,
  type ProdutoSemFicha,
  type RelatorioVendaInsumos,
} from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { empresasDoFiltro } from '../sales/relatorios/filtroVendas.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { fichasDoGrupo } from './fichas.ts';

/**
 * relatorioVendaInsumos: the theoretical consumption of ingredients from the sales (each product sold,
 * and each complement that is a product, exploded through the recipe sheets as the sales lower stock),
 * valued at average cost; and, between two approved counts of the company, the actual consumption
 * (opening + entries − closing − other exits, from the ledger) against it: the CMV variance per ingredient.
 *
 * Shape: the sale items of the period are read once, summed per company and product in one statement
 * (complements through a lateral over the item's jsonb); the few recipes are exploded in memory.
 */

const recusar = (campo: string, rotulo: string, mensagem: string): never => {
  throw new HttpError(400, `${rotulo}: ${mensagem}`, {}, { [campo]: mensagem });
};

const diaNaLoja = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** The approved count of the session's company, or 400 naming the field. */
async function inventarioAprovado(tx: Transaction, s: SessaoRequest, id: string, campo: string, rotulo: string) {
  const r = await tx.execute<{ id: string; numero: number; descricao: string; status: string; congelado_em: Date | string }>(sql`
    select id, numero::int as numero, descricao, status, congelado_em from estoque_inventario
    where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} and id = ${id}`);
  const inv = r.rows[0];
  if (!inv) return recusar(campo, rotulo, 'Inventário não encontrado nesta empresa.');
  if (inv.status !== 'aprovado') return recusar(campo, rotulo, `O inventário nº ${inv.numero} não foi aprovado: só um inventário aprovado fixa o estoque contado.`);
  return { _id: inv.id, numero: Number(inv.numero), descricao: inv.descricao, congeladoEm: new Date(inv.congelado_em).toISOString() } satisfies InventarioDoRelatorio;
}

async function conferirRegistro(tx: Transaction, s: SessaoRequest, recurso: string, id: string, daEmpresa: boolean) {
  const r = await tx.execute(sql`
    select 1 from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = ${recurso} and id = ${id} and not lixo
      ${daEmpresa ? sql`and empresa_id = ${s.empresa}` : sql``}`);
  return r.rows.length > 0;
}

type Vendidos = { itens: { empresa: string; produto: string; quantidade: string }[]; vendas: number };

/**
 * What the stores sold over whole days, per company and product: from the day's products kept with
 * each sale (estoque_vendido_dia) and the sales from the hourly rollup, never adding up the items.
 */
async function vendidosNoPeriodo(tx: Transaction, s: SessaoRequest, empresas: readonly string[], de: string, ate: string): Promise<Vendidos> {
  const lojas = sql.param([...empresas]);
  const itens = await tx.execute<{ empresa: string; produto: string; quantidade: string }>(sql`
    select empresa_id as empresa, produto_id as produto, sum(quantidade)::text as quantidade from estoque_vendido_dia
    where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = any(${lojas}::text[]) and dia between ${de}::date and ${ate}::date
    group by 1, 2 having sum(quantidade) <> 0`);
  const vendas = await tx.execute<{ vendas: number }>(sql`
    select coalesce(sum(vendas), 0)::int as vendas from venda_resumo_hora
    where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = any(${lojas}::text[]) and dia between ${de}::date and ${ate}::date`);
  return { itens: itens.rows, vendas: Number(vendas.rows[0]?.vendas ?? 0) };
}

/**
 * What the company sold between two moments (two counts: not whole days), from its items, read once:
 * summed per product, quantity and list of complements (few distinct lists: a menu's options), each
 * list multiplied out here as the stock is lowered (a complement's item × its quantity at 4 places, per item).
 */
export async function vendidosEntre(tx: Transaction, s: SessaoRequest, empresa: string, de: string, ate: string): Promise<Vendidos> {
  const faixa = (coluna: SQL) => sql`${coluna} > ${de}::timestamptz and ${coluna} <= ${ate}::timestamptz`;
  const v = await tx.execute<{ vendas: number; canceladas: string[] | null }>(sql`
    select count(*) filter (where not v.cancelada)::int as vendas, array_agg(v.id) filter (where v.cancelada) as canceladas from venda v
    where v.grupo_empresarial_id = ${s.grupoEmpresarial} and v.empresa_id = ${empresa} and ${faixa(sql`v.fechado_em`)}`);
  // The grouping stays in memory (a hash) rather than spilling to a sort on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const r = await tx.execute<{ produto: string; modificadores: string | null; quantidade: string; itens: number }>(sql`
    select i.produto_id as produto, case when i.modificadores = '[]'::jsonb then null else i.modificadores::text end as modificadores,
      i.quantidade::text as quantidade, count(*)::int as itens
    from venda_item i
    where i.grupo_empresarial_id = ${s.grupoEmpresarial} and i.empresa_id = ${empresa} and not i.cancelado and ${faixa(sql`i.fechado_em`)}
      and i.venda_id not in (select unnest(${sql.param(v.rows[0]?.canceladas ?? [])}::text[]))
    group by 1, 2, 3`);
  const porProduto = new Map<string, bigint>();
  const somarVendido = (produto: string, q4: bigint) => porProduto.set(produto, (porProduto.get(produto) ?? 0n) + q4);
  for (const l of r.rows) {
    const q = paraEscalado(l.quantidade, 3);
    const n = BigInt(l.itens);
    somarVendido(l.produto, q * 10n * n);
    if (!l.modificadores) continue;
    for (const m of JSON.parse(l.modificadores) as { produto?: string | null; quantidade?: string }[]) {
      // 6 places to the ledger's 4, half up, per item (as the sale lowered it).
      if (m.produto) somarVendido(m.produto, ((q * paraEscalado(m.quantidade ?? '1', 3) + 50n) / 100n) * n);
    }
  }
  return { itens: [...porProduto].filter(([, q]) => q !== 0n).map(([produto, q]) => ({ empresa, produto, quantidade: textoQtd(q) })), vendas: Number(v.rows[0]?.vendas ?? 0) };
}

type Produto = { id: string; codigo: string | null; descricao: string | null; unidade: string | null; agrupador: string | null; agrupador_descricao: string | null };

async function produtos(tx: Transaction, s: SessaoRequest, ids: readonly string[]) {
  if (!ids.length) return new Map<string, Produto>();
  const r = await tx.execute<Produto>(sql`
    select p.id, p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, u.dados->>'sigla' as unidade,
      p.dados->>'agrupador' as agrupador, g.dados->>'descricao' as agrupador_descricao
    from registro p
    left join registro u on u.grupo_empresarial_id = p.grupo_empresarial_id and u.id = p.dados->>'unidade'
    left join registro g on g.grupo_empresarial_id = p.grupo_empresarial_id and g.id = p.dados->>'agrupador'
    where p.grupo_empresarial_id = ${s.grupoEmpresarial} and p.id = any(${sql.param([...ids])}::text[])`);
  return new Map(r.rows.map((p) => [p.id, p]));
}

/** The companies' products that control stock, and the products that never hold stock (services, fees, tips). */
async function regrasDeEstoque(tx: Transaction, s: SessaoRequest, empresas: readonly string[], ids: readonly string[]) {
  const controlados = await tx.execute<{ empresa: string; produto: string }>(sql`
      select coalesce(empresa_id, '') as empresa, dados->>'produtoGeral' as produto from registro
      where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeralEmpresa' and not lixo and coalesce(empresa_id, '') = any(${sql.param([...empresas])}::text[])
        and dados->>'produtoGeral' = any(${sql.param([...ids])}::text[]) and coalesce((dados->>'controlaEstoque')::boolean, false)`);
  const semEstoque = await tx.execute<{ id: string }>(sql`
      select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and id = any(${sql.param([...ids])}::text[])
        and dados->>'tipoProduto' = any(${sql.param([...tiposProdutoSemEstoque])}::text[])`);
  return { controla: new Set(controlados.rows.map((c) => `${c.empresa}\u0000${c.produto}`)), semEstoque: new Set(semEstoque.rows.map((p) => p.id)) };
}

const somar = (m: Map<string, bigint>, chave: string, q: bigint) => m.set(chave, (m.get(chave) ?? 0n) + q);

/**
 * Per product since the opening count (in the location, if chosen): what moved after each count, and
 * what came in and went out besides sales (documento 'venda') and count adjustments ('inventario'):
 * entries, production, manual exits, transfers (those only within one location: between the company's
 * own locations they add up to nothing).
 */
async function movimentosEntreContagens(tx: Transaction, s: SessaoRequest, t1: string, t2: string, local: string | undefined) {
  const outras = sql`m.ocorrido_em <= ${t2}::timestamptz and m.documento_tipo not in ('venda', 'inventario') ${local ? sql`` : sql`and m.tipo <> 'transferencia'`}`;
  const movimentos = await tx.execute<{ produto: string; depois_inicial: string; depois_final: string; entradas: string; saidas: string }>(sql`
      select m.produto_id as produto,
        sum(m.quantidade)::text as depois_inicial,
        coalesce(sum(m.quantidade) filter (where m.ocorrido_em > ${t2}::timestamptz), 0)::text as depois_final,
        coalesce(sum(m.quantidade) filter (where ${outras} and m.quantidade > 0), 0)::text as entradas,
        coalesce(-sum(m.quantidade) filter (where ${outras} and m.quantidade < 0), 0)::text as saidas
      from estoque_movimento m
      where m.grupo_empresarial_id = ${s.grupoEmpresarial} and m.empresa_id = ${s.empresa} and m.ocorrido_em > ${t1}::timestamptz
        ${local ? sql`and m.local_id = ${local}` : sql``}
      group by 1`);
  const saldos = await tx.execute<{ produto: string; quantidade: string }>(sql`
      select produto_id as produto, sum(quantidade)::text as quantidade from estoque_saldo
      where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} ${local ? sql`and local_id = ${local}` : sql``}
      group by 1`);
  return { movimentos: new Map(movimentos.rows.map((m) => [m.produto, m])), saldos: new Map(saldos.rows.map((l) => [l.produto, qtd(l.quantidade)])) };
}

/** Products counted (a line with a count) in each of the two counts, in the location if chosen, and the closing count's frozen average cost. */
async function contagens(tx: Transaction, s: SessaoRequest, inicial: string, final: string, local: string | undefined) {
  const r = await tx.execute<{ produto: string; no_inicial: boolean; no_final: boolean; custo_final: string | null }>(sql`
    select produto_id as produto,
      bool_or(inventario_id = ${inicial} and contado is not null) as no_inicial,
      bool_or(inventario_id = ${final} and contado is not null) as no_final,
      max(custo_medio::text) filter (where inventario_id = ${final}) as custo_final
    from estoque_inventario_item
    where grupo_empresarial_id = ${s.grupoEmpresarial} and inventario_id in (${inicial}, ${final}) ${local ? sql`and local_id = ${local}` : sql``}
    group by 1`);
  return new Map(r.rows.map((l) => [l.produto, l]));
}

/** The companies' current average cost of the products (centavos, 4 places), by company and product. */
async function custosAtuais(tx: Transaction, s: SessaoRequest, empresas: readonly string[], ids: readonly string[]) {
  if (!ids.length) return new Map<string, bigint>();
  const r = await tx.execute<{ empresa: string; produto: string; custo: string }>(sql`
    select empresa_id as empresa, produto_id as produto, custo_medio::text as custo from estoque_custo
    where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = any(${sql.param([...empresas])}::text[]) and produto_id = any(${sql.param([...ids])}::text[])`);
  return new Map(r.rows.map((c) => [`${c.empresa}\u0000${c.produto}`, custo(c.custo)]));
}

export async function relatorioVendaInsumos(tx: Transaction, s: SessaoRequest, f: FiltroVendaInsumos): Promise<RelatorioVendaInsumos> {
  // The range of sales and the companies: two counts of the session's company, or a period of the stores chosen.
  let inventarios: RelatorioVendaInsumos['inventarios'] = null;
  let empresas: string[];
  if (f.inventarioInicial && f.inventarioFinal) {
    const inicial = await inventarioAprovado(tx, s, f.inventarioInicial, 'inventarioInicial', 'Inventário inicial');
    const final = await inventarioAprovado(tx, s, f.inventarioFinal, 'inventarioFinal', 'Inventário final');
    if (final.congeladoEm <= inicial.congeladoEm) recusar('inventarioFinal', 'Inventário final', `O inventário final deve ser posterior ao inicial (nº ${inicial.numero}).`);
    inventarios = { inicial, final };
    empresas = [s.empresa];
  } else {
    empresas = (await empresasDoFiltro(tx, s, f.empresas ?? [])).empresas;
  }
  if (f.local && !(await conferirRegistro(tx, s, 'estoqueCadastro', f.local, true))) recusar('local', 'Local de estoque', 'Local de estoque não encontrado nesta empresa.');
  if (f.agrupador && !(await conferirRegistro(tx, s, 'agrupador', f.agrupador, false))) recusar('agrupador', 'Grupo de insumos', 'Agrupador não encontrado.');

  const { itens, vendas } = inventarios ? await vendidosEntre(tx, s, s.empresa, inventarios.inicial.congeladoEm, inventarios.final.congeladoEm) : await vendidosNoPeriodo(tx, s, empresas, f.de!, f.ate!);
  const fichas = await fichasDoGrupo(tx, s.grupoEmpresarial);
  const explodir = explosorDeFichas(fichas);
  const vendidosIds = [...new Set(itens.map((i) => i.produto))];
  const { controla, semEstoque } = await regrasDeEstoque(tx, s, empresas, vendidosIds);

  // Exploded in memory, as the sales lower stock: a recipe to its base ingredients; a controlled product is its own.
  // Per ingredient, each store's quantity (valued at its own average).
  const teoricoPorEmpresa = new Map<string, Map<string, bigint>>();
  const somarNaEmpresa = (ingrediente: string, empresa: string, q: bigint) => {
    let lojas = teoricoPorEmpresa.get(ingrediente);
    if (!lojas) teoricoPorEmpresa.set(ingrediente, (lojas = new Map()));
    somar(lojas, empresa, q);
  };
  const teorico = new Map<string, bigint>();
  const semFicha = new Map<string, bigint>();
  for (const i of itens) {
    const q = qtd(i.quantidade);
    if (fichas.has(i.produto)) {
      for (const [ingrediente, qi] of explodir(i.produto, q)) {
        somar(teorico, ingrediente, qi);
        somarNaEmpresa(ingrediente, i.empresa, qi);
      }
    } else if (controla.has(`${i.empresa}\u0000${i.produto}`)) {
      somar(teorico, i.produto, q);
      somarNaEmpresa(i.produto, i.empresa, q);
    } else if (!semEstoque.has(i.produto)) somar(semFicha, i.produto, q);
  }

  const entre = inventarios
    ? ([
        await movimentosEntreContagens(tx, s, inventarios.inicial.congeladoEm, inventarios.final.congeladoEm, f.local),
        await contagens(tx, s, inventarios.inicial._id, inventarios.final._id, f.local),
      ] as const)
    : null;
  const ids = [...new Set([...teorico.keys(), ...(entre ? [...entre[1].values()].filter((c) => c.no_final).map((c) => c.produto) : [])])];
  const info = await produtos(tx, s, [...new Set([...ids, ...semFicha.keys()])]);
  const custos = await custosAtuais(tx, s, empresas, ids);

  const linhas: LinhaVendaInsumo[] = [];
  for (const produto of ids) {
    const p = info.get(produto);
    if (f.agrupador && p?.agrupador !== f.agrupador) continue;
    const q = teorico.get(produto) ?? 0n;
    const base = {
      produto,
      codigo: p?.codigo ?? null,
      descricao: p?.descricao ?? produto,
      unidade: p?.unidade ?? null,
      agrupador: p?.agrupador ?? null,
      agrupadorDescricao: p?.agrupador_descricao ?? null,
      teorico: textoQtd(q),
    };
    if (!entre) {
      // Each store's quantity at its own average cost.
      const valorTeorico = [...(teoricoPorEmpresa.get(produto) ?? [])].reduce((total, [e, qe]) => total + valorEmCentavos(qe, custos.get(`${e}\u0000${produto}`) ?? 0n), 0);
      const custoUnitario = empresas.length === 1 ? textoCusto(custos.get(`${empresas[0]}\u0000${produto}`) ?? 0n) : null;
      linhas.push({ ...base, custoUnitario, valorTeorico, inicial: null, entradas: null, outrasSaidas: null, final: null, real: null, valorReal: null, diferenca: null, valorDiferenca: null, contado: false });
      continue;
    }
    const [{ movimentos, saldos }, contados] = entre;
    const c = contados.get(produto);
    // Valued at the closing count's frozen average (the report reads the same tomorrow), else today's.
    const cu = c?.custo_final != null ? custo(c.custo_final) : (custos.get(`${s.empresa}\u0000${produto}`) ?? 0n);
    const m = movimentos.get(produto);
    const agora = saldos.get(produto) ?? 0n;
    const inicial = agora - qtd(m?.depois_inicial ?? '0');
    const final = agora - qtd(m?.depois_final ?? '0');
    const entradas = qtd(m?.entradas ?? '0');
    const saidas = qtd(m?.saidas ?? '0');
    const contado = Boolean(c?.no_inicial && c?.no_final);
    const real = contado ? inicial + entradas - final - saidas : null;
    const valorTeorico = valorEmCentavos(q, cu);
    const valorReal = real === null ? null : valorEmCentavos(real, cu);
    linhas.push({
      ...base,
      custoUnitario: textoCusto(cu),
      valorTeorico,
      inicial: textoQtd(inicial),
      entradas: textoQtd(entradas),
      outrasSaidas: textoQtd(saidas),
      final: textoQtd(final),
      real: real === null ? null : textoQtd(real),
      valorReal,
      diferenca: real === null ? null : textoQtd(real - q),
      valorDiferenca: valorReal === null ? null : valorReal - valorTeorico,
      contado,
    });
  }
  const ordem = new Intl.Collator('pt-BR');
  const porDescricao = (a: LinhaVendaInsumo, b: LinhaVendaInsumo) => ordem.compare(a.descricao, b.descricao);
  // By value: the largest variance first between counts (either way), the largest theoretical cost in a period.
  linhas.sort((a, b) =>
    entre ? Math.abs(b.valorDiferenca ?? -1) - Math.abs(a.valorDiferenca ?? -1) || b.valorTeorico - a.valorTeorico || porDescricao(a, b) : b.valorTeorico - a.valorTeorico || porDescricao(a, b),
  );
  const listaSemFicha: ProdutoSemFicha[] = [...semFicha]
    .map(([produto, q]) => ({ produto, descricao: info.get(produto)?.descricao ?? produto, unidade: info.get(produto)?.unidade ?? null, quantidade: textoQtd(q) }))
    .sort((a, b) => (qtd(b.quantidade) > qtd(a.quantidade) ? 1 : qtd(b.quantidade) < qtd(a.quantidade) ? -1 : ordem.compare(a.descricao, b.descricao)));
  const soma = (v: (l: LinhaVendaInsumo) => number | null) => linhas.reduce((t, l) => t + (v(l) ?? 0), 0);
  return {
    modo: inventarios ? 'inventarios' : 'periodo',
    de: inventarios ? diaNaLoja(new Date(inventarios.inicial.congeladoEm)) : f.de!,
    ate: inventarios ? diaNaLoja(new Date(inventarios.final.congeladoEm)) : f.ate!,
    inventarios,
    vendas,
    linhas,
    semFicha: listaSemFicha,
    totais: { valorTeorico: soma((l) => l.valorTeorico), valorReal: inventarios ? soma((l) => l.valorReal) : null, valorDiferenca: inventarios ? soma((l) => l.valorDiferenca) : null },
  };
}

/** The company's approved counts, newest first: what the report's filter offers. */
export async function inventariosAprovados(tx: Transaction, s: SessaoRequest): Promise<InventarioDoRelatorio[]> {
  const r = await tx.execute<{ id: string; numero: number; descricao: string; congelado_em: Date | string }>(sql`
    select id, numero::int as numero, descricao, congelado_em from estoque_inventario
    where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${s.empresa} and status = 'aprovado'
    order by congelado_em desc limit 200`);
  return r.rows.map((i) => ({ _id: i.id, numero: Number(i.numero), descricao: i.descricao, congeladoEm: new Date(i.congelado_em).toISOString() }));
}
