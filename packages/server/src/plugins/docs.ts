import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_TITLE, APP_VERSION } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ajustarDocumento } from './openapiAjustes.ts';
import { escoposNoDocumento } from './openapiEscopos.ts';

/**
 * OpenAPI document built from the routes' zod schemas, at /api/docs (UI, assets bundled with the
 * package, no CDN) and /api/docs/json. Must be registered before the routes it describes.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${APP_TITLE} API`,
        version: APP_VERSION,
        description: 'API do Retaguarda. Respostas no envelope {valido, data}.',
        license: { name: 'Proprietária' },
      },
      // Same origin as the document: each installation serves its own API.
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: 'retaguarda_sessao' },
          // Terminals (POS, kiosk, waiter app) send sales with a credential made on the Terminais screen.
          terminal: { type: 'http', scheme: 'bearer' },
          // Devices of appSistema (KDS boards…): the token POST /api/dispositivo/entrar answers for their credential.
          dispositivo: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documento) => ajustarDocumento(escoposNoDocumento(('openapiObject' in documento ? documento.openapiObject : documento.swaggerObject) as Record<string, unknown>)) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
