import { z } from 'zod';
import { statusDocumentoFiscal } from './venda.ts';

/**
 * What happens to a sale's NFC-e/NF-e after the sale was received (POST /api/vendas/:pedidoId/documentoFiscal):
 * a contingency document (tpEmis 9) transmitted and authorized, a rejection, a cancellation event.
 * Protocols are SEFAZ's nProt (15 digits); codes are cStat (100/150 authorized, DOMAIN.md §1).
 */
export type StatusDocumentoFiscal = (typeof statusDocumentoFiscal)[number];

const DIGITOS_PROTOCOLO = /^\d{15}$/;
export const CSTAT_AUTORIZADA = ['100', '150'] as const;

export const protocoloCancelamentoSchema = z
  .string({ error: 'Informe o protocolo do evento de cancelamento (nProt, 15 dígitos).' })
  .trim()
  .regex(DIGITOS_PROTOCOLO, 'O protocolo do evento de cancelamento (nProt) tem 15 dígitos.');

export const situacaoDocumentoFiscalSchema = z
  .object({
    status: z.enum(statusDocumentoFiscal, { error: `Informe o status: ${statusDocumentoFiscal.join(', ')}.` }),
    /** When SEFAZ answered (dhRecbto), or when the terminal entered contingency. */
    em: z.iso.datetime({ offset: true, error: 'Informe quando a SEFAZ respondeu em ISO 8601 com fuso (2026-11-23T12:30:00-03:00).' }),
    protocolo: z.string({ error: 'Protocolo: texto com 15 dígitos.' }).trim().regex(DIGITOS_PROTOCOLO, 'O protocolo (nProt) tem 15 dígitos.').nullable().default(null),
    codigo: z.string({ error: 'Código: texto com 3 dígitos.' }).trim().regex(/^\d{3}$/, 'O código da SEFAZ (cStat) tem 3 dígitos.').nullable().default(null),
    motivo: z.string({ error: 'Motivo: texto.' }).trim().min(1, 'Informe o motivo dado pela SEFAZ (xMotivo).').max(255, 'No máximo 255 caracteres.').nullable().default(null),
  })
  .superRefine((s, ctx) => {
    const falta = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.status === 'autorizada' && !s.protocolo) falta('protocolo', 'Informe o protocolo de autorização (nProt, 15 dígitos).');
    if (s.status === 'cancelada' && !s.protocolo) falta('protocolo', 'Informe o protocolo do evento de cancelamento (nProt, 15 dígitos).');
    if (s.status === 'autorizada' && s.codigo && !(CSTAT_AUTORIZADA as readonly string[]).includes(s.codigo)) falta('codigo', 'Autorizada é cStat 100 ou 150 (fora do prazo).');
    if (s.status === 'rejeitada' && !s.codigo) falta('codigo', 'Informe o código da rejeição (cStat).');
    if (s.status === 'rejeitada' && !s.motivo) falta('motivo', 'Informe o motivo da rejeição (xMotivo).');
  });
export type SituacaoDocumentoFiscal = z.infer<typeof situacaoDocumentoFiscalSchema>;

/** How a message names a field of the report (and of the cancellation's protocol). */
export const rotulosSituacaoDocumento: Record<string, string> = {
  status: 'Status',
  em: 'Data da resposta da SEFAZ',
  protocolo: 'Protocolo',
  codigo: 'Código da SEFAZ (cStat)',
  motivo: 'Motivo da SEFAZ (xMotivo)',
  protocoloCancelamento: 'Protocolo do cancelamento',
};

/**
 * Why the document cannot go from `anterior` to `nova` (null when it can). SEFAZ never takes back an
 * authorization: an authorized document only gets cancelled, and only an authorized one can be; a
 * cancelled one is final. The same authorization reported again is not a change.
 */
export function conferirTransicaoDocumento(anterior: { status: StatusDocumentoFiscal; protocolo: string | null } | null, nova: SituacaoDocumentoFiscal): string | null {
  if (!anterior) return 'Esta venda não tem documento fiscal.';
  if (anterior.status === 'cancelada') return nova.status === 'cancelada' && (anterior.protocolo === null || nova.protocolo === anterior.protocolo) ? null : 'O documento fiscal já foi cancelado.';
  if (nova.status === 'cancelada') return anterior.status === 'autorizada' ? null : 'Só um documento autorizado pode ser cancelado.';
  if (anterior.status === 'autorizada') {
    if (nova.status !== 'autorizada') return 'O documento fiscal já foi autorizado: só pode ser cancelado.';
    if (anterior.protocolo && nova.protocolo !== anterior.protocolo) return `O documento fiscal já foi autorizado com o protocolo ${anterior.protocolo}.`;
  }
  return null;
}
