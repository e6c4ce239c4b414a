import {
  escolherGrupoData,
  loginBody,
  mensagens,
  sessaoData,
  trocarEmpresaBody,
  trocarSenhaBody,
} from '@retaguarda/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { sessao, usuario } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, mensagemData, ok } from '../plugins/envelope.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, sessionCookieOptions } from './cookie.ts';
import { findLoginCandidates, findSession } from './ownerQueries.ts';
import { avisarSessoes } from './cacheSessoes.ts';
import { dummyVerify, hashSenha, verifySenha } from './password.ts';
import { requireSession, sessaoDe } from './requireSession.ts';
import { loadSessaoData } from './sessaoData.ts';
import { TentativasEntrada } from './tentativasEntrada.ts';
import { newSecret, sha256 } from './tokens.ts';

/** Sign-in, sign-out and the signed-in user's own session (SPEC.md §2 login and password change). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // In this process's memory: docs/decisions/0012 (several processes, restarts).
  const tentativas = new TentativasEntrada();
  const authenticated = requireSession(ctx);
  const tags = ['sessão'];

  r.post(
    '/api/login',
    {
      schema: {
        tags,
        security: [],
        summary: 'Entrar com login (ou e-mail) e senha',
        body: loginBody,
        response: { 200: envelopeOk(z.union([sessaoData, escolherGrupoData])) },
      },
    },
    async (request, reply) => {
      const { login, senha, grupoEmpresarial } = request.body;
      const wait = tentativas.espera(request.ip, login);
      if (wait > 0) throw new HttpError(429, mensagens.muitasTentativas, { 'retry-after': String(wait) });

      const candidatos = await findLoginCandidates(ctx.db, login, grupoEmpresarial);
      const aceitos = [];
      for (const candidato of candidatos) {
        if (await verifySenha(candidato.senhaHash, senha)) aceitos.push(candidato);
      }
      if (candidatos.length === 0) await dummyVerify(senha);
      if (aceitos.length === 0) {
        tentativas.falhou(request.ip, login);
        throw new HttpError(401, mensagens.loginInvalido);
      }
      tentativas.entrou(request.ip, login);
      if (aceitos.length > 1) {
        return ok({ escolherGrupo: aceitos.map((a) => ({ _id: a.grupoEmpresarial, nome: a.grupoNome })) });
      }
      const escolhido = aceitos[0]!;
      if (!escolhido.ativo) throw new HttpError(403, mensagens.usuarioInativo);

      const token = newSecret();
      const data = await withTenant(ctx.db, { grupoEmpresarial: escolhido.grupoEmpresarial }, async (tx) => {
        const loaded = await loadSessaoData(tx, escolhido.id);
        if (!loaded) return null;
        await tx.insert(sessao).values({
          grupoEmpresarialId: escolhido.grupoEmpresarial,
          tokenHash: sha256(token),
          usuarioId: escolhido.id,
          empresaId: loaded.data.empresa._id,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        });
        return loaded.data;
      });
      if (!data) throw new HttpError(403, mensagens.semEmpresa);
      void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config));
      return ok(data);
    },
  );

  r.post(
    '/api/logout',
    { schema: { tags, security: [], summary: 'Sair (apaga a sessão e o cookie)', response: { 200: envelopeOk(z.object({})) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const row = token ? await findSession(ctx.db, sha256(token)) : null;
      if (row) {
        await withTenant(ctx.db, { grupoEmpresarial: row.grupoEmpresarial }, async (tx) => {
          await tx.delete(sessao).where(and(eq(sessao.grupoEmpresarialId, row.grupoEmpresarial), eq(sessao.id, row.id)));
          await avisarSessoes(tx, { grupoEmpresarial: row.grupoEmpresarial, sessao: row.id });
        });
      }
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok({});
    },
  );

  const respostaSessao = envelopeOk(sessaoData);
  r.get(
    '/api/sessao',
    { preHandler: authenticated, schema: { tags, security: [{ sessao: [] }], summary: 'Usuário, grupo e empresas da sessão', response: { 200: respostaSessao } } },
    async (request, reply) => {
      const s = sessaoDe(request);
      // requireSession found the cookie's session; its answer is kept with it once read, encoded as the
      // route's schema encodes it, and sent again as those bytes.
      const chave = sha256(request.cookies[SESSION_COOKIE]!);
      const guardada = ctx.sessoes.ler(chave)?.resposta;
      // The route's type takes the object only; the bytes are already that object's encoding.
      if (guardada) return (reply as FastifyReply).type('application/json; charset=utf-8').send(guardada);
      const marca = ctx.sessoes.marca();
      const loaded = await withTenant(ctx.db, s, (tx) => loadSessaoData(tx, s.usuario, s.empresa));
      if (!loaded) throw new HttpError(403, mensagens.semEmpresa);
      const resposta = ok(loaded.data);
      ctx.sessoes.guardarResposta(chave, marca, JSON.stringify(z.encode(respostaSessao, resposta)));
      return resposta;
    },
  );

  r.post(
    '/api/sessao/empresa',
    {
      preHandler: authenticated,
      schema: { tags, security: [{ sessao: [] }], summary: 'Trocar a empresa ativa da sessão', body: trocarEmpresaBody, response: { 200: envelopeOk(sessaoData) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      const data = await withTenant(ctx.db, s, async (tx) => {
        // Another group's company is invisible here (RLS), so it is refused like a forbidden one.
        const loaded = await loadSessaoData(tx, s.usuario, request.body.empresa);
        if (!loaded || loaded.data.empresa._id !== request.body.empresa) return null;
        await tx
          .update(sessao)
          .set({ empresaId: request.body.empresa, version: sql`${sessao.version} + 1` })
          .where(and(eq(sessao.grupoEmpresarialId, s.grupoEmpresarial), eq(sessao.id, s.id)));
        await avisarSessoes(tx, { grupoEmpresarial: s.grupoEmpresarial, sessao: s.id });
        return loaded.data;
      });
      if (!data) throw new HttpError(403, mensagens.empresaNaoPermitida);
      return ok(data);
    },
  );

  r.post(
    '/api/sessao/senha',
    {
      preHandler: authenticated,
      schema: { tags, security: [{ sessao: [] }], summary: 'Trocar a própria senha', body: trocarSenhaBody, response: { 200: envelopeOk(mensagemData) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      const [atual] = await withTenant(ctx.db, s, (tx) =>
        tx.select({ senhaHash: usuario.senhaHash }).from(usuario).where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, s.usuario))),
      );
      if (!atual || !(await verifySenha(atual.senhaHash, request.body.senhaAtual))) {
        throw new HttpError(400, mensagens.senhaAtualIncorreta);
      }
      // Hashing happens outside the transaction: it is slow and must not hold the (single) connection.
      const senhaHash = await hashSenha(request.body.senha);
      await withTenant(ctx.db, s, async (tx) => {
        await tx
          .update(usuario)
          .set({ senhaHash, version: sql`${usuario.version} + 1` })
          .where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, s.usuario)));
        // Other browsers signed in with the old password are signed out; this one stays.
        await tx
          .delete(sessao)
          .where(and(eq(sessao.grupoEmpresarialId, s.grupoEmpresarial), eq(sessao.usuarioId, s.usuario), ne(sessao.id, s.id)));
        await avisarSessoes(tx, { grupoEmpresarial: s.grupoEmpresarial, usuario: s.usuario });
      });
      return ok({ message: mensagens.senhaAlterada });
    },
  );
}
