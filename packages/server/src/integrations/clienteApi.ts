import { escoposApi, escopoDaOperacao, type EscopoApi } from '@retaguarda/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { appTerceirosChamada, appTerceirosChave, appTerceirosToken, grupoEmpresarial, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { HttpError } from '../plugins/envelope.ts';
import { RateLimiter } from '../session/rateLimit.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { sha256 } from '../session/tokens.ts';

/** A bearer token lasts an hour (RFC 6749 §4.4: the client asks for another with its credentials). */
export const TOKEN_CLIENTE_SEGUNDOS = 3600;

/** Who is calling with a client's key or token: kept on the request for the audit of its calls. */
export interface ClienteApi {
  grupoEmpresarial: string;
  app: string;
  chave: string;
  empresa?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    clienteApi?: ClienteApi;
  }
}

interface DadosCliente {
  nome?: string;
  escopos?: string[];
  empresas?: string[];
  limitePorMinuto?: number;
  ativo?: boolean;
}

const app = alias(registro, 'app_terceiros');

/** The live parts of a key: the key not revoked, its client active and not in the trash, the group not in the trash. */
const chaveViva = and(
  isNull(appTerceirosChave.revogadaEm),
  sql`coalesce((${app.dados}->>'ativo')::boolean, true)`,
  eq(app.lixo, false),
  eq(grupoEmpresarial.lixo, false),
);

/**
 * A key by its client_id (the token endpoint, before the group is known: hence the owner's
 * connection, like the device sign-in). Null when unknown; `viva` false when revoked or the client is off.
 */
export async function chavePorClientId(db: Database, clientId: string) {
  const [row] = await db
    .select({
      chave: appTerceirosChave.id,
      grupoEmpresarial: appTerceirosChave.grupoEmpresarialId,
      app: appTerceirosChave.appTerceirosId,
      segredoHash: appTerceirosChave.segredoHash,
      dados: app.dados,
      viva: sql<boolean>`${chaveViva}`,
    })
    .from(appTerceirosChave)
    .innerJoin(app, and(eq(app.grupoEmpresarialId, appTerceirosChave.grupoEmpresarialId), eq(app.id, appTerceirosChave.appTerceirosId), eq(app.recurso, 'appTerceirosCadastro')))
    .innerJoin(grupoEmpresarial, eq(grupoEmpresarial.id, appTerceirosChave.grupoEmpresarialId))
    .where(eq(appTerceirosChave.id, clientId))
    .limit(1);
  return row ? { ...row, dados: row.dados as DadosCliente } : null;
}

/** The client behind a bearer token's hash, while the token lasts and its key and client live. */
async function clientePorToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      token: appTerceirosToken.id,
      grupoEmpresarial: appTerceirosToken.grupoEmpresarialId,
      app: appTerceirosToken.appTerceirosId,
      chave: appTerceirosToken.chaveId,
      escopos: appTerceirosToken.escopos,
      dados: app.dados,
    })
    .from(appTerceirosToken)
    .innerJoin(appTerceirosChave, and(eq(appTerceirosChave.grupoEmpresarialId, appTerceirosToken.grupoEmpresarialId), eq(appTerceirosChave.id, appTerceirosToken.chaveId)))
    .innerJoin(app, and(eq(app.grupoEmpresarialId, appTerceirosToken.grupoEmpresarialId), eq(app.id, appTerceirosToken.appTerceirosId), eq(app.recurso, 'appTerceirosCadastro')))
    .innerJoin(grupoEmpresarial, eq(grupoEmpresarial.id, appTerceirosToken.grupoEmpresarialId))
    .where(and(eq(appTerceirosToken.tokenHash, tokenHash), gt(appTerceirosToken.expiraEm, sql`now()`), chaveViva))
    .limit(1);
  return row ? { ...row, dados: row.dados as DadosCliente } : null;
}

/** One sliding minute per client, at the client's own limit (a changed limit starts a new window). */
const limitadores = new Map<string, RateLimiter>();

