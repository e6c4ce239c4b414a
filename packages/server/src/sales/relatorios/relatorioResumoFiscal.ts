import type { FiltroRelatorioPeriodo, RelatorioResumoFiscal, StatusResumoFiscal } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { venda, vendaDocumentoSituacao, vendaItem, vendaResumoCodigo, vendaResumoDocumento } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import type { SessaoRequest } from '../../session/requireSession.ts';
import { filtroDeVendas } from './filtroVendas.ts';

const n = (v: unknown) => Number(v ?? 0);
const ORDEM_STATUS: StatusResumoFiscal[] = ['autorizada', 'contingencia', 'pendente', 'rejeitada', 'cancelada', 'semDocumento'];

/** Which sale and document a line of the contingency lists (and a document's history) is. */
export const documentoDaVenda = {
  venda: venda.id,
  pedidoId: venda.pedidoId,
  empresa: venda.empresaId,
  modelo: venda.documentoModelo,
  serie: venda.documentoSerie,
  numero: venda.documentoNumero,
  chave: venda.documentoChave,
  fechadoEm: venda.fechadoEm,
};

/**
 * relatorioVendasResumoFiscal: every sale of the period by its fiscal document (model, status,
 * series), with the value and the sales cancelled in the back office among them (so the totals less
 * the cancelled reconcile with relatorioVenda); the items' value by CFOP and by CST/CSOSN, cancelled
 * items and sales out; the contingency documents still to transmit, and those transmitted since (when, protocol).
 */
