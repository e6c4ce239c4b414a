import { findRecurso } from '@retaguarda/domain';
import { and, desc, eq, gte, isNull, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { appTerceirosChamada, appTerceirosChave, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { naoEncontrado } from '../resources/record.ts';
import { escopo } from '../resources/repository.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { newSecret, sha256 } from '../session/tokens.ts';
import { pedidosTerceirosRoutes } from './pedidosTerceirosRoutes.ts';

const chaveSchema = z.object({
  clientId: z.string(),
  descricao: z.string(),
  emitidaEm: z.string(),
  revogadaEm: z.string().nullable(),
  ultimoUsoEm: z.string().nullable(),
});

const chamadaSchema = z.object({
  quando: z.string(),
  metodo: z.string(),
  rota: z.string(),
  status: z.number().int(),
  clientId: z.string().nullable(),
  empresa: z.string().nullable(),
});

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const def = () => findRecurso('appTerceirosCadastro')!;

/** The client of the session's group (404 otherwise, also for another group's id). */
async function lerCliente(tx: Transaction, s: SessaoRequest, id: string) {
  const [row] = await tx.select().from(registro).where(and(escopo(def(), s), eq(registro.id, id), eq(registro.lixo, false)));
  if (!row) throw new HttpError(404, naoEncontrado(def()));
  return row;
}

/** The client's keys, newest first, with their last use (the last audited call made with each). */
async function chavesDo(tx: Transaction, s: SessaoRequest, app: string) {
  const uso = tx
    .select({ chave: appTerceirosChamada.chaveId, ultimo: max(appTerceirosChamada.createdAt).as('ultimo') })
    .from(appTerceirosChamada)
    .where(and(eq(appTerceirosChamada.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChamada.appTerceirosId, app)))
    .groupBy(appTerceirosChamada.chaveId)
    .as('uso');
  const rows = await tx
    .select({ c: appTerceirosChave, ultimo: uso.ultimo })
    .from(appTerceirosChave)
    .leftJoin(uso, eq(uso.chave, appTerceirosChave.id))
    .where(and(eq(appTerceirosChave.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChave.appTerceirosId, app)))
    .orderBy(desc(appTerceirosChave.createdAt));
  return rows.map(({ c, ultimo }) => ({ clientId: c.id, descricao: c.descricao, emitidaEm: c.createdAt.toISOString(), revogadaEm: iso(c.revogadaEm), ultimoUsoEm: iso(ultimo) }));
}

/** A new key of the client: the secret is returned here and never again (only its sha256 is kept). */
export async function emitirChave(tx: Transaction, s: SessaoRequest, app: string, descricao: string) {
  const segredo = newSecret();
  const [nova] = await tx.insert(appTerceirosChave).values({ grupoEmpresarialId: s.grupoEmpresarial, appTerceirosId: app, descricao, segredoHash: sha256(segredo), emitidaPor: s.usuario }).returning();
  return { clientId: nova!.id, clientSecret: segredo, descricao, emitidaEm: nova!.createdAt.toISOString() };
}

/**
 * The keys of a third party's API client (client_id + client_secret, the secret answered once and kept
 * as sha256; several per client; revoked at once) and the audit of its calls, on its form
 * (appTerceirosCadastro). POST /api/oauth/token (oauthRoutes.ts) trades a key for a bearer token.
 */
export async function appTerceirosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ _id: z.string() });
  const tags = ['Aplicativos de terceiros'];
  const security = [{ sessao: [] }];
  const tela = 'appTerceirosCadastro';

  r.get(
    '/api/appTerceirosCadastro/:_id/chaves',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: { tags, security, summary: 'Chaves do aplicativo (nunca o segredo), com o último uso de cada', params, response: { 200: envelopeOk(z.array(chaveSchema)) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        await lerCliente(tx, s, request.params._id);
        return ok(await chavesDo(tx, s, request.params._id));
      });
    },
  );

  r.post(
    '/api/appTerceirosCadastro/:_id/chaves',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: {
        tags,
        security,
        summary: 'Gerar uma chave (client_id e client_secret; o segredo aparece só nesta resposta)',
        params,
        body: z.object({ descricao: z.string({ error: 'Informe o nome da chave.' }).trim().min(1, 'Informe o nome da chave.').max(60, 'No máximo 60 caracteres.') }).strict(),
        response: { 201: envelopeOk(z.object({ clientId: z.string(), clientSecret: z.string(), descricao: z.string(), emitidaEm: z.string() })) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const data = await withTenant(ctx.db, s, async (tx) => {
        const row = await lerCliente(tx, s, request.params._id);
        if (row.dados.ativo === false) throw new HttpError(409, 'Aplicativo inativo: ative-o antes de gerar uma chave.');
        return emitirChave(tx, s, row.id, request.body.descricao);
      });
      return reply.code(201).send(ok(data));
    },
  );

  r.post(
    '/api/appTerceirosCadastro/:_id/chaves/:clientId/revogar',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'editar')],
      schema: { tags, security, summary: 'Revogar uma chave: ela e os tokens dados por ela deixam de valer na hora', params: z.object({ _id: z.string(), clientId: z.string() }), response: { 200: envelopeOk(chaveSchema) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        await lerCliente(tx, s, request.params._id);
        const onde = and(eq(appTerceirosChave.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChave.appTerceirosId, request.params._id), eq(appTerceirosChave.id, request.params.clientId));
        const [existe] = await tx.select({ id: appTerceirosChave.id }).from(appTerceirosChave).where(onde);
        if (!existe) throw new HttpError(404, 'Chave não encontrada.');
        const [revogada] = await tx.update(appTerceirosChave).set({ revogadaEm: sql`now()`, revogadaPor: s.usuario }).where(and(onde, isNull(appTerceirosChave.revogadaEm))).returning();
        if (!revogada) throw new HttpError(409, 'Esta chave já foi revogada.');
        return ok((await chavesDo(tx, s, request.params._id)).find((c) => c.clientId === revogada.id)!);
      });
    },
  );

  r.get(
    '/api/appTerceirosCadastro/:_id/chamadas',
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: {
        tags,
        security,
        summary: 'Auditoria: as últimas 200 chamadas do aplicativo (rota, resposta, quando) e as contagens das últimas 24 horas',
        params,
        response: { 200: envelopeOk(z.object({ ultimas24h: z.number().int(), recusadas24h: z.number().int(), chamadas: z.array(chamadaSchema) })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        await lerCliente(tx, s, request.params._id);
        const doApp = and(eq(appTerceirosChamada.grupoEmpresarialId, s.grupoEmpresarial), eq(appTerceirosChamada.appTerceirosId, request.params._id));
        const rows = await tx.select().from(appTerceirosChamada).where(doApp).orderBy(desc(appTerceirosChamada.createdAt), desc(appTerceirosChamada.id)).limit(200);
        const [contagem] = await tx
          .select({ total: sql<number>`count(*)::int`, recusadas: sql<number>`(count(*) filter (where ${appTerceirosChamada.status} >= 400))::int` })
          .from(appTerceirosChamada)
          .where(and(doApp, gte(appTerceirosChamada.createdAt, sql`now() - interval '24 hours'`)));
        return ok({
          ultimas24h: contagem?.total ?? 0,
          recusadas24h: contagem?.recusadas ?? 0,
          chamadas: rows.map((c) => ({ quando: c.createdAt.toISOString(), metodo: c.metodo, rota: c.rota, status: c.status, clientId: c.chaveId, empresa: c.empresaId })),
        });
      });
    },
  );
  // The orders third parties write (scope pedidos:escrever) live beside the clients that write them.
  await pedidosTerceirosRoutes(app, ctx);
}
