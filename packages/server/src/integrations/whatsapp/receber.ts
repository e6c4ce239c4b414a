import { SITUACAO_DO_STATUS, situacaoAvanca } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { whatsappConversa, whatsappMensagem, type MidiaWhatsApp } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { REENGAJAMENTO } from './cloudApi.ts';
import { conversaDoNumero, textoDaMidia } from './fila.ts';
import { JANELA_FECHADA } from './janela.ts';

/** The parts of the Cloud API's webhook body the robot reads (other fields pass untouched). */
const texto = (max: number) => z.string().max(max);
const mensagemRecebida = z.object({
  from: texto(20).regex(/^\d{8,15}$/, 'número inválido'),
  id: texto(200).min(1),
  timestamp: texto(20).regex(/^\d{1,12}$/, 'instante inválido'),
  type: texto(40),
  text: z.object({ body: texto(4096) }).optional(),
  button: z.object({ text: texto(1024) }).optional(),
  interactive: z.object({ button_reply: z.object({ title: texto(1024) }).optional(), list_reply: z.object({ title: texto(1024) }).optional() }).optional(),
  image: z.object({ id: texto(200).optional(), mime_type: texto(100).optional(), caption: texto(1024).optional() }).optional(),
  document: z.object({ id: texto(200).optional(), mime_type: texto(100).optional(), filename: texto(240).optional(), caption: texto(1024).optional() }).optional(),
  audio: z.object({ id: texto(200).optional(), mime_type: texto(100).optional() }).optional(),
});
const statusRecebido = z.object({
  id: texto(200).min(1),
  status: texto(20),
  timestamp: texto(20).regex(/^\d{1,12}$/, 'instante inválido'),
  errors: z.array(z.object({ code: z.number().optional(), title: texto(300).optional(), message: texto(300).optional() })).optional(),
});
const valor = z.object({
  metadata: z.object({ phone_number_id: texto(40).min(1) }),
  contacts: z.array(z.object({ wa_id: texto(20).optional(), profile: z.object({ name: texto(120).optional() }).optional() })).max(100).optional(),
  messages: z.array(mensagemRecebida).max(100).optional(),
  statuses: z.array(statusRecebido).max(100).optional(),
});
export const corpoWebhook = z.object({
  object: z.literal('whatsapp_business_account', { error: 'esperado whatsapp_business_account' }),
  entry: z.array(z.object({ changes: z.array(z.object({ field: texto(40), value: valor.optional() })).max(50) })).min(1).max(50),
});
export type CorpoWebhook = z.infer<typeof corpoWebhook>;

/** The phone number id the event is for (the first change that names one): it picks the robot, and so the group. */
export function numeroDoEvento(corpo: unknown): string | null {
  const entradas = (corpo as { entry?: { changes?: { value?: { metadata?: { phone_number_id?: unknown } } }[] }[] } | null)?.entry;
  if (!Array.isArray(entradas)) return null;
  for (const e of entradas) for (const c of Array.isArray(e?.changes) ? e.changes : []) if (typeof c?.value?.metadata?.phone_number_id === 'string') return c.value.metadata.phone_number_id;
  return null;
}

/** A received picture, document or audio: what it is, to be downloaded after the commit. */
function midiaRecebida(m: z.infer<typeof mensagemRecebida>): MidiaWhatsApp | null {
  const [tipo, arquivo] = m.image?.id ? (['imagem', m.image] as const) : m.document?.id ? (['documento', m.document] as const) : m.audio?.id ? (['audio', m.audio] as const) : [null, null];
  if (!tipo || !arquivo?.id) return null;
  const nome = 'filename' in arquivo && arquivo.filename ? arquivo.filename.replace(/[\/\\\u0000-\u001f]/g, '_') : null;
  return { tipo, mime: arquivo.mime_type ?? 'application/octet-stream', nome, tamanho: null, mediaId: arquivo.id, arquivo: null, erro: null };
}

function textoRecebido(m: z.infer<typeof mensagemRecebida>): string {
  if (m.text) return m.text.body;
  if (m.button) return m.button.text;
  if (m.interactive) return m.interactive.button_reply?.title ?? m.interactive.list_reply?.title ?? '[resposta]';
  const rotulo: Record<string, string> = { image: 'imagem', audio: 'áudio', video: 'vídeo', document: 'documento', sticker: 'figurinha', location: 'localização', contacts: 'contato' };
  return `[${rotulo[m.type] ?? m.type}]${m.image?.caption ? ` ${m.image.caption}` : ''}`;
}

