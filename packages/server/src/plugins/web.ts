import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { mensagens } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { falha } from './envelope.ts';
import { s3UrlSemCredenciais } from '../storage/armazenamentoS3.ts';

/** What the web reads at start-up (SPEC.md §7): every base is same-origin unless S3 is configured (its URL never carries the credentials). */
export function configJson(config: Config) {
  return {
    baseRest: '/api',
    baseS3: config.s3Url ? s3UrlSemCredenciais(config.s3Url) : '/arquivos',
    baseSocket: '',
    pathSocket: '/socket.io',
  };
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A browser navigation (not a fetch of a missing asset or an API call) gets the app's index.html. */
const wantsAppPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApi(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built web app from WEB_DIST_DIR with the history-mode fallback: deep links such as
 * /pessoa or /alterarSenha/abc answer index.html. Everything else that is not found, /api/* included,
 * answers the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return configJson(config);
  });

  const hasIndex = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: true,
      // Cache-Control is set below; send's own header would overwrite it.
      cacheControl: false,
      // The build writes .br and .gz beside each text file (web/build/compressPlugin.ts): sent to a
      // browser that accepts them, never compressed per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // The name the browser asked for, not the compressed file's.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        res.setHeader('vary', 'Accept-Encoding');
        if (name === 'index.html' || name === 'service-worker.js' || name === 'config.json') {
          // Must be revalidated, or an update never reaches the browser.
          res.setHeader('cache-control', 'no-cache');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          // Vite puts a content hash in these names.
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  } else {
    app.log.warn(`Interface web não encontrada em ${config.webDistDir}; só a API será servida (rode npm run build).`);
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasIndex && wantsAppPage(request)) return reply.sendFile('index.html');
    return reply.code(404).send(falha(mensagens.naoEncontrado));
  });
}
