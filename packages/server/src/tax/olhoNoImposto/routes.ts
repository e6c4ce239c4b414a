import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { getPopulateIbpt, listarIbpt, listarVersoes, toVersao } from './consulta.ts';
import { importarIbpt } from './importar.ts';

/** The official tables are under 2 MB; room for a re-saved UTF-8 copy. */
const LIMITE_ARQUIVO = 20 * 1024 * 1024;
const security = [{ sessao: [] }];
const tags = ['De Olho no Imposto (IBPT)'];
const versao = z.looseObject({ _id: z.string(), uf: z.string(), versao: z.string(), vigenciaFim: z.string(), atual: z.boolean() });

/** The IBPT table: import (the file as the request body), versions, and the getPopulate of SPEC.md §7. */
export async function olhoNoImpostoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Encapsulated: only these routes take raw bytes.
  app.addContentTypeParser(['application/octet-stream', 'text/csv'], { parseAs: 'buffer', bodyLimit: LIMITE_ARQUIVO }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireSession(ctx);

  r.post(
    '/api/olhoNoImposto/importar',
    {
      preHandler: [preHandler, exigirPermissao('olhoNoImposto', 'criar')],
      bodyLimit: LIMITE_ARQUIVO,
      schema: {
        tags,
        security,
        summary: 'Importar a tabela do IBPT de uma UF (o arquivo CSV como corpo, application/octet-stream)',
        querystring: z.object({ uf: z.string().optional(), arquivo: z.string().max(200).optional() }),
        response: { 201: envelopeOk(versao) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new HttpError(400, 'Arquivo: envie o arquivo CSV da tabela do IBPT.', {}, { arquivo: 'Envie o arquivo CSV da tabela do IBPT.' });
      }
      const row = await importarIbpt(ctx.db, sessaoDe(request), { uf: request.query.uf ?? '', arquivo: request.query.arquivo ?? null, bytes: request.body });
      return reply.code(201).send(ok(toVersao(row, true)));
    },
  );

  r.get('/api/olhoNoImposto/versoes', { preHandler, schema: { tags, security, summary: 'Versões importadas da tabela do IBPT, por UF', response: { 200: envelopeOk(z.array(versao)) } } }, async (request) => {
    const s = sessaoDe(request);
    return ok(await withTenant(ctx.db, s, (tx) => listarVersoes(tx, s)));
  });

  r.post(
    '/api/olhoNoImposto/getPopulate',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Linhas da tabela do IBPT em vigor (filtro uf, codigo, ex, tipo, versao, busca; limit até 20000)',
        body: getPopulateIbpt,
        response: { 200: envelopeOk(z.array(z.looseObject({ _id: z.string() }))) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const { total, data } = await withTenant(ctx.db, s, (tx) => listarIbpt(tx, s, request.body ?? {}));
      void reply.header('x-total-count', String(total));
      return ok(data);
    },
  );
}
