import { type FiltroListaProdutosVendidos, type LinhaProdutoParaEstoque, type ListaProdutosVendidos, type SubtotalAgrupador, type TotalLojaUnidade, compararPt } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { venda, vendaItem } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { intervaloDeDias } from './periodo.ts';
import { somarQuantidades } from './relatorioQrCode.ts';
import { filtroDeVendas } from './filtroVendas.ts';

interface Linha extends Record<string, unknown> {
  /** A product over the stores, or a store's total of one unit. */
  tipo: 'produto' | 'loja';
  empresa: string | null;
  produto: string | null;
  produtos: number;
  codigo: string | null;
  descricao: string | null;
  agrupador: string | null;
  agrupador_descricao: string | null;
  unidade: string | null;
  /** Exact decimals as text without trailing zeros (trim_scale), as the answer shows them. */
  como_item: string;
  como_complemento: string;
  quantidade: string;
}

/**
 * listaProdutosVendidos (Stock): how much of each product left the stores in the period, for stock
 * purposes. Items of sales not cancelled, items not cancelled; a complement (modifier) that is a
 * product counts as its own line, item quantity × complement quantity (a complement is per unit of
 * the item), kept to the gram (3 places, half up) as stock counts it. Quantities are summed by the
 * database's numeric and sent as exact decimal text. Grouped by agrupador, with subtotals per
 * agrupador and unit (kilos and units do not add up). The stores chosen (each one of the group the user
 * may see, checked by filtroDeVendas) are summed per store too: each store's total per unit, and the
 * total per unit over them, which is what the products' lines add up to.
 */
export async function listaProdutosVendidos(db: Database, s: SessaoRequest, filtro: Required<FiltroListaProdutosVendidos>): Promise<ListaProdutosVendidos> {
  return withTenant(db, s, async (tx) => {
    const { empresas, nomes, filtros } = await filtroDeVendas(tx, s, filtro);
    const grupo = s.grupoEmpresarial;
    // The shared filters (channel, terminal, operator, hour period) are conditions on "venda".
    const validos = and(
      eq(vendaItem.grupoEmpresarialId, grupo),
      inArray(vendaItem.empresaId, empresas),
      intervaloDeDias(sql`${vendaItem.fechadoEm}`, filtro.de, filtro.ate),
      eq(vendaItem.cancelado, false),
      eq(venda.cancelada, false),
      ...filtros,
    );
    const juntar = sql`venda_item join venda on venda.grupo_empresarial_id = venda_item.grupo_empresarial_id and venda.id = venda_item.venda_id`;
    // Without channel, terminal, operator or hour filters: the day's products kept with each sale
    // (estoque_vendido_dia) instead of a month's items.
    const somas = filtros.length
      ? sql`
        -- One pass over the items: each item gives its own line and one per complement that is a product.
        select venda_item.empresa_id as empresa, saida.produto, sum(saida.item) as como_item, sum(saida.complemento) as como_complemento
          from ${juntar} cross join lateral (
            select venda_item.produto_id as produto, venda_item.quantidade as item, 0::numeric as complemento
            union all
            select m->>'produto', 0, round(venda_item.quantidade * (m->>'quantidade')::numeric, 3)
              from jsonb_array_elements(venda_item.modificadores) m where coalesce(m->>'produto', '') <> ''
          ) saida
          where ${validos}
          group by venda_item.empresa_id, saida.produto`
      : sql`
        select r.empresa_id as empresa, r.produto_id as produto, sum(r.como_item) as como_item, sum(r.como_complemento) as como_complemento
          from estoque_vendido_dia r
          where r.grupo_empresarial_id = ${grupo} and r.empresa_id = any(${sql.param(empresas)}::text[]) and r.dia between ${filtro.de}::date and ${filtro.ate}::date
          group by r.empresa_id, r.produto_id
          having sum(r.como_item) <> 0 or sum(r.como_complemento) <> 0`;
    // Added up over the stores in the database: the products' names and units are read once per product (not once
    // per store and product), and each store's total per unit comes as its own rows ('loja').
    const resultado = await tx.execute<Linha>(sql`
      with somas as (${somas}),
      produtos as (
        select s.produto, s.como_item, s.como_complemento,
               p.dados->>'codigo' as codigo, p.dados->>'descricao' as descricao, p.dados->>'agrupador' as agrupador,
               a.dados->>'descricao' as agrupador_descricao, u.dados->>'sigla' as unidade
          from (select produto, sum(como_item) as como_item, sum(como_complemento) as como_complemento from somas group by produto) s
          left join registro p on p.grupo_empresarial_id = ${grupo} and p.id = s.produto
          left join registro a on a.grupo_empresarial_id = ${grupo} and a.id = p.dados->>'agrupador'
          left join registro u on u.grupo_empresarial_id = ${grupo} and u.id = p.dados->>'unidade')
      select 'produto' as tipo, null as empresa, produto, codigo, descricao, agrupador, agrupador_descricao, unidade,
             trim_scale(como_item)::text as como_item, trim_scale(como_complemento)::text as como_complemento, trim_scale(como_item + como_complemento)::text as quantidade, 0 as produtos
        from produtos
      union all
      select 'loja', s.empresa, null, null, null, null, null, p.unidade, null, null, trim_scale(sum(s.como_item + s.como_complemento))::text, count(*)::int
        from somas s join produtos p on p.produto = s.produto
        group by s.empresa, p.unidade`);
    const semAgrupador = 'Sem agrupador';
    const linhas: LinhaProdutoParaEstoque[] = [];
    const lojas: TotalLojaUnidade[] = [];
    for (const l of resultado.rows) {
      const unidade = l.unidade ?? '';
      if (l.tipo === 'loja') {
        lojas.push({ empresa: l.empresa!, loja: nomes.get(l.empresa!) ?? l.empresa!, unidade, produtos: Number(l.produtos), quantidade: l.quantidade });
        continue;
      }
      linhas.push({
        produto: l.produto!,
        codigo: l.codigo ?? '',
        descricao: l.descricao ?? l.produto!,
        agrupador: l.agrupador || null,
        agrupadorDescricao: l.agrupador_descricao ?? semAgrupador,
        unidade,
        comoItem: l.como_item,
        comoComplemento: l.como_complemento,
        quantidade: l.quantidade,
      });
    }
    lojas.sort((a, b) => compararPt(a.loja, b.loja) || compararPt(a.unidade, b.unidade));
    linhas.sort((a, b) => compararPt(a.agrupadorDescricao, b.agrupadorDescricao) || compararPt(a.descricao, b.descricao));
    const porGrupo = new Map<string, SubtotalAgrupador & { valores: string[] }>();
    for (const l of linhas) {
      const chave = `${l.agrupador ?? ''}|${l.unidade}`;
      const sub = porGrupo.get(chave) ?? { agrupador: l.agrupador, agrupadorDescricao: l.agrupadorDescricao, unidade: l.unidade, produtos: 0, quantidade: '0', valores: [] };
      sub.produtos += 1;
      sub.valores.push(l.quantidade);
      porGrupo.set(chave, sub);
    }
    const subtotais = [...porGrupo.values()].map(({ valores, ...sub }) => ({ ...sub, quantidade: somarQuantidades(valores) }));
    const unidades = [...new Set(linhas.map((l) => l.unidade))].sort((a, b) => compararPt(a, b));
    const totais = unidades.map((unidade) => {
      const daUnidade = linhas.filter((l) => l.unidade === unidade);
      return { unidade, produtos: daUnidade.length, quantidade: somarQuantidades(daUnidade.map((l) => l.quantidade)) };
    });
    return { linhas, subtotais, lojas, totais };
  });
}

