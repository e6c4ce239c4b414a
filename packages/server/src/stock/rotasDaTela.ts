import type { AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import type { AutorEstoque } from './razao.ts';

/**
 * The routes of a stock document screen under /api/<tela>: session, the screen's permission, one tenant
 * transaction per call; `ler` gives the body by its schema or a 400 naming the first field in Portuguese.
 */
export function rotasDaTelaDeEstoque(app: FastifyInstance, ctx: AppContext, tela: string, rotuloCampo: (campo: string) => string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ler = <T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> => lerOuRecusar(schema, request.body, rotuloCampo, { padrao: 'corpo' });
  const rota = <T>(metodo: 'get' | 'post' | 'put', caminho: string, acao: AcaoTela, resumo: string, executar: (tx: Transaction, a: AutorEstoque, request: FastifyRequest) => Promise<T>, status = 200) =>
    r[metodo](
      `/api/${tela}${caminho}`,
      {
        preHandler: [requireSession(ctx), exigirPermissao(tela, acao)],
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        schema: { tags: ['Estoque'], security: [{ sessao: [] }], summary: resumo, response: { [status]: envelopeOk(z.any()) } },
      },
      async (request, reply) => {
        const s = sessaoDe(request);
        const resultado = await withTenant(ctx.db, s, (tx) => executar(tx, { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario }, request));
        return reply.code(status).send(ok(resultado));
      },
    );
  return { rota, ler };
}
