import { lista, mensagens, siglasUf } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { requireSession } from '../session/requireSession.ts';
import { buscarMunicipios } from './municipios.ts';

const itemLista = z.looseObject({ _id: z.string(), descricao: z.string() });
const municipio = z.object({ codigoIbge: z.string(), nome: z.string(), uf: z.string() });
/** A search across every UF stops here; one UF (853 cities at most) comes whole. */
const LIMITE_BUSCA_NACIONAL = 50;

/** GET /api/lista/{n}: the fixed reference lists of SPEC.md §7 (states, address types, …). */
export async function listaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/lista/:n',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['listas'],
        summary: 'Lista fixa de referência (1 estados, 2 tipos de endereço, 3 tipos de telefone, …)',
        security: [{ sessao: [] }],
        params: z.object({ n: z.string() }),
        response: { 200: envelopeOk(z.array(itemLista)) },
      },
    },
    async (request) => {
      const itens = /^\d+$/.test(request.params.n) ? lista(Number(request.params.n)) : undefined;
      if (!itens) throw new HttpError(404, mensagens.naoEncontrado);
      return ok(itens);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/municipios',
    {
      preHandler: requireSession(ctx),
      schema: {
        tags: ['listas'],
        summary: 'Municípios do IBGE (código, nome, UF): os de uma UF, por parte do nome ou pelo código',
        security: [{ sessao: [] }],
        querystring: z.object({
          uf: z.enum(siglasUf, { error: 'UF inválida.' }).optional(),
          busca: z.string().trim().max(60, 'No máximo 60 caracteres.').optional(),
          codigo: z.string().regex(/^\d{7}$/, 'O código do IBGE tem 7 dígitos.').optional(),
        }),
        response: { 200: envelopeOk(z.array(municipio)) },
      },
    },
    async (request) => {
      const { uf, busca, codigo } = request.query;
      if (!uf && !busca && !codigo) throw new HttpError(400, 'Informe a UF, parte do nome ou o código do município.');
      return ok(buscarMunicipios({ uf, busca, codigo }, uf || codigo ? undefined : LIMITE_BUSCA_NACIONAL));
    },
  );
}
