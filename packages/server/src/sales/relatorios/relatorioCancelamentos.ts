import { and, sql, type SQL } from 'drizzle-orm';
import type { FiltroRelatorioPeriodo, RelatorioCancelamentos } from '@retaguarda/domain';
import type { Database } from '../../db/client.ts';
import { instanteIso } from '../../db/instante.ts';
import { consultasComoInquilino, withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { conferirEmpresasPedidas, empresasPermitidasSql, filtroDeVendas } from './filtroVendas.ts';
import { numero } from './numero.ts';
import { intervaloDeDias } from './periodo.ts';

type VendaCancelada = RelatorioCancelamentos['vendas'][number];
type ItemCancelado = RelatorioCancelamentos['itens'][number];

/**
 * relatorioVendaCancelamentos: the sales cancelled whole and the items cancelled inside sales, of
 * the period (by closing time), with who, when, why and how much. Who is the user's name when the
 * terminal sent a user id, else what it sent.
 */
export async function relatorioCancelamentos(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<RelatorioCancelamentos> {
  const semFiltros = !filtro.canais.length && !filtro.terminais.length && !filtro.operadores.length && !filtro.periodoPorHora;
  if (semFiltros) return numaIda(db, s, filtro);
  return withTenant(db, s, async (tx) => {
    const { daVenda, doItem } = await filtroDeVendas(tx, s, filtro);
    const [vendas, itens] = consultas(and(...daVenda)!, and(...daVenda, ...doItem)!);
    return montar((await tx.execute<VendaCancelada>(vendas)).rows, (await tx.execute<ItemCancelado>(itens)).rows);
  });
}

/**
 * The report's two statements, over `venda` and `venda_item` by those names (the conditions may be filtroDeVendas's
 * columns): each row as the answer shows it (the store's name, times as Date.toISOString() writes them, quantities
 * without trailing zeros), but for the values: bigint centavos, which node-postgres hands over as text and montar
 * turns into numbers exactly (never through a float8 cast in SQL).
 */
function consultas(daVenda: SQL, doItem: SQL): [SQL, SQL] {
  return [
    sql`select venda.id as venda, venda.pedido_id as "pedidoId", venda.empresa_id as empresa, venda.canal, ${instanteIso(sql`venda.fechado_em`)} as "fechadoEm",
        ${instanteIso(sql`venda.cancelada_em`)} as "canceladaEm", coalesce(usuario.nome, venda.cancelada_por) as por, venda.motivo_cancelamento as motivo,
        venda.total, coalesce(empresa.nome_fantasia, venda.empresa_id) as loja
      from venda left join usuario on usuario.grupo_empresarial_id = venda.grupo_empresarial_id and usuario.id = venda.cancelada_por
      left join empresa on empresa.grupo_empresarial_id = venda.grupo_empresarial_id and empresa.id = venda.empresa_id
      where ${daVenda} and venda.cancelada
      order by venda.cancelada_em, venda.id`,
    sql`select venda.id as venda, venda.pedido_id as "pedidoId", venda.empresa_id as empresa, coalesce(registro.dados->>'descricao', venda_item.produto_id) as produto,
        trim_scale(venda_item.quantidade)::text as quantidade, (venda_item.bruto - venda_item.desconto) as valor, ${instanteIso(sql`venda_item.cancelado_em`)} as "canceladoEm",
        coalesce(usuario.nome, venda_item.cancelado_por) as por, venda_item.cancelado_motivo as motivo, coalesce(empresa.nome_fantasia, venda.empresa_id) as loja
      from venda_item join venda on venda.grupo_empresarial_id = venda_item.grupo_empresarial_id and venda.id = venda_item.venda_id
      left join registro on registro.grupo_empresarial_id = venda_item.grupo_empresarial_id and registro.id = venda_item.produto_id
      left join usuario on usuario.grupo_empresarial_id = venda_item.grupo_empresarial_id and usuario.id = venda_item.cancelado_por
      left join empresa on empresa.grupo_empresarial_id = venda.grupo_empresarial_id and empresa.id = venda.empresa_id
      where ${doItem} and venda_item.cancelado
      order by venda_item.cancelado_em, venda_item.venda_id, venda_item.seq`,
  ];
}

/** The rows as they came (values as bigint text), their values made numbers, and the totals. */
function montar(vendas: VendaCancelada[], itens: ItemCancelado[]): RelatorioCancelamentos {
  let valorVendas = 0;
  for (const v of vendas) valorVendas += v.total = numero(v.total);
  let valorItens = 0;
  for (const i of itens) valorItens += i.valor = numero(i.valor);
  return { vendas, itens, totais: { vendas: vendas.length, valorVendas, itens: itens.length, valorItens } };
}

/**
 * Without channel, terminal, operator or hour filters: the cancelled sales and the cancelled items (and, when
 * companies are asked, the companies the user may see) in ONE round trip, each statement prepared once per
 * connection (consultasComoInquilino with `preparadas`: their planning, 2–3 ms on the 10-store year, was as long as
 * running them). (The whole answer as JSON built by PostgreSQL was slower: json_agg of 620 sales took 2–3 ms more
 * than sending the rows, and json_build_object per row more still.) Only the companies the user may see are read;
 * those asked are checked against them by conferirEmpresasPedidas for the 400 naming the field.
 */
async function numaIda(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<RelatorioCancelamentos> {
  const g = s.grupoEmpresarial;
  const pedidas = filtro.empresas.length ? sql` where p.id = any(${sql.param([...filtro.empresas])}::text[])` : sql``;
  const empresas = sql`(select p.id from (${empresasPermitidasSql(s)}) p${pedidas})`;
  const daVenda = sql`venda.grupo_empresarial_id = ${g} and venda.empresa_id in ${empresas} and ${intervaloDeDias(sql`venda.fechado_em`, filtro.de, filtro.ate)}`;
  const doItem = sql`${daVenda} and venda_item.grupo_empresarial_id = ${g} and venda_item.empresa_id in ${empresas} and ${intervaloDeDias(sql`venda_item.fechado_em`, filtro.de, filtro.ate)}`;
  const [vendas, itens, permitidas] = await consultasComoInquilino<[VendaCancelada, ItemCancelado, { id: string; nome: string }]>(
    db,
    s,
    [...consultas(daVenda, doItem), ...(filtro.empresas.length ? [empresasPermitidasSql(s)] : [])],
    { preparadas: true },
  );
  if (filtro.empresas.length) conferirEmpresasPedidas(permitidas, filtro.empresas);
  return montar(vendas, itens);
}
