import { findRecurso } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { alterarVarios } from '../resources/pipeline.ts';
import { registroSchema } from '../resources/record.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';

const corpo = z.object({
  /** The company products to change, each with the version read (a stale one refuses the batch). */
  itens: z.array(z.object({ _id: z.string().min(1), version: z.number().int() }), { error: 'Escolha os produtos.' }).min(1, 'Escolha ao menos um produto.').max(5000, 'No máximo 5.000 produtos por vez.'),
  /** Absent: left as it is; null: cleared. */
  setorImpressao: z.string().min(1).nullable().optional(),
  setorImpressaoProducao: z.string().min(1).nullable().optional(),
});

/**
 * produtoGeralSetorEmpresa: the bulk grid that sends many company products to a print/production
 * sector at once, in one transaction through the resource pipeline (references and versions checked).
 */
export async function setorEmpresaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const def = findRecurso('produtoGeralEmpresa')!;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/produtoGeralSetorEmpresa/aplicar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('produtoGeralSetorEmpresa', 'editar')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Produtos da empresa'],
        security: [{ sessao: [] }],
        summary: 'Definir o setor de impressão e/ou de produção de vários produtos da empresa (todos ou nenhum)',
        body: corpo,
        response: { 200: envelopeOk(z.array(registroSchema)) },
      },
    },
    async (request) => {
      const lido = corpo.safeParse(request.body ?? {});
      if (!lido.success) {
        const issue = lido.error.issues[0]!;
        const campo = String(issue.path[0] ?? 'itens');
        throw new HttpError(400, `${campo === 'itens' ? 'Produtos' : (def.campos as Record<string, { rotulo: string }>)[campo]?.rotulo ?? campo}: ${issue.message}`, {}, { [campo]: issue.message });
      }
      const { itens, ...setores } = lido.data;
      if (!('setorImpressao' in setores) && !('setorImpressaoProducao' in setores)) throw new HttpError(400, 'Setor: escolha o setor de impressão ou o de produção.', {}, { setorImpressao: 'Escolha um setor.' });
      const registros = await alterarVarios(ctx.db, def, sessaoDe(request), itens.map((i) => ({ id: i._id, body: { version: i.version, ...setores } })));
      return ok(registros);
    },
  );
}
