import { filtroPrevisaoRecebimento } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { camposDoZod } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { previsaoRecebimento } from './previsao.ts';

const rotulos: Record<string, string> = { de: 'De', ate: 'Até', empresas: 'Empresas', dia: 'Dia' };

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
    async (request) => {
      const lido = filtroPrevisaoRecebimento.safeParse(request.body ?? {});
      if (!lido.success) {
        const campos = camposDoZod(lido.error.issues, 'de', { topo: true });
        const [campo, mensagem] = Object.entries(campos)[0]!;
        throw new HttpError(400, mensagem.includes(':') ? mensagem : `${rotulos[campo] ?? campo}: ${mensagem}`, {}, campos);
      }
      return ok(await previsaoRecebimento(ctx.db, sessaoDe(request), lido.data));
    },
  );
}
