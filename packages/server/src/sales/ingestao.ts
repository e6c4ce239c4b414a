import { conferirVenda, rotuloCampoVenda, totaisDaVenda, vendaSchema, brutoDoItem, type Venda } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { venda as vendaTable, vendaItem, vendaPagamento } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import type { TerminalAutenticado } from './credencial.ts';
import { referenciasAusentes } from './referencias.ts';

export interface VendaRecebida {
  _id: string;
  pedidoId: string;
  total: number;
  /** True when this order had already been received: nothing was stored again. */
  duplicado: boolean;
}

/** 400 naming the first field (as 'Item 2, quantidade: …'), every field in campos. */
export function recusarCampos(campos: Record<string, string>): never {
  const [campo, mensagem] = Object.entries(campos)[0]!;
  throw new HttpError(400, `${rotuloCampoVenda(campo)}: ${mensagem}`, {}, campos);
}

export function lerVenda(body: unknown): Venda {
  const lido = vendaSchema.safeParse(body ?? {});
  if (!lido.success) {
    const campos: Record<string, string> = {};
    for (const issue of lido.error.issues) campos[issue.path.join('.') || 'pedidoId'] ??= issue.message;
    recusarCampos(campos);
  }
  const regras = conferirVenda(lido.data);
  if (regras.length) recusarCampos(Object.fromEntries(regras.map((r) => [r.campo, r.mensagem])));
  return lido.data;
}

/**
 * Stores a closed order once (idempotent by terminal + pedidoId) in one transaction: the sale, its
 * items and its payments, or nothing. The same order sent again answers the stored sale.
 */
export async function registrarVenda(db: Database, t: TerminalAutenticado, body: unknown): Promise<VendaRecebida> {
  const venda = lerVenda(body);
  const totais = totaisDaVenda(venda);
  return withTenant(db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, async (tx) => {
    const ausentes = await referenciasAusentes(tx, t, venda);
    if (Object.keys(ausentes).length) recusarCampos(ausentes);
    const id = newId();
    const fechadoEm = new Date(venda.fechadoEm);
    const doc = venda.documentoFiscal;
    const [nova] = await tx
      .insert(vendaTable)
      .values({
        grupoEmpresarialId: t.grupoEmpresarial,
        id,
        empresaId: t.empresa,
        terminalId: t.terminal,
        pedidoId: venda.pedidoId,
        periodoId: venda.periodo,
        canal: venda.canal,
        mesa: venda.mesa,
        garcomId: venda.garcom,
        entregadorId: venda.entregador,
        clienteId: venda.cliente,
        abertoEm: new Date(venda.abertoEm),
        fechadoEm,
        bruto: totais.bruto,
        descontoItens: totais.descontoItens,
        desconto: venda.desconto,
        descontoMotivoId: venda.descontoMotivo,
        taxaServico: venda.taxaServico,
        taxaEntrega: venda.taxaEntrega,
        total: totais.total,
        troco: totais.troco,
        itensCancelados: totais.itensCancelados,
        valorCancelado: totais.valorCancelado,
        cupom: venda.cupom,
        documentoModelo: doc?.modelo ?? null,
        documentoChave: doc?.chave ?? null,
        documentoNumero: doc?.numero ?? null,
        documentoSerie: doc?.serie ?? null,
        documentoStatus: doc?.status ?? null,
        original: body as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: [vendaTable.grupoEmpresarialId, vendaTable.terminalId, vendaTable.pedidoId] })
      .returning({ id: vendaTable.id });
    if (!nova) {
      const [existente] = await tx
        .select({ id: vendaTable.id, total: vendaTable.total })
        .from(vendaTable)
        .where(and(eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial), eq(vendaTable.terminalId, t.terminal), eq(vendaTable.pedidoId, venda.pedidoId)));
      return { _id: existente!.id, pedidoId: venda.pedidoId, total: existente!.total, duplicado: true };
    }
    const comum = { grupoEmpresarialId: t.grupoEmpresarial, vendaId: id, empresaId: t.empresa, fechadoEm };
    await tx.insert(vendaItem).values(
      venda.itens.map((item, seq) => ({
        ...comum,
        seq,
        produtoId: item.produto,
        quantidade: item.quantidade,
        precoUnitario: item.precoUnitario,
        bruto: brutoDoItem(item),
        desconto: item.desconto,
        descontoMotivoId: item.descontoMotivo,
        modificadores: item.modificadores,
        observacao: item.observacao,
        cancelado: item.cancelado !== null,
        canceladoPor: item.cancelado?.usuario ?? null,
        canceladoMotivo: item.cancelado?.motivo ?? null,
        canceladoEm: item.cancelado ? new Date(item.cancelado.em) : null,
      })),
    );
    if (venda.pagamentos.length) {
      await tx.insert(vendaPagamento).values(
        venda.pagamentos.map((p, seq) => ({
          ...comum,
          seq,
          formaPagamentoId: p.formaPagamento,
          tPag: p.tPag,
          bandeiraId: p.bandeira,
          operadoraId: p.operadora,
          parcelas: p.parcelas,
          valor: p.valor,
          troco: p.troco,
          autorizacao: p.autorizacao,
        })),
      );
    }
    return { _id: id, pedidoId: venda.pedidoId, total: totais.total, duplicado: false };
  });
}

export interface CancelamentoVenda {
  usuario: string;
  motivo: string;
  em: string;
}

/**
 * Cancels a whole sale of the terminal's company, keeping the original (items, payments, totals)
 * and saying who, when and why. Cancelling again answers the first cancellation.
 */
export async function cancelarVenda(db: Database, t: TerminalAutenticado, pedidoId: string, c: CancelamentoVenda) {
  return withTenant(db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, async (tx) => {
    const onde = and(eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial), eq(vendaTable.terminalId, t.terminal), eq(vendaTable.pedidoId, pedidoId));
    const [atual] = await tx.select({ id: vendaTable.id, cancelada: vendaTable.cancelada, canceladaEm: vendaTable.canceladaEm }).from(vendaTable).where(onde).for('update');
    if (!atual) throw new HttpError(404, `Venda não encontrada: pedido ${pedidoId} deste terminal.`);
    if (atual.cancelada) return { _id: atual.id, pedidoId, cancelada: true, jaCancelada: true, canceladaEm: atual.canceladaEm!.toISOString() };
    const em = new Date(c.em);
    await tx
      .update(vendaTable)
      .set({ cancelada: true, canceladaEm: em, canceladaPor: c.usuario, motivoCancelamento: c.motivo, version: sql`${vendaTable.version} + 1` })
      .where(onde);
    return { _id: atual.id, pedidoId, cancelada: true, jaCancelada: false, canceladaEm: em.toISOString() };
  });
}
