import type { AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { exigirAlgumaPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';

export type MetodoRota = 'get' | 'post' | 'put' | 'delete';

/** Who acts in a screen's call: group, company and user, all from the session. */
export interface AutorDaTela {
  grupoEmpresarial: string;
  empresa: string;
  usuario: string;
}

export interface RotaDaTela {
  metodo: MetodoRota;
  url: string;
  /** Seeing (or doing `acao` in) any one of them is enough: a page may serve several screens. */
  telas: readonly string[];
  acao: AcaoTela;
  /** The OpenAPI group (Financeiro, Estoque, KDS…). */
  tag: string;
  summary: string;
  description?: string;
  /** Declared for OpenAPI; the handler reads the body itself, for a 400 naming the field in Portuguese. */
  body?: z.ZodType;
  status?: 200 | 201;
  response?: z.ZodType;
  bodyLimit?: number;
}

/**
 * A screen's API route: the session, the screen's permission, the body documented but read by the
 * handler, the answer in the envelope. The one place every screen's routes are declared through.
 */
export function registrarRotaDaTela<T>(app: FastifyInstance, ctx: AppContext, rota: RotaDaTela, executar: (request: FastifyRequest) => Promise<T>): void {
  const status = rota.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>()[rota.metodo](
    rota.url,
    {
      preHandler: [requireSession(ctx), exigirAlgumaPermissao(rota.telas, rota.acao)],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      ...(rota.bodyLimit ? { bodyLimit: rota.bodyLimit } : {}),
      schema: {
        tags: [rota.tag],
        security: [{ sessao: [] }],
        summary: rota.summary,
        ...(rota.description ? { description: rota.description } : {}),
        ...(rota.body ? { body: rota.body } : {}),
        response: { [status]: envelopeOk(rota.response ?? z.any()) },
      },
    },
    async (request, reply) => reply.code(status).send(ok(await executar(request))),
  );
}

/** The work of a call in one tenant transaction, with its author from the session. */
export function naTransacaoDaSessao<T>(ctx: AppContext, request: FastifyRequest, work: (tx: Transaction, a: AutorDaTela) => Promise<T>): Promise<T> {
  const s = sessaoDe(request);
  return withTenant(ctx.db, s, (tx) => work(tx, { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario }));
}
