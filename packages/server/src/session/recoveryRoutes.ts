import { alterarSenhaBody, mensagens, recuperarSenhaBody } from '@retaguarda/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { chaveSenha, sessao, usuario } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { enqueueEmail, type OutboxRef } from '../mail/outbox.ts';
import { envelopeOk, HttpError, mensagemData, ok } from '../plugins/envelope.ts';
import type { Transaction } from '../db/client.ts';
import { avisarSessoes } from './cacheSessoes.ts';
import { findUsersByEmail, findValidKey, type RecoveryTarget } from './ownerQueries.ts';
import { hashSenha } from './password.ts';
import { RateLimiter } from './rateLimit.ts';
import { recoveryEmail } from './recoveryEmail.ts';
import { newSecret, sha256 } from './tokens.ts';

export const CHAVE_VALIDADE_MS = 60 * 60 * 1000;

/**
 * A one-hour reset key for the user and its e-mail in the outbox, in the caller's tenant transaction
 * (used by /recuperarSenha and by an administrator's "send reset e-mail" on the users screen).
 * Dispatch the returned ref after commit.
 */
export async function enfileirarRedefinicao(tx: Transaction, appUrl: string, alvo: RecoveryTarget): Promise<OutboxRef> {
  const chave = newSecret();
  const link = `${appUrl}/alterarSenha/${chave}`;
  await tx.insert(chaveSenha).values({
    grupoEmpresarialId: alvo.grupoEmpresarial,
    chaveHash: sha256(chave),
    usuarioId: alvo.id,
    expiresAt: sql`now() + interval '1 hour'`,
  });
  return enqueueEmail(tx, alvo.grupoEmpresarial, recoveryEmail(alvo, link));
}

/** Password recovery by e-mail (SPEC.md §2 /recuperarSenha and /alterarSenha/:chave). */
export async function recoveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pedidos = new RateLimiter(5, 15 * 60 * 1000);
  const tags = ['sessão'];

  r.post(
    '/api/recuperarSenha',
    {
      schema: {
        tags,
        security: [],
        summary: 'Pedir o link de redefinição de senha por e-mail',
        description: 'Responde sempre o mesmo e no mesmo tempo, exista ou não o e-mail: a busca do usuário e o link são feitos depois da resposta.',
        body: recuperarSenhaBody,
        response: { 200: envelopeOk(mensagemData) },
      },
      // After the answer left: nothing the database does for this e-mail can change the answer or its timing.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { email } = request.body;
        ctx.outbox.agendar(async () => {
          const refs: OutboxRef[] = [];
          for (const alvo of await findUsersByEmail(ctx.db, email)) {
            refs.push(await withTenant(ctx.db, { grupoEmpresarial: alvo.grupoEmpresarial }, (tx) => enfileirarRedefinicao(tx, ctx.config.appUrl, alvo)));
          }
          return refs;
        });
      },
    },
    async (request) => {
      const keys = [`ip:${request.ip}`, `email:${request.body.email.trim().toLowerCase()}`];
      const wait = Math.max(...keys.map((key) => pedidos.retryAfter(key)));
      if (wait > 0) throw new HttpError(429, mensagens.muitasTentativas, { 'retry-after': String(wait) });
      for (const key of keys) pedidos.hit(key);
      return ok({ message: mensagens.recuperacaoEnviada });
    },
  );

  r.post(
    '/api/alterarSenha',
    {
      schema: {
        tags,
        security: [],
        summary: 'Definir nova senha com a chave recebida por e-mail',
        body: alterarSenhaBody,
        response: { 200: envelopeOk(mensagemData) },
      },
    },
    async (request) => {
      const chaveHash = sha256(request.body.chave);
      const chave = await findValidKey(ctx.db, chaveHash);
      if (!chave) throw new HttpError(400, mensagens.chaveInvalida);
      const senhaHash = await hashSenha(request.body.senha);
      const alterou = await withTenant(ctx.db, { grupoEmpresarial: chave.grupoEmpresarial }, async (tx) => {
        // The conditional update is the real check: of two concurrent uses only one marks the key.
        const usada = await tx
          .update(chaveSenha)
          .set({ usedAt: sql`now()`, version: sql`${chaveSenha.version} + 1` })
          .where(and(eq(chaveSenha.grupoEmpresarialId, chave.grupoEmpresarial), eq(chaveSenha.id, chave.id), isNull(chaveSenha.usedAt), sql`${chaveSenha.expiresAt} > now()`))
          .returning({ id: chaveSenha.id });
        if (usada.length === 0) return false;
        const doUsuario = and(eq(usuario.grupoEmpresarialId, chave.grupoEmpresarial), eq(usuario.id, chave.usuario));
        await tx.update(usuario).set({ senhaHash, version: sql`${usuario.version} + 1` }).where(doUsuario);
        // Other links of the same user die with this one; every signed-in browser must sign in again.
        await tx
          .update(chaveSenha)
          .set({ usedAt: sql`now()` })
          .where(and(eq(chaveSenha.grupoEmpresarialId, chave.grupoEmpresarial), eq(chaveSenha.usuarioId, chave.usuario), isNull(chaveSenha.usedAt)));
        await tx.delete(sessao).where(and(eq(sessao.grupoEmpresarialId, chave.grupoEmpresarial), eq(sessao.usuarioId, chave.usuario)));
        await avisarSessoes(tx, { grupoEmpresarial: chave.grupoEmpresarial, usuario: chave.usuario });
        return true;
      });
      if (!alterou) throw new HttpError(400, mensagens.chaveInvalida);
      return ok({ message: mensagens.senhaAlterada });
    },
  );
}
