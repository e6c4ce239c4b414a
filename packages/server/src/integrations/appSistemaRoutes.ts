import { findRecurso } from '@retaguarda/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { dispositivoCredencial, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { naoEncontrado } from '../resources/record.ts';
import { escopo } from '../resources/repository.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { conferirCredencial, CREDENCIAL_INVALIDA, DISPOSITIVO_SESSAO_MS, dispositivoDe, novaCredencial, novaSessaoDispositivo } from './dispositivo.ts';

const situacaoSchema = z.object({
  ativa: z.boolean(),
  emitidaEm: z.string().nullable(),
  revogadaEm: z.string().nullable(),
  ultimoAcessoEm: z.string().nullable(),
  versaoApp: z.string().nullable(),
});

const dispositivoSchema = z.object({
  appSistema: z.string(),
  descricao: z.string(),
  tipo: z.string(),
  estacao: z.string().nullable(),
  empresa: z.string(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The appSistema record of the session's company (404 otherwise, also for another group's id). */
async function lerApp(tx: Transaction, s: SessaoRequest, id: string) {
  const def = findRecurso('appSistema')!;
  const [row] = await tx.select().from(registro).where(and(escopo(def, s), eq(registro.id, id), eq(registro.lixo, false)));
  if (!row) throw new HttpError(404, naoEncontrado(def));
  return row;
}

/** Revokes every live credential of the app (ending its device sessions). */
const revogar = (tx: Transaction, s: SessaoRequest, app: string) =>
  tx
    .update(dispositivoCredencial)
    .set({ revogadaEm: sql`now()`, sessaoHash: null, sessaoExpiraEm: null })
    .where(and(eq(dispositivoCredencial.grupoEmpresarialId, s.grupoEmpresarial), eq(dispositivoCredencial.appSistemaId, app), isNull(dispositivoCredencial.revogadaEm)))
    .returning({ id: dispositivoCredencial.id });

/**
 * Device credentials of appSistema (issued once, kept hashed, revocable) and the device sign-in:
 * POST /api/dispositivo/entrar trades a credential for a device session (Bearer token) that opens only
 * the device's routes.
 */
export async function appSistemaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ _id: z.string() });
  const tags = ['Aplicativos do sistema'];

  r.get(
    '/api/appSistema/:_id/credencial',
    {
      preHandler: [requireSession(ctx), exigirPermissao('appSistema', 'ver')],
      schema: { tags, summary: 'Situação da credencial do aparelho (nunca a credencial)', security: [{ sessao: [] }], params, response: { 200: envelopeOk(situacaoSchema) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        await lerApp(tx, s, request.params._id);
        const [c] = await tx
          .select()
          .from(dispositivoCredencial)
          .where(and(eq(dispositivoCredencial.grupoEmpresarialId, s.grupoEmpresarial), eq(dispositivoCredencial.appSistemaId, request.params._id)))
          .orderBy(desc(dispositivoCredencial.createdAt))
          .limit(1);
        return ok({
          ativa: !!c && !c.revogadaEm,
          emitidaEm: iso(c?.createdAt ?? null),
          revogadaEm: iso(c?.revogadaEm ?? null),
          ultimoAcessoEm: iso(c?.ultimoAcessoEm ?? null),
          versaoApp: c?.versaoApp ?? null,
        });
      });
    },
  );

  r.post(
    '/api/appSistema/:_id/credencial',
    {
      preHandler: [requireSession(ctx), exigirPermissao('appSistema', 'editar')],
      schema: {
        tags,
        summary: 'Gerar a credencial do aparelho (mostrada só nesta resposta; a anterior é revogada)',
        security: [{ sessao: [] }],
        params,
        response: { 201: envelopeOk(z.object({ credencial: z.string(), emitidaEm: z.string() })) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const data = await withTenant(ctx.db, s, async (tx) => {
        const row = await lerApp(tx, s, request.params._id);
        if (row.dados.ativo === false) throw new HttpError(409, 'Aparelho inativo: ative-o antes de gerar a credencial.');
        await revogar(tx, s, row.id);
        const [nova] = await tx
          .insert(dispositivoCredencial)
          .values({ grupoEmpresarialId: s.grupoEmpresarial, empresaId: row.empresaId!, appSistemaId: row.id, segredoHash: '', emitidaPor: s.usuario })
          .returning();
        const { credencial, segredoHash } = novaCredencial(nova!.id);
        await tx.update(dispositivoCredencial).set({ segredoHash }).where(and(eq(dispositivoCredencial.grupoEmpresarialId, s.grupoEmpresarial), eq(dispositivoCredencial.id, nova!.id)));
        return { credencial, emitidaEm: nova!.createdAt.toISOString() };
      });
      return reply.code(201).send(ok(data));
    },
  );

  r.post(
    '/api/appSistema/:_id/credencial/revogar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('appSistema', 'editar')],
      schema: { tags, summary: 'Revogar a credencial do aparelho (ele sai na hora)', security: [{ sessao: [] }], params, response: { 200: envelopeOk(z.object({ revogadas: z.number() })) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, async (tx) => {
        const row = await lerApp(tx, s, request.params._id);
        return ok({ revogadas: (await revogar(tx, s, row.id)).length });
      });
    },
  );

  r.post(
    '/api/dispositivo/entrar',
    {
      schema: {
        tags,
        summary: 'Entrada de um aparelho com a sua credencial: responde o token da sessão do aparelho (Authorization: Bearer)',
        // Public like /api/login: the credential in the body is what is checked.
        security: [],
        body: z.object({
          credencial: z.string({ error: 'Informe a credencial do aparelho.' }).min(1, 'Informe a credencial do aparelho.').max(200, 'Credencial longa demais.'),
          versao: z.string().max(40, 'No máximo 40 caracteres.').optional(),
        }),
        response: { 200: envelopeOk(z.object({ token: z.string(), expiraEm: z.string(), dispositivo: dispositivoSchema })) },
      },
    },
    async (request) => {
      const row = await conferirCredencial(ctx.db, request.body.credencial);
      if (!row) throw new HttpError(401, CREDENCIAL_INVALIDA);
      const { token, sessaoHash } = novaSessaoDispositivo();
      const expiraEm = new Date(Date.now() + DISPOSITIVO_SESSAO_MS);
      await withTenant(ctx.db, { grupoEmpresarial: row.grupoEmpresarial, empresa: row.empresa }, (tx) =>
        tx
          .update(dispositivoCredencial)
          .set({ sessaoHash, sessaoExpiraEm: expiraEm, ultimoAcessoEm: sql`now()`, versaoApp: request.body.versao ?? null })
          .where(and(eq(dispositivoCredencial.grupoEmpresarialId, row.grupoEmpresarial), eq(dispositivoCredencial.id, row.credencial))),
      );
      return ok({ token, expiraEm: expiraEm.toISOString(), dispositivo: dispositivoDaLinha(row) });
    },
  );

  r.get(
    '/api/dispositivo/sessao',
    {
      schema: { tags, summary: 'O aparelho da sessão (Authorization: Bearer)', security: [{ dispositivo: [] }], response: { 200: envelopeOk(dispositivoSchema) } },
    },
    async (request) => ok(dispositivoDaLinha(await dispositivoDe(ctx.db, request))),
  );
}

const dispositivoDaLinha = (row: { appSistema: string; empresa: string; dados: Record<string, unknown> }) => ({
  appSistema: row.appSistema,
  descricao: String(row.dados.descricao),
  tipo: String(row.dados.tipo),
  estacao: (row.dados.estacao as string | null) ?? null,
  empresa: row.empresa,
});
