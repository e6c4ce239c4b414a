import { telaDoRecurso, type AcaoTela, type RecursoDef } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { catalogo } from './fields.ts';
import { alterar, criar, ler, moverLixo } from './pipeline.ts';
import { getPopulateBody, type GetPopulateBody } from './query.ts';
import { registroSchema } from './record.ts';
import { list } from './repository.ts';
import { voucherLoteRoutes } from './voucherLote.ts';

const params = z.object({ _id: z.string() });
const umRegistro = { 200: envelopeOk(registroSchema) };
/** List items may be cut down by select, so only _id is sure to be there. */
const itemDeLista = registroSchema.partial().required({ _id: true });
const listaDeRegistros = { 200: envelopeOk(z.array(itemDeLista)) };
const security = [{ sessao: [] }];

/**
 * Records are validated by the pipeline (hooks first, then the declaration's schema, with labelled
 * messages), so the body schema of a write route is for the OpenAPI document only.
 */
const soDocumenta = () => (data: unknown) => ({ value: data });

/**
 * A list of records is written as it is: toRegistro made each one, and checking 20,000 of them against
 * the response schema copied every record once more (about 190 ms of CPU per 20,000-row call, and its
 * garbage; issue 19). The schema stays for the OpenAPI document.
 */
const soSerializa = () => (data: unknown) => JSON.stringify(data);

/** The generic API of one catalogue resource (ARCHITECTURE.md §API). */
function resourceRoutes(app: FastifyInstance, ctx: AppContext, def: RecursoDef): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${def.nome}`;
  const sessao = requireSession(ctx);
  const tela = telaDoRecurso(def);
  // docs/decisions/0008: writes need the action on the resource's screen; reads only when the
  // declaration restricts them (other resources are reference lists every screen may load).
  const exige = (acao: AcaoTela) => [sessao, exigirPermissao(tela, acao)];
  const leitura = def.leituraRestrita ? exige('ver') : [sessao];
  const tags = [def.rotuloPlural];
  // A refusal before the handler (plugins/entradaHostil.ts) names the body's fields by their labels.
  const config = { recurso: def.nome };

  const listar = async (s: ReturnType<typeof sessaoDe>, body: GetPopulateBody) => withTenant(ctx.db, s, (tx) => list(tx, def, s, body));

  r.post(
    `${base}/getPopulate`,
    {
      preHandler: leitura,
      serializerCompiler: soSerializa,
      schema: { tags, security, summary: `Listar ${def.rotuloPlural.toLowerCase()} (filtro, sort, select, populate)`, body: getPopulateBody, response: listaDeRegistros },
    },
    async (request, reply) => {
      const { total, data, texto } = await listar(sessaoDe(request), request.body ?? {});
      void reply.header('x-total-count', String(total));
      // The lean list's rows are JSON text from the database: sent as they are (a Buffer goes untouched).
      if (texto !== undefined) return reply.type('application/json; charset=utf-8').send(Buffer.from(`{"valido":true,"data":${texto}}`) as never);
      return ok(data as z.infer<typeof itemDeLista>[]);
    },
  );

  r.get(`${base}`, { preHandler: leitura, schema: { tags, security, summary: `Listar ${def.rotuloPlural.toLowerCase()} (os primeiros 100)`, response: listaDeRegistros } }, async (request, reply) => {
    const { total, data } = await listar(sessaoDe(request), {});
    void reply.header('x-total-count', String(total));
    return ok(data as z.infer<typeof itemDeLista>[]);
  });

  r.get(`${base}/:_id`, { preHandler: leitura, schema: { tags, security, summary: `Ler ${def.rotulo.toLowerCase()}`, params, response: umRegistro } }, async (request) =>
    ok(await ler(ctx.db, def, sessaoDe(request), request.params._id)),
  );

  r.post(
    base,
    { preHandler: exige('criar'), validatorCompiler: soDocumenta, config, schema: { tags, security, summary: `Criar ${def.rotulo.toLowerCase()}`, body: def.schema, response: { 201: envelopeOk(registroSchema) } } },
    async (request, reply) => {
      const registro = await criar(ctx.db, def, sessaoDe(request), (request.body ?? {}) as Record<string, unknown>);
      return reply.code(201).send(ok(registro));
    },
  );

  r.put(
    `${base}/:_id`,
    {
      preHandler: exige('editar'),
      validatorCompiler: soDocumenta,
      config,
      schema: { tags, security, summary: `Alterar ${def.rotulo.toLowerCase()} (com a versão lida)`, params, body: def.schema.partial().extend({ version: z.number().int() }), response: umRegistro },
    },
    async (request) => ok(await alterar(ctx.db, def, sessaoDe(request), request.params._id, (request.body ?? {}) as Record<string, unknown>)),
  );

  r.delete(`${base}/:_id`, { preHandler: exige('lixeira'), schema: { tags, security, summary: `Mover ${def.rotulo.toLowerCase()} para a lixeira`, params, response: umRegistro } }, async (request) =>
    ok(await moverLixo(ctx.db, def, sessaoDe(request), request.params._id, true)),
  );

  r.post(`${base}/:_id/restaurar`, { preHandler: exige('lixeira'), schema: { tags, security, summary: `Restaurar ${def.rotulo.toLowerCase()} da lixeira`, params, response: umRegistro } }, async (request) =>
    ok(await moverLixo(ctx.db, def, sessaoDe(request), request.params._id, false)),
  );
}

/** Every resource of the catalogue gets the same routes. */
export async function createResourceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const def of catalogo()) resourceRoutes(app, ctx, def);
  // Calls beyond the generic ones, for resources that need them.
  voucherLoteRoutes(app, ctx);
}
