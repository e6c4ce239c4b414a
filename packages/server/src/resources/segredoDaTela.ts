import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { naTransacaoDaSessao, registrarRotaDaTela, type AutorDaTela } from './rotaDaTela.ts';
import { lerOuRecusar } from './validacao.ts';

/** What a screen learns of a secret: whether it is set and since when, never the secret. */
const situacao = z.object({ definido: z.boolean(), definidoEm: z.string().nullable() });

export interface SegredoDaTela<C> {
  /** The record's path, `/api/<recurso>/:_id/<nome>`: GET tells whether it is set, PUT sets it. */
  url: string;
  tela: string;
  tag: string;
  resumo: { ver: string; definir: string };
  corpo: z.ZodType<C>;
  rotulo: (campo: string) => string;
  /** The field a refusal names when zod names none. */
  padrao: string;
  /** When it was set, or null; throws 404 for a record that is not the session's. */
  definidoEm(tx: Transaction, a: AutorDaTela, id: string): Promise<Date | null>;
  /** Keeps it encrypted (replacing the one before), in the call's transaction. */
  gravar(tx: Transaction, a: AutorDaTela, id: string, corpo: C, agora: Date): Promise<void>;
}

/**
 * A secret a screen sets and never reads back (a webhook's signing secret, an OAuth client, a gateway's
 * token): the pair of routes every such secret has, whatever table keeps it.
 */
export function registrarSegredoDaTela<C>(app: FastifyInstance, ctx: AppContext, s: SegredoDaTela<C>): void {
  const base = { telas: [s.tela], tag: s.tag, url: s.url, response: situacao };
  const idDe = (params: unknown) => (params as { _id: string })._id;
  registrarRotaDaTela(app, ctx, { ...base, metodo: 'get', acao: 'ver', summary: s.resumo.ver }, (request) =>
    naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const em = await s.definidoEm(tx, a, idDe(request.params));
      return { definido: em !== null, definidoEm: em ? em.toISOString() : null };
    }),
  );
  registrarRotaDaTela(app, ctx, { ...base, metodo: 'put', acao: 'editar', summary: s.resumo.definir, body: s.corpo }, (request) => {
    const corpo = lerOuRecusar(s.corpo, request.body, s.rotulo, { padrao: s.padrao });
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const agora = new Date();
      await s.gravar(tx, a, idDe(request.params), corpo, agora);
      return { definido: true, definidoEm: agora.toISOString() };
    });
  });
}
