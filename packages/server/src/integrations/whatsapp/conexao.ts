import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { whatsappConexao } from '../../db/schema/index.ts';
import { cifrar, decifrar } from '../../security/cifra.ts';
import { sha256 } from '../../session/tokens.ts';

/** Meta's Graph API; WHATSAPP_API_URL (or the connection's own address) points elsewhere, e.g. a test double. */
export const API_WHATSAPP_PADRAO = 'https://graph.facebook.com/v21.0';

/** config.whatsappApiUrl, given once by buildApp (the senders reach the connection, not the app's context). */
let apiDaConfiguracao = API_WHATSAPP_PADRAO;
export function usarApiWhatsAppDaConfiguracao(url: string): void {
  apiDaConfiguracao = url;
}

export type LinhaConexao = typeof whatsappConexao.$inferSelect;

/** The connection as the sender needs it: where to post, as which number, with which token. */
export interface ConexaoWhatsApp {
  grupoEmpresarial: string;
  phoneNumberId: string;
  apiUrl: string;
  token: string;
}

export function enderecoApi(linha: Pick<LinhaConexao, 'apiUrl'>): string {
  return (linha.apiUrl || apiDaConfiguracao).replace(/\/+$/, '');
}

/** The AAD of a secret names the group and what it is, so a ciphertext copied elsewhere does not open. */
const contexto = (grupo: string, qual: 'token' | 'appSecret') => `whatsapp/${grupo}/${qual}`;
export const cifrarDaConexao = (chave: Buffer, grupo: string, qual: 'token' | 'appSecret', texto: string) => cifrar(chave, Buffer.from(texto, 'utf8'), contexto(grupo, qual));
export const decifrarDaConexao = (chave: Buffer, grupo: string, qual: 'token' | 'appSecret', cifrado: string) => decifrar(chave, cifrado, contexto(grupo, qual)).toString('utf8');

export async function conexaoDoGrupo(tx: Executor, grupo: string): Promise<LinhaConexao | undefined> {
  const [linha] = await tx.select().from(whatsappConexao).where(eq(whatsappConexao.grupoEmpresarialId, grupo));
  return linha;
}

export function paraEnvio(chave: Buffer, linha: LinhaConexao): ConexaoWhatsApp {
  return { grupoEmpresarial: linha.grupoEmpresarialId, phoneNumberId: linha.phoneNumberId, apiUrl: enderecoApi(linha), token: decifrarDaConexao(chave, linha.grupoEmpresarialId, 'token', linha.tokenCifrado) };
}

/** Active connections of a phone number id, looked up before the group is known (the owner's connection, as the delivery webhook). */
export function conexoesDoNumero(db: Database, phoneNumberId: string) {
  return db.select().from(whatsappConexao).where(and(eq(whatsappConexao.phoneNumberId, phoneNumberId), eq(whatsappConexao.ativo, true))).limit(10);
}

export function conexoesDoVerifyToken(db: Database, verifyToken: string) {
  return db.select({ grupo: whatsappConexao.grupoEmpresarialId }).from(whatsappConexao).where(and(eq(whatsappConexao.verifyTokenHash, sha256(verifyToken)), eq(whatsappConexao.ativo, true))).limit(1);
}

/** X-Hub-Signature-256: 'sha256=' and the HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function confereAssinaturaMeta(appSecret: string, corpo: Buffer, cabecalho: string | undefined): boolean {
  const hex = (cabecalho ?? '').trim().replace(/^sha256=/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(createHmac('sha256', appSecret).update(corpo).digest(), Buffer.from(hex, 'hex'));
}
