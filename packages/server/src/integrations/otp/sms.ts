import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { otpSmsCredencial } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { cifrar, decifrar } from '../../security/cifra.ts';

/**
 * The SMS side of provedorOTP: a gateway behind one interface, so another provider is one more
 * implementation. The one here speaks the common JSON shape of Brazilian gateways (Zenvia's v2):
 * POST {SMS_API_URL}/channels/sms/messages with the X-API-TOKEN header and
 * {from, to: '55DDDNUMERO', contents: [{type: 'text', text}]}, answering {id, …}.
 */
export interface ProvedorSms {
  enviar(m: { remetente: string; para: string; texto: string }): Promise<{ id: string }>;
}

const TEMPO_LIMITE_MS = 8_000;

export function gatewaySms(url: string, token: string): ProvedorSms {
  return {
    async enviar({ remetente, para, texto }) {
      let res: Response;
      try {
        res = await fetch(`${url}/channels/sms/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-token': token },
          body: JSON.stringify({ from: remetente, to: para, contents: [{ type: 'text', text: texto }] }),
          signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
        });
      } catch {
        throw new HttpError(503, 'SMS: o provedor de SMS não respondeu; nenhum código foi enviado. Tente de novo em instantes.');
      }
      const corpo = (await res.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
      // Why the gateway did not take it, as the manager and the customer read it: 502 refused, 503 unavailable.
      if (res.ok && typeof corpo?.id === 'string') return { id: corpo.id };
      if (res.status === 401 || res.status === 403) throw new HttpError(502, 'SMS: o provedor de SMS recusou o token; confira o token no Provedor de OTP. Nenhum código foi enviado.');
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        const motivo = typeof corpo?.message === 'string' ? ` (${corpo.message.slice(0, 120)})` : '';
        throw new HttpError(502, `SMS: o provedor de SMS recusou a mensagem${motivo}; nenhum código foi enviado.`);
      }
      throw new HttpError(503, `SMS: o provedor de SMS está indisponível (HTTP ${res.status}); nenhum código foi enviado. Tente de novo em instantes.`);
    },
  };
}

/** The AAD names the group and the provider's record, so a ciphertext copied to another does not open. */
const contexto = (grupo: string, provedor: string) => `otp/${grupo}/${provedor}/sms`;
export const cifrarTokenSms = (chave: Buffer, grupo: string, provedor: string, token: string) => cifrar(chave, Buffer.from(token, 'utf8'), contexto(grupo, provedor));

export async function credencialSms(tx: Executor, grupo: string, provedor: string) {
  const [c] = await tx.select().from(otpSmsCredencial).where(and(eq(otpSmsCredencial.grupoEmpresarialId, grupo), eq(otpSmsCredencial.provedorId, provedor)));
  return c;
}

/**
 * The gateway of a provedorOTP record, with its token opened, or a 409 saying what to set. `ctx` gives
 * SMS_API_URL and the key of secrets at rest.
 */
export async function provedorSmsDe(tx: Executor, ctx: Pick<AppContext, 'config' | 'chaveSegredos'>, grupo: string, provedor: string): Promise<ProvedorSms> {
  const c = await credencialSms(tx, grupo, provedor);
  if (!c) throw new HttpError(409, 'SMS: defina o token do provedor de SMS no Provedor de OTP.');
  return gatewaySms(ctx.config.smsApiUrl, decifrar(ctx.chaveSegredos(), c.tokenCifrado, contexto(grupo, provedor)).toString('utf8'));
}

/** A phone's digits (DDD and number) as the gateway wants them: with Brazil's 55 in front. */
export const numeroSms = (digitos: string) => (digitos.length >= 12 && digitos.startsWith('55') ? digitos : `55${digitos}`);
