import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { enviarACozinha } from '../kds/pedidos.ts';
import { pedidoCozinhaSchema, rotuloPedidoCozinha } from '../kds/routes.ts';
import { HttpError, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';

const soDocumenta = () => (data: unknown) => ({ value: data });

/**
 * A third party's order (scope pedidos:escrever, issue 17): an ordering app of a partner sends an order
 * still open to the store's kitchen, in the same shape as the terminal's POST /api/kds/pedidos, once per
 * its pedidoId (the kitchen knows it by the client: origin 'API <client id>'). Only a client's bearer token
 * writes here; a user's session is refused, since no screen sends orders on someone else's behalf.
 */
export async function pedidosTerceirosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/pedidos',
    {
      validatorCompiler: soDocumenta,
      preHandler: requireSession(ctx),
      schema: { tags: ['Aplicativos de terceiros'], security: [], summary: 'Enviar um pedido à cozinha da empresa (escopo pedidos:escrever; idempotente pelo pedidoId)', body: pedidoCozinhaSchema },
    },
    async (request, reply) => {
      const cliente = request.clienteApi;
      if (!cliente) throw new HttpError(403, 'Esta rota é só para aplicativos de terceiros: use um token Bearer com o escopo pedidos:escrever.');
      const s = sessaoDe(request);
      const p = lerOuRecusar(pedidoCozinhaSchema, request.body, rotuloPedidoCozinha, { padrao: 'pedidoId' });
      const feito = await withTenant(ctx.db, { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa }, async (tx) => {
        const produtos = [...new Set(p.itens.map((i) => i.produto))];
        const achados = (
          await tx.execute<{ id: string }>(sql`
            select id from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'produtoGeral' and not lixo and id in (${sql.join(produtos.map((id) => sql`${id}`), sql`, `)})`)
        ).rows.map((r) => r.id);
        const faltam = produtos.filter((id) => !achados.includes(id));
        if (faltam.length) throw new HttpError(400, `Produto: não encontrado nesta empresa: ${faltam.join(', ')}.`, {}, { itens: 'Produto não encontrado.' });
        const [enviado] = await enviarACozinha(tx, s.grupoEmpresarial, s.empresa, [{ origem: `API ${cliente.app}`, pedidoId: p.pedidoId, vendaId: null, mesa: p.mesa, cliente: p.cliente, itens: p.itens }]);
        return enviado;
      });
      // Not sent: this pedidoId came before, or none of its products is made by a sector of the store.
      return reply.code(feito ? 201 : 200).send(ok({ enviado: Boolean(feito), pedido: feito ?? null }));
    },
  );
}
