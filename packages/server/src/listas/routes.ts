import { lista, mensagens } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { requireSession } from '../session/requireSession.ts';

const itemLista = z.looseObject({ _id: z.string(), descricao: z.string() });

/** GET /api/lista/{n}: the fixed reference lists of SPEC.md §7 (states, address types, …). */
export async function listaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/lista/:n',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['listas'],
        summary: 'Lista fixa de referência (1 estados, 2 tipos de endereço, 3 tipos de telefone, …)',
        security: [{ sessao: [] }],
        params: z.object({ n: z.string() }),
        response: { 200: envelopeOk(z.array(itemLista)) },
      },
    },
    async (request) => {
      const itens = /^\d+$/.test(request.params.n) ? lista(Number(request.params.n)) : undefined;
      if (!itens) throw new HttpError(404, mensagens.naoEncontrado);
      return ok(itens);
    },
  );
}
