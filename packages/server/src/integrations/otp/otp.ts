import { randomBytes, randomInt, createHash, timingSafeEqual } from 'node:crypto';
import { numeroWhatsApp, preencherMensagem, type CanalOtp } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { otpCodigo } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { enqueueEmail, type OutboxRef } from '../../mail/outbox.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { conexaoDoGrupo } from '../whatsapp/conexao.ts';
import { enviarMensagemWhatsApp, type MensagemNaFila } from '../whatsapp/fila.ts';
import { janelaAbertaDoNumero } from '../whatsapp/janela.ts';
import { modeloParaEnvio } from '../whatsapp/modelos.ts';
import type { AppContext } from '../../context.ts';
import { credencialSms, numeroSms, provedorSmsDe } from './sms.ts';

/**
 * One-time codes (provedorOTP): a customer of the QR or delivery pages asks one for an e-mail or phone and
 * signs in with it. The code is random, only its salted hash is kept, it ends at expiry, at the last wrong
 * attempt or once used, and a destination may ask only so many per hour.
 */

interface Provedor {
  id: string;
  canal: CanalOtp;
  remetenteSms?: string | null;
  tamanhoCodigo: number;
  validadeMinutos: number;
  tentativas: number;
  limitePorHora: number;
  mensagem: string;
  modeloWhatsApp?: string;
  idiomaModeloWhatsApp?: string;
}

/** Free text reaches a WhatsApp number only within 24 hours of its last message (Meta's rule); said where the code is asked. */
export const OTP_FORA_DA_JANELA =
  'WhatsApp: a Meta só entrega o código em texto a quem escreveu para a loja nas últimas 24 horas. Mande uma mensagem para o WhatsApp da loja e peça o código de novo (ou a loja escolhe um modelo de autenticação no Provedor de OTP).'

const HORA_MS = 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The group's active provider (the last one changed, if several), or a 409 saying how to set one. */
async function provedorAtivo(tx: Transaction, grupo: string): Promise<Provedor> {
  const [p] = (
    await tx.execute<{ id: string; dados: Provedor }>(sql`
      select id, dados from registro where grupo_empresarial_id = ${grupo} and recurso = 'provedorOTP' and not lixo and coalesce((dados->>'ativo')::boolean, true)
      order by updated_at desc limit 1`)
  ).rows;
  if (!p) throw new HttpError(409, 'Nenhum provedor de OTP ativo: cadastre um em Integrações → Provedor de OTP.');
  return { ...p.dados, id: p.id };
}

/** The channel of the group's active provider when it can send codes (the public pages offer sign-in then), else null. */
export async function canalQueEnvia(tx: Transaction, grupo: string): Promise<CanalOtp | null> {
  const p = await provedorAtivo(tx, grupo).catch(() => null);
  if (!p) return null;
  if (p.canal === 'WhatsApp' && !(await conexaoDoGrupo(tx, grupo))?.ativo) return null;
  if (p.canal === 'SMS' && !(await credencialSms(tx, grupo, p.id))) return null;
  return p.canal;
}

/** The destination as the channel reads it (an e-mail in lower case, a phone's digits), or a 400 naming it. */
function destinoDo(canal: CanalOtp, bruto: string): string {
  const texto = bruto.trim();
  if (canal === 'E-mail') {
    if (!EMAIL.test(texto) || texto.length > 254) throw new HttpError(400, 'Destino: informe um e-mail válido.', {}, { destino: 'Informe um e-mail válido.' });
    return texto.toLowerCase();
  }
  const digitos = texto.replace(/\D/g, '');
  if (digitos.length < 10 || digitos.length > 13) throw new HttpError(400, 'Destino: informe o telefone com DDD.', {}, { destino: 'Informe o telefone com DDD.' });
  return digitos;
}

const hash = (sal: string, codigo: string) => createHash('sha256').update(`${sal}:${codigo}`).digest('hex');

/**
 * Sends a new code to `destinoBruto` through the group's provider, in the caller's transaction (the e-mail
 * goes through the outbox, the WhatsApp message through the robot's queue: dispatch the returned one after
 * commit, enviarCodigoDepois). An SMS is handed to the gateway before the transaction ends (`o.sms` gives
 * its address and key), so a gateway's refusal or silence is the answer (502/503) and nothing is kept.
 * 429 past the destination's hourly limit.
 * `codigo` is returned for the caller's own use only (a test): never put it in an answer.
 */
