import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_TITLE, APP_VERSION } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document built from the routes' zod schemas, at /api/docs (UI, assets bundled with the
 * package, no CDN) and /api/docs/json. Must be registered before the routes it describes.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${APP_TITLE} API`, version: APP_VERSION, description: 'API do Retaguarda. Respostas no envelope {valido, data}.' },
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: 'retaguarda_sessao' },
          // Terminals (POS, kiosk, waiter app) send sales with a credential made on the Terminais screen.
          terminal: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