/** 429 with Retry-After when the client has made its calls of this minute; otherwise counts this one. */
export function contarChamada(cliente: { app: string; dados: DadosCliente }): void {
  const limite = cliente.dados.limitePorMinuto ?? 60;
  const chave = `${cliente.app}:${limite}`;
  let limitador = limitadores.get(chave);
  if (!limitador) limitadores.set(chave, (limitador = new RateLimiter(limite, 60_000)));
  const espera = limitador.retryAfter(cliente.app);
  if (espera > 0) throw new HttpError(429, `Limite de ${limite} chamadas por minuto deste aplicativo atingido. Tente de novo em ${espera} s.`, { 'retry-after': String(espera) });
  limitador.hit(cliente.app);
}

const TOKEN_INVALIDO = 'Token de acesso inválido, expirado ou revogado. Peça outro em POST /api/oauth/token.';

/**
 * The session of a call made with a client's bearer token (requireSession sends every
 * `Authorization: Bearer` without a cookie here). The group is the client's; the company is the
 * X-Empresa header, one of the client's companies (or its only one); the route must be one a scope
 * opens (escoposApi) and the token must carry that scope. Its permissions are only the read of the
 * screens of its scopes, so the route's own permission check still applies.
 */
export async function sessaoDoCliente(ctx: AppContext, request: FastifyRequest, token: string): Promise<SessaoRequest> {
  const cliente = await clientePorToken(ctx.db, sha256(token));
  if (!cliente) throw new HttpError(401, TOKEN_INVALIDO, { 'www-authenticate': 'Bearer error="invalid_token"' });
  request.clienteApi = { grupoEmpresarial: cliente.grupoEmpresarial, app: cliente.app, chave: cliente.chave };
  contarChamada(cliente);
  const escopo = escopoDaOperacao(request.method, request.routeOptions.url ?? '');
  if (!escopo) throw new HttpError(403, 'Esta rota não aceita token de aplicativo de terceiros.');
  if (!cliente.escopos.includes(escopo)) {
    throw new HttpError(403, `Falta o escopo ${escopo} para esta chamada.`, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${escopo}"` });
  }
  const empresas = cliente.dados.empresas ?? [];
  const pedida = request.headers['x-empresa'];
  const empresa = typeof pedida === 'string' && pedida ? pedida : empresas.length === 1 ? empresas[0] : undefined;
  if (!empresa) throw new HttpError(400, 'Informe a empresa no cabeçalho X-Empresa (uma das empresas deste aplicativo).');
  if (!empresas.includes(empresa)) throw new HttpError(403, 'Este aplicativo não tem acesso a esta empresa.');
  request.clienteApi.empresa = empresa;
  const telas = Object.fromEntries(cliente.escopos.flatMap((e) => (escoposApi[e as EscopoApi]?.telas ?? []).map((t) => [t, ['ver' as const]])));
  return { id: cliente.token, usuario: `appTerceiros:${cliente.app}`, grupoEmpresarial: cliente.grupoEmpresarial, empresa, permissoes: { administrador: false, telas, pdv: [] } };
}

/**
 * The audit of every call a client made (token requests included), written after the answer with
 * its status; a failure to write it is logged, never turned into the client's error. Its time is when
 * the call arrived: the writes of two quick calls may land in the other order.
 */
export function registrarAuditoriaClientes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const c = request.clienteApi;
    if (!c) return;
    const chegada = new Date(Date.now() - reply.elapsedTime);
    try {
      await withTenant(ctx.db, { grupoEmpresarial: c.grupoEmpresarial }, (tx) =>
        tx.insert(appTerceirosChamada).values({
          grupoEmpresarialId: c.grupoEmpresarial,
          appTerceirosId: c.app,
          chaveId: c.chave,
          empresaId: c.empresa ?? null,
          metodo: request.method,
          rota: (request.url.split('?')[0] ?? '').slice(0, 300),
          status: reply.statusCode,
          createdAt: chegada,
        }),
      );
    } catch (error) {
      request.log.error({ err: error }, 'auditoria de aplicativo de terceiros não gravada');
    }
  });
}
