import type { AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { exigirAlgumaPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import type { AutorFinanceiro } from './razao.ts';

export const autorDaSessao = (s: SessaoRequest): AutorFinanceiro => ({ grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario });

/**
 * A finance screen's routes: session, the screen's permission, the body declared for OpenAPI but read by
 * the handler (`ler`: a 400 naming the field by the screen's labels), one tenant transaction per call.
 * A page that serves several screens (the calendar) names them all: seeing any one of them is enough.
 */
export function rotasDaTela(app: FastifyInstance, ctx: AppContext, tela: string | readonly string[], rotulos: Record<string, string>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const telas = typeof tela === 'string' ? [tela] : tela;
  const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo, (c) => rotulos[c.split('.')[0]!] ?? c);
  type Metodo = 'get' | 'post' | 'put' | 'delete';
  /** A route whose handler opens its own transactions (an upload writes its bytes outside one). */
  const rotaLivre = <T>(metodo: Metodo, url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (request: FastifyRequest) => Promise<T>, opcoes: { bodyLimit?: number } = {}) =>
    r[metodo](
      url,
      {
        preHandler: [requireSession(ctx), exigirAlgumaPermissao(telas, acao)],
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        ...opcoes,
        schema: { tags: ['Financeiro'], security: [{ sessao: [] }], summary, ...(body ? { body } : {}), response: { [status]: envelopeOk(z.any()) } },
      },
      async (request, reply) => reply.code(status).send(ok(await executar(request))),
    );
  /** A route run in one tenant transaction. */
  const rota = <T>(metodo: Metodo, url: string, acao: AcaoTela, summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (tx: Transaction, a: AutorFinanceiro, request: FastifyRequest) => Promise<T>) =>
    rotaLivre(metodo, url, acao, summary, body, status, (request) => {
      const s = sessaoDe(request);
      return withTenant(ctx.db, s, (tx) => executar(tx, autorDaSessao(s), request));
    });
  return { rota, rotaLivre, ler };
}
