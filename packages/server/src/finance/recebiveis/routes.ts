import { filtroPrevisaoRecebimento } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOk, ok } from '../../plugins/envelope.ts';
import { lerFiltro } from '../../sales/relatorios/routes.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { previsaoRecebimento } from './previsao.ts';

/** The card, voucher and pix receivables forecast (read-only; the tenant is the session's). */
export async function recebiveisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/calendarioRecebimento/previsao',
    {
      preHandler: [requireSession(ctx), exigirPermissao('calendarioRecebimento', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Financeiro'],
        security: [{ sessao: [] }],
        summary: 'Recebíveis previstos de cartão, vale e pix por dia (bruto, taxas, líquido, por operadora e bandeira) e, com `dia`, os recebíveis do dia um a um',
        body: filtroPrevisaoRecebimento,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => ok(await previsaoRecebimento(ctx.db, sessaoDe(request), lerFiltro(filtroPrevisaoRecebimento, request.body))),
  );
}
