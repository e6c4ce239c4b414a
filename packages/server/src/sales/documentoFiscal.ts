import { conferirTransicaoDocumento, rotulosSituacaoDocumento, situacaoDocumentoFiscalSchema, type SituacaoDocumentoFiscal, type StatusDocumentoFiscal } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { venda as vendaTable, vendaDocumentoSituacao } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { newId } from '../ids.ts';
import { HttpError } from '../plugins/envelope.ts';
import { camposDoZod, recusarNomeando } from '../resources/validacao.ts';
import type { TerminalAutenticado } from './credencial.ts';
import { moverDocumento } from './resumosVenda.ts';

/** The report read, or 400 naming the first field with the fiscal labels ('Protocolo: …'). */
export function lerSituacao(body: unknown): SituacaoDocumentoFiscal {
  const lido = situacaoDocumentoFiscalSchema.safeParse(body ?? {});
  if (!lido.success) recusarNomeando(camposDoZod(lido.error.issues, 'status', { topo: true }), (campo) => rotulosSituacaoDocumento[campo] ?? campo);
  return lido.data;
}

/** The terminal's own sale (group + terminal + pedidoId): another group's or terminal's is not found. */
function ondeVendaDoTerminal(t: TerminalAutenticado, pedidoId: string) {
  return and(eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial), eq(vendaTable.terminalId, t.terminal), eq(vendaTable.pedidoId, pedidoId));
}

export interface DocumentoDaVenda {
  id: string;
  empresaId: string;
  modelo: string | null;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  status: StatusDocumentoFiscal | null;
}

/** The last change recorded for the sale's document: its protocol is the authorization's (or the cancellation's). */
async function ultimaSituacao(tx: Transaction, grupo: string, vendaId: string) {
  const [ultima] = await tx
    .select()
    .from(vendaDocumentoSituacao)
    .where(and(eq(vendaDocumentoSituacao.grupoEmpresarialId, grupo), eq(vendaDocumentoSituacao.vendaId, vendaId)))
    .orderBy(desc(vendaDocumentoSituacao.registradoEm), desc(vendaDocumentoSituacao.id))
    .limit(1);
  return ultima;
}

/**
 * Moves the document to `nova` and records the change (who answered, protocol, code), or says it
 * was already there (the same report twice changes nothing). 409 for a change SEFAZ would not make.
 */
export async function aplicarSituacao(tx: Transaction, t: TerminalAutenticado, doc: DocumentoDaVenda, nova: SituacaoDocumentoFiscal, origem: 'documentoFiscal' | 'cancelamento') {
  const ultima = doc.status ? await ultimaSituacao(tx, t.grupoEmpresarial, doc.id) : undefined;
  const protocoloAtual = ultima && ultima.status === doc.status ? ultima.protocolo : null;
  const recusa = conferirTransicaoDocumento(doc.status ? { status: doc.status, protocolo: protocoloAtual } : null, nova);
  if (recusa) throw new HttpError(409, recusa);
  // An authorization or cancellation is known by its protocol; other reports by everything they say.
  const mesma =
    ultima &&
    ultima.status === nova.status &&
    ultima.status === doc.status &&
    ultima.protocolo === nova.protocolo &&
    (nova.protocolo !== null || (ultima.codigo === nova.codigo && ultima.motivo === nova.motivo && ultima.em.getTime() === new Date(nova.em).getTime()));
  if (mesma) return { anterior: ultima.anterior as StatusDocumentoFiscal | null, repetido: true };
  await tx.insert(vendaDocumentoSituacao).values({
    grupoEmpresarialId: t.grupoEmpresarial,
    id: newId(),
    vendaId: doc.id,
    empresaId: doc.empresaId,
    anterior: doc.status,
    status: nova.status,
    protocolo: nova.protocolo,
    codigo: nova.codigo,
    motivo: nova.motivo,
    em: new Date(nova.em),
    origem,
  });
  await moverDocumento(tx, t.grupoEmpresarial, doc.id, nova.status);
  await tx
    .update(vendaTable)
    .set({ documentoStatus: nova.status, version: sql`${vendaTable.version} + 1` })
    .where(and(eq(vendaTable.grupoEmpresarialId, t.grupoEmpresarial), eq(vendaTable.id, doc.id)));
  return { anterior: doc.status, repetido: false };
}

const colunasDocumento = {
  id: vendaTable.id,
  empresaId: vendaTable.empresaId,
  modelo: vendaTable.documentoModelo,
  serie: vendaTable.documentoSerie,
  numero: vendaTable.documentoNumero,
  chave: vendaTable.documentoChave,
  status: sql<StatusDocumentoFiscal | null>`${vendaTable.documentoStatus}`,
  cancelada: vendaTable.cancelada,
};

/** The terminal's sale with its document, locked for the change (cancellation, SEFAZ's answer), or 404. */
export async function vendaDoTerminalParaAlterar(tx: Transaction, t: TerminalAutenticado, pedidoId: string) {
  const [venda] = await tx.select({ ...colunasDocumento, canceladaEm: vendaTable.canceladaEm }).from(vendaTable).where(ondeVendaDoTerminal(t, pedidoId)).for('update');
  if (!venda) throw new HttpError(404, `Venda não encontrada: pedido ${pedidoId} deste terminal.`);
  return venda;
}

/**
 * POST /api/vendas/:pedidoId/documentoFiscal: the terminal reports what SEFAZ did with the sale's
 * document (a contingency NFC-e authorized, a rejection, the cancellation event), in one transaction.
 * Cancelling the document needs the sale cancelled first, so a cancelled document never counts as sold.
 */
export async function registrarSituacaoDocumento(db: Database, t: TerminalAutenticado, pedidoId: string, body: unknown) {
  const nova = lerSituacao(body);
  return withTenant(db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, async (tx) => {
    const doc = await vendaDoTerminalParaAlterar(tx, t, pedidoId);
    if (nova.status === 'cancelada' && !doc.cancelada && doc.status === 'autorizada') {
      throw new HttpError(409, `Cancele a venda (POST /api/vendas/${pedidoId}/cancelar, com o protocoloCancelamento) para cancelar o documento fiscal.`);
    }
    const { anterior, repetido } = await aplicarSituacao(tx, t, doc, nova, 'documentoFiscal');
    return {
      _id: doc.id,
      pedidoId,
      documentoFiscal: { modelo: doc.modelo, serie: doc.serie, numero: doc.numero, chave: doc.chave, status: nova.status, anterior, protocolo: nova.protocolo, em: new Date(nova.em).toISOString() },
      repetido,
    };
  });
}