const instante = (segundos: string) => new Date(Number(segundos) * 1000);

/**
 * One signed webhook body, in the robot's group transaction: each new message stored once (its wamid),
 * its conversation opened with one more unread; each status moves its message forward only.
 */
export async function receberWebhook(tx: Transaction, grupo: string, phoneNumberId: string, corpo: CorpoWebhook): Promise<{ mensagens: number; duplicadas: number; situacoes: number; midias: { id: string; mediaId: string }[] }> {
  const midias: { id: string; mediaId: string }[] = [];
  let mensagens = 0;
  let duplicadas = 0;
  let situacoes = 0;
  for (const entrada of corpo.entry)
    for (const mudanca of entrada.changes) {
      const v = mudanca.value;
      if (mudanca.field !== 'messages' || !v || v.metadata.phone_number_id !== phoneNumberId) continue;
      const nomes = new Map((v.contacts ?? []).filter((c) => c.wa_id).map((c) => [c.wa_id!, c.profile?.name ?? null]));
      for (const m of v.messages ?? []) {
        const em = instante(m.timestamp);
        const conversa = await conversaDoNumero(tx, grupo, m.from, nomes.get(m.from) ?? null, em);
        const midia = midiaRecebida(m);
        const conteudo = midia ? textoDaMidia(midia, m.image?.caption ?? m.document?.caption) : textoRecebido(m);
        const inserida = await tx
          .insert(whatsappMensagem)
          .values({ grupoEmpresarialId: grupo, id: newId(), conversaId: conversa, direcao: 'entrada', tipo: midia ? 'midia' : m.text ? 'texto' : 'outro', texto: conteudo, midia, situacao: 'recebida', wamid: m.id, origem: 'cliente', createdAt: em, situacaoEm: em })
          .onConflictDoNothing({ target: [whatsappMensagem.grupoEmpresarialId, whatsappMensagem.wamid], where: sql`wamid is not null` })
          .returning({ id: whatsappMensagem.id });
        if (!inserida.length) {
          duplicadas++;
          continue;
        }
        mensagens++;
        if (midia?.mediaId) midias.push({ id: inserida[0]!.id, mediaId: midia.mediaId });
        await tx
          .update(whatsappConversa)
          .set({
            situacao: 'aberta',
            naoLidas: sql`${whatsappConversa.naoLidas} + 1`,
            ultimaMensagem: sql`case when ${whatsappConversa.ultimaMensagemEm} <= ${em.toISOString()}::timestamptz then ${conteudo.slice(0, 200)} else ${whatsappConversa.ultimaMensagem} end`,
            ultimaMensagemEm: sql`greatest(${whatsappConversa.ultimaMensagemEm}, ${em.toISOString()}::timestamptz)`,
            version: sql`${whatsappConversa.version} + 1`,
          })
          .where(and(eq(whatsappConversa.grupoEmpresarialId, grupo), eq(whatsappConversa.id, conversa)));
      }
      for (const s of v.statuses ?? []) {
        const nova = SITUACAO_DO_STATUS[s.status];
        if (!nova) continue;
        const [m] = await tx.select({ id: whatsappMensagem.id, situacao: whatsappMensagem.situacao }).from(whatsappMensagem).where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.wamid, s.id))).for('update');
        if (!m || !situacaoAvanca(m.situacao, nova)) continue;
        const erro =
          nova !== 'falhou'
            ? null
            : (s.errors ?? []).some((e) => e.code === REENGAJAMENTO)
              ? JANELA_FECHADA
              : (s.errors ?? []).map((e) => `${e.title ?? e.message ?? 'erro'}${e.code !== undefined ? ` (código ${e.code})` : ''}`).join('; ') || 'O WhatsApp não entregou.';
        await tx
          .update(whatsappMensagem)
          .set({ situacao: nova, situacaoEm: instante(s.timestamp), ...(erro ? { ultimoErro: erro } : {}), version: sql`${whatsappMensagem.version} + 1` })
          .where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.id, m.id)));
        situacoes++;
      }
    }
  return { mensagens, duplicadas, situacoes, midias };
}
