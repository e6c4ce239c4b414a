import { pode, telaDoRecurso } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { buscarRegistros } from './query.ts';

const body = z.object({
  busca: z.string().trim().min(2, 'Busca: digite ao menos 2 caracteres.').max(100, 'Busca: no máximo 100 caracteres.'),
  limit: z.number().int().min(1).max(50).optional(),
});
const achado = z.object({ recurso: z.string(), tela: z.string(), _id: z.string(), titulo: z.string(), detalhe: z.string().nullable() });

/** POST /api/busca: records of any screen that match the text, for the header's quick search. */
export async function buscaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/busca',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['busca'],
        summary: 'Busca rápida (Ctrl+K) em todos os cadastros da empresa e do grupo',
        security: [{ sessao: [] }],
        body,
        response: { 200: envelopeOk(z.array(achado)) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      // Only records of screens the access profile lets the user open (docs/decisions/0008).
      const podeVer = (def: Parameters<typeof telaDoRecurso>[0]) => pode(s.permissoes, telaDoRecurso(def), 'ver');
      return ok(await withTenant(ctx.db, s, (tx) => buscarRegistros(tx, s, request.body.busca, request.body.limit ?? 20, podeVer)));
    },
  );
}
