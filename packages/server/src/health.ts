import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOk, ok } from './plugins/envelope.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['sistema'], security: [], summary: 'O servidor está no ar', response: { 200: envelopeOk(z.object({ ok: z.boolean() })) } } },
    async () => ok({ ok: true }),
  );
}
