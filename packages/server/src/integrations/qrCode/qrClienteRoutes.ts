import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { clientePublicoRoutes } from '../otp/clientePublicoRoutes.ts';
import { mesaPorToken } from './mesas.ts';

export { cookieClienteDe, LIMITES_CLIENTE } from '../otp/clientePublicoRoutes.ts';

/** The customer's sign-in on a table's page: the public pages' one sign-in, the table found by its token. */
export async function qrClienteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await clientePublicoRoutes(app, ctx, {
    prefixo: '/api/q/:token',
    tags: ['QR Code (página pública)'],
    params: z.object({ token: z.string().describe('O endereço público da mesa (/q/<token>)') }),
    lojaDoToken: mesaPorToken,
  });
}
