import { mensagens, type Permissoes } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessao } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import type { SessaoGuardada } from './cacheSessoes.ts';
import { sessaoDoCliente } from '../integrations/clienteApi.ts';
import { HttpError } from '../plugins/envelope.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, sessionCookieOptions } from './cookie.ts';
import { findSession } from './ownerQueries.ts';
import { permissoesDe } from './permissoes.ts';
import { sha256 } from './tokens.ts';

/** Who is calling: taken only from the session row, never from the body, query or filter. */
export interface SessaoRequest {
  id: string;
  usuario: string;
  grupoEmpresarial: string;
  empresa: string;
  /** The user's access profile as of this request (administrators: everything). */
  permissoes: Permissoes;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessao: SessaoRequest | null;
  }
}

/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function registerSessionDecorator(app: FastifyInstance): void {
  app.decorateRequest('sessao', null);
}

/**
 * The session of a token's hash: from this process's cache, else from the database (then kept there).
 * Undefined when there is none: signed out, expired, the user inactive or in the trash.
 */
async function sessaoDoToken(ctx: AppContext, chave: string): Promise<SessaoGuardada | undefined> {
  const guardada = ctx.sessoes.ler(chave);
  if (guardada) return guardada;
  const marca = ctx.sessoes.marca();
  const row = await findSession(ctx.db, chave);
  if (!row) return undefined;
  const lida: SessaoGuardada = {
    sessao: { id: row.id, usuario: row.usuario, grupoEmpresarial: row.grupoEmpresarial, empresa: row.empresa, permissoes: permissoesDe(row, row.perfil) },
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
  ctx.sessoes.guardar(chave, marca, lida);
  return lida;
}

/** preHandler for every route that needs a signed-in user: 401 envelope otherwise. */
export function requireSession(ctx: AppContext) {
  return async function requireSessionHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    // A third party's API client (OAuth 2 bearer token) on the routes its scopes open; never with a cookie.
    const bearer = token ? undefined : /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      request.sessao = await sessaoDoCliente(ctx, request, bearer);
      return;
    }
    const guardada = token ? await sessaoDoToken(ctx, sha256(token)) : undefined;
    if (!token || !guardada) {
      if (token) void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new HttpError(401, mensagens.sessaoExpirada);
    }
    // A copy per request: the kept one serves the next calls.
    const s = { ...guardada.sessao };
    request.sessao = s;
    if (Date.now() - guardada.lastSeenAt > TOUCH_EVERY_MS) {
      // Marked first, so the calls arriving meanwhile do not write it too.
      guardada.lastSeenAt = Date.now();
      guardada.expiresAt = Date.now() + SESSION_TTL_MS;
      await withTenant(ctx.db, { grupoEmpresarial: s.grupoEmpresarial }, (tx) =>
        tx
          .update(sessao)
          .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + ${`${SESSION_TTL_MS} milliseconds`}::interval` })
          .where(and(eq(sessao.grupoEmpresarialId, s.grupoEmpresarial), eq(sessao.id, s.id))),
      );
      void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config));
    }
  };
}

/** The session of a route behind requireSession. */
export function sessaoDe(request: FastifyRequest): SessaoRequest {
  if (!request.sessao) throw new HttpError(401, mensagens.sessaoExpirada);
  return request.sessao;
}
