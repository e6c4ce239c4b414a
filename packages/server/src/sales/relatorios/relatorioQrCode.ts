import { deEscalado, paraEscalado, semZerosFinais, type FiltroRelatorioQrCode, type LinhaRelatorioQrCode, type RelatorioQrCode, compararPtNumerico } from '@retaguarda/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { registro, venda, vendaItem, vendaResumoHora, vendaResumoQr, vendaResumoQrProduto } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { FUSO, intervaloDeDias } from './periodo.ts';
import { filtroDeVendas } from './filtroVendas.ts';
import { QR_CODE } from '../resumosVenda.ts';
import { numero as n, ticketMedio as ticket } from './numero.ts';

/** Basis points of `base`, half up (integer arithmetic). */
const pontos = (parte: number, base: number) => (base ? Math.floor((parte * 20000 + base) / (2 * base)) : 0);

/** The slice a sale falls in; a table is a table of its store ('empresa|mesa'). */
function chaveDo(agrupar: NonNullable<FiltroRelatorioQrCode['agrupar']>): SQL<string> {
  const local = sql`(${venda.fechadoEm} at time zone ${FUSO})`;
  switch (agrupar) {
    case 'dia':
      return sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
    case 'hora':
      return sql<string>`lpad(extract(hour from ${local})::text, 2, '0')`;
    case 'mesa':
      return sql<string>`${venda.empresaId} || '|' || coalesce(${venda.mesa}, '')`;
  }
}

/**
 * relatorioQrCode: the orders customers placed through the QR code channel in the period, per table,
 * day or hour: orders, units, total, ticket médio and the share of the store's sales (every channel,
 * same slice; a table's share is of its store's whole period) that came by QR code; and the products
 * most ordered by QR code. Cancelled sales and cancelled items are out of every number but the count
 * of cancelled orders.
 */
export async function relatorioQrCode(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioQrCode>): Promise<RelatorioQrCode> {
  return withTenant(db, s, async (tx) => {
    // The channel is QR code here; the store's sales it is compared with are of every channel.
    const { empresas, nomes, daVenda: doPeriodo, filtros, doResumo } = await filtroDeVendas(tx, s, { ...filtro, canais: [] });
    // Without terminal, operator or hour filters: the rollups kept with each sale instead of a month's sales and items.
    if (!filtros.length && doResumo) return relatorio(filtro, nomes, await pelosResumos(tx, s, filtro, empresas, doResumo));
    const qr = and(...doPeriodo, eq(venda.canal, QR_CODE));
    const chave = chaveDo(filtro.agrupar);
    const pedidos = await tx
      .select({
        chave: sql<string>`${chave}`,
        empresa: sql<string>`max(${venda.empresaId})`,
        pedidos: sql<string>`count(*) filter (where not ${venda.cancelada})`,
        total: sql<string>`coalesce(sum(${venda.total}) filter (where not ${venda.cancelada}), 0)`,
        canceladas: sql<string>`count(*) filter (where ${venda.cancelada})`,
      })
      .from(venda)
      .where(qr)
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const itensValidos = and(qr, eq(venda.cancelada, false), eq(vendaItem.cancelado, false), eq(vendaItem.grupoEmpresarialId, s.grupoEmpresarial), inArray(vendaItem.empresaId, empresas), intervaloDeDias(sql`${vendaItem.fechadoEm}`, filtro.de, filtro.ate));
    const doItem = and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId));
    const itens = await tx
      // Items as a customer counts them: 2 juices are 2, a weighed plate (0,485 kg) is 1.
      .select({ chave: sql<string>`${chave}`, quantidade: sql<string>`sum(case when ${vendaItem.quantidade} = trunc(${vendaItem.quantidade}) then ${vendaItem.quantidade} else 1 end)::text` })
      .from(vendaItem)
      .innerJoin(venda, doItem)
      .where(itensValidos)
      .groupBy(sql`1`);
    // The store's sales of every channel in each slice (for a table: its store over the period).
    const chaveLoja = filtro.agrupar === 'mesa' ? sql<string>`${venda.empresaId}` : chave;
    const lojas = await tx
      .select({ chave: sql<string>`${chaveLoja}`, total: sql<string>`coalesce(sum(${venda.total}), 0)` })
      .from(venda)
      .where(and(...doPeriodo, eq(venda.cancelada, false)))
      .groupBy(sql`1`);
    const produtos = await tx
      .select({
        produto: vendaItem.produtoId,
        codigo: sql<string>`max(${registro.dados}->>'codigo')`,
        descricao: sql<string>`max(${registro.dados}->>'descricao')`,
        quantidade: sql<string>`sum(${vendaItem.quantidade})::text`,
        pedidos: sql<string>`count(distinct ${vendaItem.vendaId})`,
        total: sql<string>`sum(${vendaItem.bruto} - ${vendaItem.desconto})`,
      })
      .from(vendaItem)
      .innerJoin(venda, doItem)
      .leftJoin(registro, and(eq(registro.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(registro.id, vendaItem.produtoId)))
      .where(itensValidos)
      .groupBy(vendaItem.produtoId)
      .orderBy(sql`6 desc`, vendaItem.produtoId)
      .limit(10);

    return relatorio(filtro, nomes, { pedidos, itens, lojas, produtos });
  });
}

