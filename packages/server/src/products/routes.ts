import { pode } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk } from '../plugins/envelope.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { getListaProdutoGeralEmpresaBody, listaProdutoGeralEmpresa } from './listaProdutoGeralEmpresa.ts';
import { correcaoLoteRoutes } from './correcaoLoteRoutes.ts';
import { precoLojasRoutes } from './precoLojasRoutes.ts';
import { verificarProdutos } from './correcaoProdutos.ts';
import { listaGuardada } from './cacheListaProdutos.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { ok } from '../plugins/envelope.ts';

/** Products' calls beyond the generic resource API: getListaProdutoGeralEmpresa (SPEC.md §7). */
export async function produtoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // correcaoProdutos' bulk edit (preview, apply, history, undo) beside its checker below.
  await app.register(correcaoLoteRoutes, ctx);
  await app.register(precoLojasRoutes, ctx);
  r.post(
    '/api/getListaProdutoGeralEmpresa',
    {
      // Every signed-in user of the company: the store terminal and the screens load the products
      // as a reference list (as getUsuario). Cost and margin only with Ver on Produtos da empresa.
      preHandler: requireSession(ctx),
      schema: {
        tags: ['Produtos da empresa'],
        security: [{ sessao: [] }],
        summary: 'Produtos da empresa ativa com o produto do grupo (SPEC §7)',
        description:
          'Uma consulta: os produtos da empresa da sessão (fora da lixeira) com o produto do grupo em produtoGeral, ordenados pela descrição. ' +
          "selectProdutoGeral escolhe os campos do produto do grupo; populateProdutoGeral ('unidade', 'agrupador') e populateProdutoGeralEmpresa " +
          "trocam ids pelos registros; retornoModoVenda true inclui modosVenda. empresa e grupoEmpresarial vêm da sessão. custo e margem só para quem pode Ver 'Produtos da empresa'.",
        body: getListaProdutoGeralEmpresaBody,
        response: { 200: envelopeOk(z.array(z.looseObject({ _id: z.string(), produtoGeral: z.looseObject({ _id: z.string() }) }))) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const verCusto = pode(s.permissoes, 'produtoGeralEmpresa', 'ver');
      const lista = await withTenant(ctx.db, s, (tx) => listaGuardada(tx, s, request.body, verCusto, (anteriores) => listaProdutoGeralEmpresa(tx, s, request.body, { verCusto }, anteriores)));
      // The array comes from the database as JSON text: sent as it is, not parsed and serialised again
      // (Fastify sends a Buffer untouched; the schema above is for the OpenAPI document).
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send((await lista.gzip()) as never);
      return reply.send(lista.corpo as never);
    },
  );

  r.post(
    '/api/correcaoProdutos/verificar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'ver')],
      schema: {
        tags: ['Correção de produtos'],
        security: [{ sessao: [] }],
        summary: 'Verificador: produtos sem NCM, com GTIN inválido, sem preço ou imposto na empresa ativa, com imposto incompleto para NF-e/NFC-e ou preço abaixo do custo',
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => verificarProdutos(tx, s)));
    },
  );
}
