import { mensagens, type Permissoes } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessao } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
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

/** preHandler for every route that needs a signed-in user: 401 envelope otherwise. */
export function requireSession(ctx: AppContext) {
  return async function requireSessionHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    const row = token ? await findSession(ctx.db, sha256(token)) : null;
    if (!token || !row) {
      if (token) void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new HttpError(401, mensagens.sessaoExpirada);
    }
    request.sessao = { id: row.id, usuario: row.usuario, grupoEmpresarial: row.grupoEmpresarial, empresa: row.empresa, permissoes: permissoesDe(row, row.perfil) };
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await withTenant(ctx.db, { grupoEmpresarial: row.grupoEmpresarial }, (tx) =>
        tx
          .update(sessao)
          .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + ${`${SESSION_TTL_MS} milliseconds`}::interval` })
          .where(and(eq(sessao.grupoEmpresarialId, row.grupoEmpresarial), eq(sessao.id, row.id))),
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