type Leitura = {
  pedidos: { chave: string; empresa: string; pedidos: string; total: string; canceladas: string }[];
  itens: { chave: string; quantidade: string }[];
  lojas: { chave: string; total: string }[];
  produtos: { produto: string; codigo: string | null; descricao: string | null; quantidade: string; pedidos: string; total: string }[];
};

/** The same four readings from venda_resumo_qr, venda_resumo_hora (every channel) and venda_resumo_qr_produto. */
async function pelosResumos(tx: Transaction, s: SessaoRequest, filtro: Required<FiltroRelatorioQrCode>, empresas: string[], doResumo: SQL[]): Promise<Leitura> {
  const q = vendaResumoQr;
  const porDia = (dia: SQL, hora: SQL, empresa: SQL, mesa: SQL) =>
    filtro.agrupar === 'dia' ? sql<string>`to_char(${dia}, 'YYYY-MM-DD')` : filtro.agrupar === 'hora' ? sql<string>`lpad(${hora}::text, 2, '0')` : sql<string>`${empresa} || '|' || ${mesa}`;
  const doPeriodo = <T extends typeof vendaResumoQr | typeof vendaResumoQrProduto>(r: T) =>
    and(eq(r.grupoEmpresarialId, s.grupoEmpresarial), inArray(r.empresaId, empresas), sql`${r.dia} between ${filtro.de}::date and ${filtro.ate}::date`);
  const chave = porDia(sql`${q.dia}`, sql`${q.hora}`, sql`${q.empresaId}`, sql`${q.mesa}`);
  const linhas = await tx
    .select({
      chave: sql<string>`${chave}`,
      empresa: sql<string>`max(${q.empresaId})`,
      pedidos: sql<string>`sum(${q.pedidos})`,
      total: sql<string>`sum(${q.total})`,
      canceladas: sql<string>`sum(${q.canceladas})`,
      quantidade: sql<string>`sum(${q.unidades})::text`,
    })
    .from(q)
    .where(doPeriodo(q))
    .groupBy(sql`1`)
    .having(sql`sum(${q.pedidos}) <> 0 or sum(${q.canceladas}) <> 0`)
    .orderBy(sql`1`);
  const r = vendaResumoHora;
  const chaveLoja = filtro.agrupar === 'mesa' ? sql<string>`${r.empresaId}` : porDia(sql`${r.dia}`, sql`${r.hora}`, sql``, sql``);
  const lojas = await tx
    .select({ chave: sql<string>`${chaveLoja}`, total: sql<string>`coalesce(sum(${r.total}), 0)` })
    .from(r)
    .where(and(...doResumo))
    .groupBy(sql`1`);
  const p = vendaResumoQrProduto;
  const produtos = await tx
    .select({
      produto: p.produtoId,
      codigo: sql<string>`max(${registro.dados}->>'codigo')`,
      descricao: sql<string>`max(${registro.dados}->>'descricao')`,
      quantidade: sql<string>`sum(${p.quantidade})::text`,
      pedidos: sql<string>`sum(${p.pedidos})`,
      total: sql<string>`sum(${p.total})`,
    })
    .from(p)
    .leftJoin(registro, and(eq(registro.grupoEmpresarialId, p.grupoEmpresarialId), eq(registro.id, p.produtoId)))
    .where(doPeriodo(p))
    .groupBy(p.produtoId)
    .having(sql`sum(${p.pedidos}) <> 0`)
    .orderBy(sql`6 desc`, p.produtoId)
    .limit(10);
  return { pedidos: linhas, itens: linhas.map((l) => ({ chave: l.chave, quantidade: l.quantidade })), lojas, produtos };
}

