import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deliveryOauth } from '../../db/schema/index.ts';
import { cifrar, decifrar } from '../../security/cifra.ts';
import { semResposta, semRespostaDeRede } from '../semResposta.ts';

/**
 * iFood-kind outbound authentication: the integration's OAuth 2 client (id and secret the marketplace
 * issued, kept encrypted) is traded for a bearer token at the marketplace's token endpoint
 * (POST {urlApi}/authentication/v1.0/oauth/token, form grantType=client_credentials&clientId&clientSecret →
 * {accessToken, expiresIn}). The token is kept in memory until shortly before it expires; a 401 on a call
 * drops it and the call is tried once more with a new one (retorno.ts). The generic kind signs with HMAC.
 */

type Integracao = { grupoEmpresarial: string; id: string };
const contexto = (i: Integracao, qual: 'clientId' | 'clientSecret') => `delivery/${i.grupoEmpresarial}/${i.id}/oauth/${qual}`;

export function cifrarClienteOauth(chave: Buffer, i: Integracao, clientId: string, clientSecret: string) {
  return { clientIdCifrado: cifrar(chave, Buffer.from(clientId, 'utf8'), contexto(i, 'clientId')), clientSecretCifrado: cifrar(chave, Buffer.from(clientSecret, 'utf8'), contexto(i, 'clientSecret')) };
}

export async function clienteOauth(tx: Executor, i: Integracao) {
  const [c] = await tx.select().from(deliveryOauth).where(and(eq(deliveryOauth.grupoEmpresarialId, i.grupoEmpresarial), eq(deliveryOauth.integracaoId, i.id)));
  return c;
}

/** Thrown when the token endpoint does not give a token: the call it was for fails with this message. */
export class FalhaToken extends Error {
  constructor(
    mensagem: string,
    readonly definitivo: boolean,
  ) {
    super(mensagem);
  }
}

type Guardado = { token: string; renovarEm: number; credencial: string };
const cache = new Map<string, Promise<Guardado>>();
const TEMPO_LIMITE_MS = 10_000;

/** Renewed a minute before its expiry (a fifth of a short lifetime), so no call goes with a dying token. */
const margemMs = (expiraS: number) => Math.min(60, expiraS / 5) * 1000;

async function pedirToken(base: string, clientId: string, clientSecret: string, credencial: string): Promise<Guardado> {
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/authentication/v1.0/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grantType: 'client_credentials', clientId, clientSecret }).toString(),
      signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
    });
  } catch (e) {
    throw new FalhaToken(`Token do marketplace: ${semRespostaDeRede(e) ? semResposta('do marketplace', e) : (e as Error).message.slice(0, 200)}`, false);
  }
  const corpo = (await res.json().catch(() => null)) as { accessToken?: unknown; expiresIn?: unknown } | null;
  if (!res.ok || typeof corpo?.accessToken !== 'string') {
    const recusou = res.status === 400 || res.status === 401 || res.status === 403;
    throw new FalhaToken(recusou ? `O marketplace recusou o client id/secret (token: HTTP ${res.status}).` : `Token do marketplace: HTTP ${res.status}`, recusou);
  }
  const expiraS = typeof corpo.expiresIn === 'number' && corpo.expiresIn > 0 ? corpo.expiresIn : 3600;
  return { token: corpo.accessToken, renovarEm: Date.now() + expiraS * 1000 - margemMs(expiraS), credencial };
}

/**
 * The bearer token for the integration's calls, from the cache while it is fresh (and its client
 * unchanged), else from the token endpoint; concurrent calls share one request. `novo` skips the cache
 * (after a 401).
 */
export async function tokenDoMarketplace(chave: Buffer, i: Integracao & { urlApi: string }, c: NonNullable<Awaited<ReturnType<typeof clienteOauth>>>, o: { novo?: boolean } = {}): Promise<string> {
  const chaveCache = `${i.grupoEmpresarial}/${i.id}`;
  const credencial = `${c.definidoEm.getTime()}`;
  const emCache = cache.get(chaveCache);
  if (emCache && !o.novo) {
    const g = await emCache.catch(() => null);
    if (g && g.credencial === credencial && g.renovarEm > Date.now()) return g.token;
  }
  const pedido = pedirToken(i.urlApi, decifrar(chave, c.clientIdCifrado, contexto(i, 'clientId')).toString('utf8'), decifrar(chave, c.clientSecretCifrado, contexto(i, 'clientSecret')).toString('utf8'), credencial);
  cache.set(chaveCache, pedido);
  pedido.catch(() => cache.get(chaveCache) === pedido && cache.delete(chaveCache));
  return (await pedido).token;
}
