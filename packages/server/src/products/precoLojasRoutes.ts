import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { lojasDoProduto } from './precoLojas.ts';

const opcao = z.object({ _id: z.string(), descricao: z.string() });
const loja = z.object({
  _id: z.string(),
  nome: z.string(),
  impostosEstaduais: z.array(opcao),
  impostosFederais: z.array(opcao),
  produtoEmpresa: z
    .object({ _id: z.string(), preco: z.number().int(), modosVenda: z.array(z.string()), configuracaoImposto: z.string().nullable(), impostoFederal: z.string().nullable(), ativo: z.boolean() })
    .nullable(),
});

/** What the product form's "Preço nas lojas" section reads (issue 13); the writes go with the product's own save. */
export async function precoLojasRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/precoLojas',
    {
      preHandler: [requireSession(ctx), exigirPermissao('produtoGeral', 'ver')],
      schema: {
        tags: ['Produtos'],
        security: [{ sessao: [] }],
        summary: 'Lojas que o usuário pode usar, com as configurações de imposto de cada uma e o preço do produto em cada loja que o vende',
        description:
          "Para a seção Preço nas lojas do cadastro de produtos. produtoGeral (opcional) diz o produto; sem ele, só as lojas e seus impostos. Para gravar, envie 'lojas' no POST/PUT de /api/produtoGeral.",
        querystring: z.object({ produtoGeral: z.string().min(1).optional() }),
        response: { 200: envelopeOk(z.array(loja)) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => lojasDoProduto(tx, s, request.query.produtoGeral)));
    },
  );
}
