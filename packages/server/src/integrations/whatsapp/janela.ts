import type { JanelaWhatsApp } from '@retaguarda/domain';
import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { whatsappConversa, whatsappMensagem } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';

/** Meta's customer service window: free text (and files) only within 24 hours of the customer's last message. */
export const JANELA_MS = 24 * 3_600_000;

/** The one message for a free text outside the window: our own refusal (409) and Meta's error 131047 say it alike. */
export const JANELA_FECHADA = 'Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.';

export type Janela = JanelaWhatsApp;

/** The window of a conversation at `agora`, from its last incoming message. */
export async function janelaDaConversa(tx: Executor, grupo: string, conversa: string, agora = new Date()): Promise<Janela> {
  const [l] = await tx
    .select({ em: max(whatsappMensagem.createdAt) })
    .from(whatsappMensagem)
    .where(and(eq(whatsappMensagem.grupoEmpresarialId, grupo), eq(whatsappMensagem.conversaId, conversa), eq(whatsappMensagem.direcao, 'entrada')));
  const em = l?.em ? new Date(l.em) : null;
  if (!em) return { aberta: false, ultimaEntradaEm: null, fechaEm: null };
  const fecha = new Date(em.getTime() + JANELA_MS);
  return { aberta: fecha.getTime() > agora.getTime(), ultimaEntradaEm: em.toISOString(), fechaEm: fecha.toISOString() };
}

/** 409 with JANELA_FECHADA when a free text cannot go to this conversation now. */
export async function exigirJanelaAberta(tx: Executor, grupo: string, conversa: string, agora = new Date()): Promise<void> {
  if (!(await janelaDaConversa(tx, grupo, conversa, agora)).aberta) throw new HttpError(409, JANELA_FECHADA);
}

/** Whether the customer of this WhatsApp number (5511…) wrote within the last 24 hours: free text may go to them. */
export async function janelaAbertaDoNumero(tx: Executor, grupo: string, numero: string, agora = new Date()): Promise<boolean> {
  const [conversa] = await tx.select({ id: whatsappConversa.id }).from(whatsappConversa).where(and(eq(whatsappConversa.grupoEmpresarialId, grupo), eq(whatsappConversa.numero, numero)));
  return conversa ? (await janelaDaConversa(tx, grupo, conversa.id, agora)).aberta : false;
}
