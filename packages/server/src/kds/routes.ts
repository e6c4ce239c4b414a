import { itemVendaSchema, rotuloCampoVenda } from '@retaguarda/domain';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { kdsEvento } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { dispositivoDe } from '../integrations/dispositivo.ts';
import { HttpError, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { verificarPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { autenticarTerminal } from '../sales/credencial.ts';
import { enviarACozinha, pedidosAbertos } from './pedidos.ts';
import { lerQuadro, mudarEstado, recuperarUltimo, type Quadro } from './quadro.ts';
import type { Transaction } from '../db/client.ts';

const tags = ['KDS'];
const soDocumenta = () => (data: unknown) => ({ value: data });

/** An order still open in the kitchen, sent by the terminal before it closes (table, counter, delivery). */
export const pedidoCozinhaSchema = z.object({
  pedidoId: z.string({ error: 'Informe o pedidoId.' }).trim().min(1, 'Informe o pedidoId.').max(64),
  mesa: z.string().trim().max(20).nullable().default(null),
  cliente: z.string().trim().max(60).nullable().default(null),
  itens: z.array(itemVendaSchema.pick({ produto: true, quantidade: true, modificadores: true, observacao: true }), { error: 'Informe os itens.' }).min(1, 'Informe pelo menos um item.').max(200),
});

export const rotuloPedidoCozinha = (campo: string) => (campo === 'cliente' ? 'Cliente' : rotuloCampoVenda(campo));

interface Chamador {
  grupoEmpresarial: string;
  empresa: string;
  estacao: string;
}

/**
 * A board calls with its device token (the station of its appSistema) or a signed-in user's cookie with
 * ?estacao= (a station or the dispatch), who must be allowed to see the KDS stations.
 */
async function chamador(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Chamador> {
  if (request.headers.authorization) {
    const d = await dispositivoDe(ctx.db, request);
    const estacao = d.dados.estacao;
    if (typeof estacao !== 'string') throw new HttpError(409, 'Este aparelho não tem estação KDS.');
    return { grupoEmpresarial: d.grupoEmpresarial, empresa: d.empresa, estacao };
  }
  await requireSession(ctx)(request, reply);
  const s = sessaoDe(request);
  verificarPermissao(s.permissoes, 'kdsEstacao', 'ver');
  const estacao = (request.query as { estacao?: unknown }).estacao;
  if (typeof estacao !== 'string' || !estacao) throw new HttpError(400, 'Estação: informe a estação KDS.');
  return { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, estacao };
}

function naEstacao<T>(ctx: AppContext, c: Chamador, work: (tx: Transaction, q: Quadro) => Promise<T>): Promise<T> {
  return withTenant(ctx.db, { grupoEmpresarial: c.grupoEmpresarial, empresa: c.empresa }, async (tx) => work(tx, await lerQuadro(tx, c.empresa, c.estacao)));
}

const estacaoQuery = z.object({ estacao: z.string().optional().describe('Com a sessão de um usuário: a estação ou expedição (o aparelho usa a sua)') });
const seguranca: Record<string, string[]>[] = [{ dispositivo: [] }, { sessao: [] }];

/** The kitchen display: orders in, the board's snapshot, bump, start and recall (the live part is socket.ts). */
export async function kdsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/kds/pedidos',
    {
      validatorCompiler: soDocumenta,
      schema: { tags, security: [{ terminal: [] }], summary: 'Enviar à cozinha um pedido ainda aberto (idempotente pelo pedidoId do terminal)', body: pedidoCozinhaSchema },
    },
    async (request, reply) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      const p = lerOuRecusar(pedidoCozinhaSchema, request.body, rotuloPedidoCozinha, { padrao: 'pedidoId' });
      const [enviado] = await withTenant(ctx.db, { grupoEmpresarial: t.grupoEmpresarial, empresa: t.empresa }, (tx) =>
        enviarACozinha(tx, t.grupoEmpresarial, t.empresa, [{ origem: t.terminal, pedidoId: p.pedidoId, vendaId: null, mesa: p.mesa, cliente: p.cliente, itens: p.itens }]),
      );
      // Not sent: received before, or none of its products is made by a sector of this store.
      return reply.code(enviado ? 201 : 200).send(ok({ enviado: Boolean(enviado), pedido: enviado ?? null }));
    },
  );

  r.get(
    '/api/kds/quadro',
    { schema: { tags, security: seguranca, summary: 'A estação, seus pedidos em aberto e o último evento (o quadro continua pelo Socket.IO)', querystring: estacaoQuery } },
    async (request, reply) => {
      const c = await chamador(ctx, request, reply);
      return ok(
        await naEstacao(ctx, c, async (tx, quadro) => {
          // The last event before reading the orders: what comes after reaches the board by the socket.
          const [u] = await tx.select({ id: max(kdsEvento.id) }).from(kdsEvento).where(and(eq(kdsEvento.grupoEmpresarialId, c.grupoEmpresarial), eq(kdsEvento.empresaId, c.empresa)));
          const pedidos = await pedidosAbertos(tx, c.grupoEmpresarial, c.empresa, quadro.setores.map((s) => s._id));
          return { quadro, pedidos, ultimoEvento: u?.id ?? 0, agora: new Date().toISOString() };
        }),
      );
    },
  );

  for (const [acao, estado, resumo] of [
    ['pronto', 'pronto', 'Concluir os itens do pedido feitos por esta estação (bump)'],
    ['preparo', 'em_preparo', 'Iniciar o preparo dos itens novos do pedido nesta estação'],
  ] as const) {
    r.post(
      `/api/kds/pedidos/:_id/${acao}`,
      { schema: { tags, security: seguranca, summary: resumo, params: z.object({ _id: z.string() }), querystring: estacaoQuery } },
      async (request, reply) => {
        const c = await chamador(ctx, request, reply);
        return ok(await naEstacao(ctx, c, (tx, q) => mudarEstado(tx, c.grupoEmpresarial, c.empresa, q, (request.params as { _id: string })._id, estado)));
      },
    );
  }

  r.post(
    '/api/kds/recuperar',
    { schema: { tags, security: seguranca, summary: 'Voltar à tela o último pedido concluído nesta estação', querystring: estacaoQuery } },
    async (request, reply) => {
      const c = await chamador(ctx, request, reply);
      return ok(await naEstacao(ctx, c, (tx, q) => recuperarUltimo(tx, c.grupoEmpresarial, c.empresa, q)));
    },
  );
}