export async function relatorioResumoFiscal(db: Database, s: SessaoRequest, filtro: Required<FiltroRelatorioPeriodo>): Promise<RelatorioResumoFiscal> {
  return withTenant(db, s, async (tx) => {
    const { empresas, nomes, daVenda, doItem, filtros } = await filtroDeVendas(tx, s, filtro);
    // Without channel, terminal, operator or hour filters: the days' rollups kept with each sale
    // (venda_resumo_documento, venda_resumo_codigo) instead of a month's sales and items.
    const doResumo = <T extends typeof vendaResumoDocumento | typeof vendaResumoCodigo>(r: T) =>
      and(eq(r.grupoEmpresarialId, s.grupoEmpresarial), inArray(r.empresaId, empresas), sql`${r.dia} between ${filtro.de}::date and ${filtro.ate}::date`);
    const rd = vendaResumoDocumento;
    const docs = filtros.length ? await tx
      .select({
        modelo: venda.documentoModelo,
        status: sql<string>`coalesce(${venda.documentoStatus}, 'semDocumento')`,
        serie: venda.documentoSerie,
        quantidade: sql<string>`count(*)`,
        total: sql<string>`sum(${venda.total})`,
        canceladas: sql<string>`count(*) filter (where ${venda.cancelada})`,
        valorCancelado: sql<string>`coalesce(sum(${venda.total}) filter (where ${venda.cancelada}), 0)`,
      })
      .from(venda)
      .where(and(...daVenda))
      .groupBy(venda.documentoModelo, sql`2`, venda.documentoSerie) : await tx
      .select({
        modelo: sql<string | null>`nullif(${rd.modelo}, '')`,
        status: rd.status,
        serie: sql<number | null>`nullif(${rd.serie}, -1)`,
        quantidade: sql<string>`sum(${rd.vendas})`,
        total: sql<string>`sum(${rd.total})`,
        canceladas: sql<string>`sum(${rd.canceladas})`,
        valorCancelado: sql<string>`sum(${rd.valorCancelado})`,
      })
      .from(rd)
      .where(doResumo(rd))
      .groupBy(rd.modelo, rd.status, rd.serie)
      .having(sql`sum(${rd.vendas}) <> 0`);
    const documentos = docs
      .map((d) => ({ modelo: d.modelo as '65' | '55' | null, status: d.status as StatusResumoFiscal, serie: d.serie, quantidade: n(d.quantidade), total: n(d.total), canceladas: n(d.canceladas), valorCancelado: n(d.valorCancelado) }))
      .sort((a, b) => (b.modelo ?? '').localeCompare(a.modelo ?? '') || ORDEM_STATUS.indexOf(a.status) - ORDEM_STATUS.indexOf(b.status) || (a.serie ?? -1) - (b.serie ?? -1));

    const itensValidos = and(...daVenda, ...doItem, eq(venda.cancelada, false), eq(vendaItem.cancelado, false));
    // Both tables from one pass over the items: a grouping set per code (grouping() tells which set a row
    // is of, since a null code is a group of its own).
    const rc = vendaResumoCodigo;
    const codigos = filtros.length ? await tx
      .select({
        doCfop: sql<number>`grouping(${vendaItem.cst})`,
        cfop: vendaItem.cfop,
        cst: vendaItem.cst,
        itens: sql<string>`count(*)`,
        total: sql<string>`sum(${vendaItem.bruto} - ${vendaItem.desconto})`,
      })
      .from(vendaItem)
      .innerJoin(venda, and(eq(venda.grupoEmpresarialId, vendaItem.grupoEmpresarialId), eq(venda.id, vendaItem.vendaId)))
      .where(itensValidos)
      .groupBy(sql`grouping sets ((${vendaItem.cfop}), (${vendaItem.cst}))`) : await tx
      .select({
        doCfop: sql<number>`grouping(${rc.cst})`,
        cfop: sql<string | null>`nullif(${rc.cfop}, '')`,
        cst: sql<string | null>`nullif(${rc.cst}, '')`,
        itens: sql<string>`sum(${rc.itens})`,
        total: sql<string>`sum(${rc.total})`,
      })
      .from(rc)
      .where(doResumo(rc))
      .groupBy(sql`grouping sets ((${rc.cfop}), (${rc.cst}))`)
      .having(sql`sum(${rc.itens}) <> 0`);
    const porValor = <T extends { total: number }>(linhas: T[]) => linhas.sort((a, b) => b.total - a.total);
    const porCfop = porValor(codigos.filter((l) => n(l.doCfop) === 1).map((l) => ({ cfop: l.cfop, itens: n(l.itens), total: n(l.total) })));
    const porCst = porValor(codigos.filter((l) => n(l.doCfop) === 0).map((l) => ({ cst: l.cst, itens: n(l.itens), total: n(l.total) })));

    const pendentes = await tx
      .select({ ...documentoDaVenda, total: venda.total, vendaCancelada: venda.cancelada })
      .from(venda)
      // A cancelled sale's offline note is still to transmit: SEFAZ must authorize it before the cancellation event.
      .where(and(...daVenda, eq(venda.documentoStatus, 'contingencia')))
      .orderBy(venda.fechadoEm, venda.id);
    const contingencia = pendentes.map((p) => ({ ...p, modelo: p.modelo ?? '65', loja: nomes.get(p.empresa) ?? p.empresa, fechadoEm: p.fechadoEm.toISOString(), total: n(p.total) }));

    const situacao = vendaDocumentoSituacao;
    const autorizadas = await tx
      .select({
        ...documentoDaVenda,
        transmitidaEm: situacao.em,
        protocolo: situacao.protocolo,
        status: venda.documentoStatus,
        total: venda.total,
      })
      .from(venda)
      .innerJoin(situacao, and(eq(situacao.grupoEmpresarialId, venda.grupoEmpresarialId), eq(situacao.vendaId, venda.id)))
      .where(and(...daVenda, eq(situacao.anterior, 'contingencia'), eq(situacao.status, 'autorizada')))
      .orderBy(venda.fechadoEm, venda.id);
    const transmitidas = autorizadas.map(({ empresa, ...p }) => ({
      ...p,
      modelo: p.modelo ?? '65',
      loja: nomes.get(empresa) ?? empresa,
      fechadoEm: p.fechadoEm.toISOString(),
      transmitidaEm: p.transmitidaEm.toISOString(),
      status: (p.status ?? 'semDocumento') as StatusResumoFiscal,
      total: n(p.total),
    }));

    const soma = <T>(linhas: T[], campo: (l: T) => number) => linhas.reduce((a, l) => a + campo(l), 0);
    return {
      documentos,
      porCfop,
      porCst,
      contingencia: contingencia.map(({ empresa: _, ...c }) => c),
      transmitidas,
      totais: {
        quantidade: soma(documentos, (d) => d.quantidade),
        total: soma(documentos, (d) => d.total),
        canceladas: soma(documentos, (d) => d.canceladas),
        valorCancelado: soma(documentos, (d) => d.valorCancelado),
        itens: soma(porCfop, (l) => l.itens),
        totalItens: soma(porCfop, (l) => l.total),
      },
    };
  });
}
