import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { disponibilidadeDaEmpresa } from './disponibilidade.ts';

const falta = z.object({ produto: z.string(), codigo: z.string().nullable(), descricao: z.string().nullable(), unidade: z.string().nullable(), necessario: z.string(), saldo: z.string() });
const resposta = z.object({
  automatica: z.boolean(),
  local: z.object({ _id: z.string(), descricao: z.string().nullable() }).nullable(),
  indisponiveis: z.array(z.object({ produto: z.string(), codigo: z.string().nullable(), descricao: z.string().nullable(), motivo: z.string(), faltas: z.array(falta) })),
});

/** GET /api/estoqueDisponibilidade: what the active company's menus show as Esgotado, and why (the stock position shows it). */
export async function disponibilidadeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/estoqueDisponibilidade',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioEstoqueProduto', 'ver')],
      schema: {
        tags: ['Estoque'],
        security: [{ sessao: [] }],
        summary: 'Produtos vendidos pela empresa ativa que os cardápios, o totem e o QR Code mostram como Esgotado, com o que falta no local que baixa as vendas',
        description:
          'Um produto com ficha técnica fica indisponível quando um ingrediente base com estoque controlado tem, no local de vendas, menos do que uma unidade leva; sem ficha, quando controla estoque e o saldo é ≤ 0. ' +
          'necessario e saldo com 4 casas na unidade de estoque. automatica false: a empresa desligou o esgotado automático (nada é marcado).',
        response: { 200: envelopeOk(resposta) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => disponibilidadeDaEmpresa(tx, s)));
    },
  );
}
