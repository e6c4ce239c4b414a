import type { DetalheInventarioRelatorio, FiltroRelatorioInventario, InventarioRelatorio, LinhaInventarioRelatorio, RelatorioInventario, TotaisInventario } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import { detalharInventario } from './inventario.ts';
import type { AutorEstoque } from './razao.ts';
import { ordemPt } from '../db/ordemPt.ts';

type Tenant = Pick<AutorEstoque, 'grupoEmpresarial' | 'empresa'>;

/**
 * relatorioEstoqueInventario: the company's counts frozen in the period (newest first) with their
 * status and valued difference, gains (sobras) and losses (faltas) apart, of the chosen location's
 * lines only when one is chosen; the approved ones totalled (what was posted to stock); and, for the
 * count asked for, its lines grouped by location. A line's value is its difference at the frozen
 * average cost, rounded half away from zero to the centavo, as the count screen shows it.
 */
export async function relatorioInventario(tx: Transaction, t: Tenant, f: FiltroRelatorioInventario): Promise<RelatorioInventario> {
  const doLocal = f.local ? sql`and x.local_id = ${f.local}` : sql``;
  const r = await tx.execute<Omit<InventarioRelatorio, 'congeladoEm' | 'aprovadoEm' | 'sobras' | 'faltas'> & { congeladoEm: Date | string; aprovadoEm: Date | string | null; sobras: string; faltas: string }>(sql`
    select i.id as "_id", i.numero::int as numero, i.descricao, i.status, i.congelado_em as "congeladoEm", i.aprovado_em as "aprovadoEm",
      cu.nome as "criadoPor", au.nome as "aprovadoPor", coalesce(lo.locais, '') as locais,
      v.linhas, v.contadas, v.sobras::text as sobras, v.faltas::text as faltas
    from estoque_inventario i
    cross join lateral (
      select count(*)::int as linhas, count(x.contado)::int as contadas,
        coalesce(sum(round((x.contado - x.congelado) * x.custo_medio)) filter (where x.contado > x.congelado), 0) as sobras,
        coalesce(sum(round((x.contado - x.congelado) * x.custo_medio)) filter (where x.contado < x.congelado), 0) as faltas
      from estoque_inventario_item x where x.grupo_empresarial_id = i.grupo_empresarial_id and x.inventario_id = i.id ${doLocal}
    ) v
    left join lateral (
      select string_agg(l.dados->>'descricao', ', ' order by ${ordemPt(sql`l.dados->>'descricao'`)}) as locais
      from (select distinct x.local_id from estoque_inventario_item x where x.grupo_empresarial_id = i.grupo_empresarial_id and x.inventario_id = i.id ${doLocal}) x
      left join registro l on l.grupo_empresarial_id = i.grupo_empresarial_id and l.id = x.local_id
    ) lo on true
    left join usuario cu on cu.grupo_empresarial_id = i.grupo_empresarial_id and cu.id = i.criado_por
    left join usuario au on au.grupo_empresarial_id = i.grupo_empresarial_id and au.id = i.aprovado_por
    where i.grupo_empresarial_id = ${t.grupoEmpresarial} and i.empresa_id = ${t.empresa}
      and ${intervaloDeDias(sql`i.congelado_em`, f.de, f.ate)}
      ${f.status?.length ? sql`and i.status = any(${sql.param(f.status)}::text[])` : sql``}
      ${f.local ? sql`and v.linhas > 0` : sql``}
    order by i.congelado_em desc, i.numero desc
    limit 1000`);
  const inventarios: InventarioRelatorio[] = r.rows.map((i) => {
    const sobras = Number(i.sobras);
    const faltas = Number(i.faltas);
    return {
      ...i,
      congeladoEm: new Date(i.congeladoEm).toISOString(),
      aprovadoEm: i.aprovadoEm === null ? null : new Date(i.aprovadoEm).toISOString(),
      sobras,
      faltas,
      diferenca: sobras + faltas,
    };
  });
  const aprovados = inventarios.filter((i) => i.status === 'aprovado');
  const sobras = aprovados.reduce((s, i) => s + i.sobras, 0);
  const faltas = aprovados.reduce((s, i) => s + i.faltas, 0);
  return {
    inventarios,
    aprovados: { inventarios: aprovados.length, sobras, faltas, diferenca: sobras + faltas },
    detalhe: f.inventario ? await detalhe(tx, t, f.inventario, f) : null,
  };
}

const totaisDe = (itens: readonly LinhaInventarioRelatorio[]): TotaisInventario => {
  const sobras = itens.reduce((s, i) => s + (i.valor !== null && i.valor > 0 ? i.valor : 0), 0);
  const faltas = itens.reduce((s, i) => s + (i.valor !== null && i.valor < 0 ? i.valor : 0), 0);
  return { linhas: itens.length, contadas: itens.filter((i) => i.contado !== null).length, sobras, faltas, diferenca: sobras + faltas };
};

/** One count's lines by location (of the chosen one only), with totals; `soDiferencas` shows only the lines that differ (the totals still count every line). */
async function detalhe(tx: Transaction, t: Tenant, id: string, f: FiltroRelatorioInventario): Promise<DetalheInventarioRelatorio> {
  const inv = await detalharInventario(tx, { ...t, usuario: null }, id);
  const itens: LinhaInventarioRelatorio[] = inv.itens
    .filter((i) => !f.local || i.local === f.local)
    .map(({ gtin: _, ...i }) => i);
  const porLocal = new Map<string, LinhaInventarioRelatorio[]>();
  for (const i of itens) porLocal.set(i.local, [...(porLocal.get(i.local) ?? []), i]);
  const difere = (i: LinhaInventarioRelatorio) => i.diferenca !== null && /[1-9]/.test(i.diferenca);
  return {
    _id: inv._id,
    numero: inv.numero,
    descricao: inv.descricao,
    status: inv.status as DetalheInventarioRelatorio['status'],
    congeladoEm: inv.congeladoEm,
    aprovadoEm: inv.aprovadoEm,
    observacao: inv.observacao,
    // A location with no line left to show is left out (its totals are zero differences).
    locais: [...porLocal.values()]
      .map((linhas) => ({ local: linhas[0]!.local, localDescricao: linhas[0]!.localDescricao, ...totaisDe(linhas), itens: f.soDiferencas ? linhas.filter(difere) : linhas }))
      .filter((l) => l.itens.length > 0),
    totais: totaisDe(itens),
  };
}
