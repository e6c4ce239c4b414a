import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { requireSession } from '../session/requireSession.ts';
import { estadoDemo } from './demoAoIniciar.ts';

/** GET /api/demo/estado: whether the demonstration data is still being generated in the background (the dashboard says so). */
export async function demoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/demo/estado',
    {
      preHandler: [requireSession(ctx)],
      schema: {
        tags: ['sistema'],
        security: [{ sessao: [] }],
        summary: 'Se os dados de demonstração ainda estão sendo gerados depois da primeira partida (DEMO_VENDAS)',
        description: 'feitos de total: os dias já gerados (de todas as lojas) dos dias a gerar.',
        response: { 200: envelopeOk(z.object({ preenchendo: z.boolean(), feitos: z.number().int(), total: z.number().int() })) },
      },
    },
    async () => ok(estadoDemo()),
  );
}