/** The report from its four readings, whichever tables they came from. */
function relatorio(filtro: Required<FiltroRelatorioQrCode>, nomes: Map<string, string>, { pedidos, itens, lojas, produtos }: Leitura): RelatorioQrCode {
  const unidades = new Map(itens.map((i) => [i.chave, semZerosFinais(i.quantidade)]));
  const daLoja = new Map(lojas.map((l) => [l.chave, n(l.total)]));
  const variasLojas = new Set(pedidos.map((p) => p.empresa)).size > 1;
  const rotulo = (c: string, empresa: string) => {
    if (filtro.agrupar === 'dia') return c.split('-').reverse().join('/');
    if (filtro.agrupar === 'hora') return `${c}h`;
    const mesa = c.slice(c.indexOf('|') + 1);
    const nome = mesa ? `Mesa ${mesa}` : 'Sem mesa informada';
    return variasLojas ? `${nome} · ${nomes.get(empresa) ?? empresa}` : nome;
  };
  const linhas: LinhaRelatorioQrCode[] = pedidos.map((p) => {
    const total = n(p.total);
    const totalLoja = daLoja.get(filtro.agrupar === 'mesa' ? p.empresa : p.chave) ?? 0;
    return { chave: p.chave, rotulo: rotulo(p.chave, p.empresa), pedidos: n(p.pedidos), itens: unidades.get(p.chave) ?? '0', total, ticketMedio: ticket(total, n(p.pedidos)), totalLoja, participacao: pontos(total, totalLoja), canceladas: n(p.canceladas) };
  });
  // Tables in their natural order (2 before 10), a store's tables together.
  if (filtro.agrupar === 'mesa') linhas.sort((a, b) => compararPtNumerico(a.rotulo, b.rotulo));
  const total = linhas.reduce((soma, l) => soma + l.total, 0);
  const qtdPedidos = linhas.reduce((soma, l) => soma + l.pedidos, 0);
  const totalLoja = lojas.reduce((soma, l) => soma + n(l.total), 0);
  return {
    linhas,
    totais: { chave: 'total', rotulo: 'Total', pedidos: qtdPedidos, itens: somarQuantidades(itens.map((i) => i.quantidade)), total, ticketMedio: ticket(total, qtdPedidos), totalLoja, participacao: pontos(total, totalLoja), canceladas: linhas.reduce((soma, l) => soma + l.canceladas, 0) },
    topProdutos: produtos.map((p) => ({ produto: p.produto, codigo: p.codigo ?? '', descricao: p.descricao ?? p.produto, quantidade: semZerosFinais(p.quantidade), pedidos: n(p.pedidos), total: n(p.total) })),
  };
}

/** Exact sum of quantities (3 places, as stored), in scaled integers: never binary floats. */
export const somarQuantidades = (valores: readonly string[]) => semZerosFinais(deEscalado(valores.reduce((soma, v) => soma + paraEscalado(v, 3), 0n), 3));
