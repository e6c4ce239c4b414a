import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long a refused body may take to arrive before the connection is closed anyway (nginx's lingering_time). */
const LEITURA_DO_RESTO_MS = 30_000;

/** Reads and throws away what is left of the request's body: ends when it ends, is aborted, or after the limit. */
function lerOResto(req: IncomingMessage): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise<void>((pronto) => {
    const fim = () => {
      clearTimeout(limite);
      req.off('end', fim).off('close', fim).off('error', fim);
      pronto();
    };
    const limite = setTimeout(fim, LEITURA_DO_RESTO_MS);
    req.on('end', fim).on('close', fim).on('error', fim);
    // Flowing with no 'data' listener: the bytes are dropped as they come.
    req.resume();
  });
}

/**
 * A body refused before it was read (413 over the size limit, an unsupported content type) used to be
 * answered at once with the connection closed: the client, still uploading, had its connection reset
 * by the unread bytes and got EPIPE or ECONNRESET instead of the answer (a reset also discards an answer
 * it had not read yet). The rest of the body is now read and discarded first, so the answer always
 * arrives; a client that never finishes is cut off after LEITURA_DO_RESTO_MS.
 */
export function registerRefusedBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    await lerOResto(request.raw);
    return payload;
  });
}