export async function emitirCodigo(
  tx: Transaction,
  grupo: string,
  destinoBruto: string,
  o: { empresa: string; agora?: Date; sms?: Pick<AppContext, 'config' | 'chaveSegredos'> },
): Promise<{ destino: string; expiraEm: Date; email: OutboxRef | null; whatsapp: MensagemNaFila | null; codigo: string }> {
  const p = await provedorAtivo(tx, grupo);
  const destino = destinoDo(p.canal, destinoBruto);
  const agora = o.agora ?? new Date();
  const [janela] = (
    await tx.execute<{ n: number; primeiro: string | null }>(sql`
      select count(*)::int n, min(created_at)::text primeiro from otp_codigo
      where grupo_empresarial_id = ${grupo} and destino = ${destino} and created_at > ${new Date(agora.getTime() - HORA_MS).toISOString()}::timestamptz`)
  ).rows;
  if (janela && janela.n >= p.limitePorHora) {
    const minutos = Math.max(1, Math.ceil((new Date(janela.primeiro!).getTime() + HORA_MS - agora.getTime()) / 60_000));
    throw new HttpError(429, `Destino: muitos códigos pedidos na última hora; tente de novo em ${minutos} min.`, {}, { destino: 'Muitos códigos pedidos na última hora.' });
  }
  const codigo = String(randomInt(10 ** p.tamanhoCodigo)).padStart(p.tamanhoCodigo, '0');
  const sal = randomBytes(16).toString('hex');
  const expiraEm = new Date(agora.getTime() + p.validadeMinutos * 60_000);
  await tx.insert(otpCodigo).values({ grupoEmpresarialId: grupo, id: newId(), destino, canal: p.canal, sal, codigoHash: hash(sal, codigo), expiraEm, tentativasMaximas: p.tentativas, createdAt: agora });
  const texto = preencherMensagem(p.mensagem, { codigo, minutos: String(p.validadeMinutos), empresa: o.empresa });
  if (p.canal === 'SMS') {
    if (!o.sms) throw new HttpError(503, 'SMS: este servidor não envia SMS por aqui; use a página do cliente ou o teste do Provedor de OTP.');
    const gateway = await provedorSmsDe(tx, o.sms, grupo, p.id);
    await gateway.enviar({ remetente: p.remetenteSms?.trim() || o.empresa.slice(0, 11) || 'Retaguarda', para: numeroSms(destino), texto });
    return { destino, expiraEm, email: null, whatsapp: null, codigo };
  }
  if (p.canal === 'WhatsApp') {
    // Through the group's robot (409 when it is not connected); the caller dispatches it after commit. An approved
    // authentication template reaches anyone; the text only a customer who wrote within 24 hours.
    const modelo = p.modeloWhatsApp ? { ...(await modeloParaEnvio(tx, grupo, p.modeloWhatsApp, p.idiomaModeloWhatsApp || 'pt_BR', [codigo])), botaoCodigo: codigo } : null;
    if (!modelo && (await conexaoDoGrupo(tx, grupo))?.ativo && !(await janelaAbertaDoNumero(tx, grupo, numeroWhatsApp(destino) ?? destino, agora))) throw new HttpError(409, OTP_FORA_DA_JANELA, {}, { destino: 'Fora das 24 horas do WhatsApp.' });
    const whatsapp = await enviarMensagemWhatsApp(tx, grupo, destino, modelo ?? texto, { origem: 'otp', agora });
    return { destino, expiraEm, email: null, whatsapp, codigo };
  }
  const email = await enqueueEmail(tx, grupo, { para: destino, assunto: `${o.empresa}: seu código de acesso`, texto });
  return { destino, expiraEm, email, whatsapp: null, codigo };
}

export type Verificacao = { ok: true; destino: string } | { ok: false; status: 400 | 410 | 429; mensagem: string };

/**
 * Checks a code against the destination's last one. A wrong code counts an attempt (the caller commits it
 * and answers the refusal after); the last allowed wrong attempt ends the code; a right one ends it too.
 */
export async function verificarCodigo(tx: Transaction, grupo: string, destinoBruto: string, codigo: string, agora = new Date()): Promise<Verificacao> {
  const p = await provedorAtivo(tx, grupo);
  const destino = destinoDo(p.canal, destinoBruto);
  const [c] = (
    await tx.execute<{ id: string; sal: string; codigo_hash: string; expira_em: string; tentativas: number; tentativas_maximas: number; usado_em: string | null }>(sql`
      select id, sal, codigo_hash, expira_em::text, tentativas, tentativas_maximas, usado_em::text from otp_codigo
      where grupo_empresarial_id = ${grupo} and destino = ${destino} order by created_at desc, id desc limit 1 for update`)
  ).rows;
  if (!c || c.usado_em || new Date(c.expira_em).getTime() <= agora.getTime()) return { ok: false, status: 410, mensagem: 'Código expirado ou já usado: peça outro.' };
  if (c.tentativas >= c.tentativas_maximas) return { ok: false, status: 429, mensagem: 'Tentativas esgotadas: peça outro código.' };
  const certo = /^\d{4,8}$/.test(codigo) && timingSafeEqual(Buffer.from(hash(c.sal, codigo), 'hex'), Buffer.from(c.codigo_hash, 'hex'));
  if (certo) {
    await tx.execute(sql`update otp_codigo set usado_em = ${agora.toISOString()}::timestamptz, updated_at = now(), version = version + 1 where grupo_empresarial_id = ${grupo} and id = ${c.id}`);
    return { ok: true, destino };
  }
  await tx.execute(sql`update otp_codigo set tentativas = tentativas + 1, updated_at = now(), version = version + 1 where grupo_empresarial_id = ${grupo} and id = ${c.id}`);
  const restantes = c.tentativas_maximas - c.tentativas - 1;
  return restantes > 0
    ? { ok: false, status: 400, mensagem: `Código incorreto. ${restantes === 1 ? 'Resta 1 tentativa.' : `Restam ${restantes} tentativas.`}` }
    : { ok: false, status: 429, mensagem: 'Código incorreto. As tentativas acabaram: peça outro código.' };
}

/** After the code's transaction committed: its e-mail leaves now (a WhatsApp message leaves at the commit by itself, fila.ts). */
export function enviarCodigoDepois(ctx: AppContext, enviado: { email: OutboxRef | null }): void {
  if (enviado.email) ctx.outbox.dispatch([enviado.email]);
}
