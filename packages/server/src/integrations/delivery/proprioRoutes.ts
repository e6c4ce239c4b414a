import { pedidoDeliveryProprioSchema, rotuloCampoDelivery } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { RateLimiter } from '../../session/rateLimit.ts';
import { clientePublicoRoutes, cookieClienteDe } from '../otp/clientePublicoRoutes.ts';
import { clienteDoToken } from '../otp/clienteSessao.ts';
import { limitar } from '../qrCode/qrPublicoRoutes.ts';
import { cardapioDelivery, paginaPorToken, pedidoDaPagina, registrarPedidoProprio } from './proprio.ts';

const tags = ['Delivery próprio (página pública)'];
const params = z.object({ token: z.string().describe('O endereço público da página de delivery (/d/<token>)') });
const soDocumenta = () => (data: unknown) => ({ value: data });
/** An order with its address is a few lines: 32 KB, like the table page's. */
const LIMITE_CORPO = 32 * 1024;
/** Two fixed segments, so no path here could be read as a table's (/api/q/{token}/…): one cookie path, /api/q, for both pages. */
const PREFIXO = '/api/q/d/loja/:token';
const tokenDe = (request: FastifyRequest) => (request.params as { token: string }).token;

/** Per address and page, in memory like the table page's: a customer orders a few times an evening. */
export const LIMITES_DELIVERY_PROPRIO = {
  pedidosPorEndereco: new RateLimiter(10, 60_000),
  pedidosPorPagina: new RateLimiter(60, 60_000),
  leiturasPorEndereco: new RateLimiter(120, 60_000),
};

const ENTRE = 'Entre com o código que enviamos ao seu e-mail ou telefone para fazer o pedido.';

/**
 * The own delivery page's public side (issue 17). Its calls live under /api/q/d/loja so the customer's cookie
 * (path /api/q) is the one of the table pages too: one sign-in, one session, both pages.
 */
export async function deliveryProprioRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PREFIXO, { schema: { tags, security: [], summary: 'O cardápio do delivery: versão publicada, disponibilidade e preços de agora, taxa de entrega, pedido mínimo, se está aberta e as formas de pagamento', params } }, async (request) => {
    limitar([LIMITES_DELIVERY_PROPRIO.leiturasPorEndereco], [request.ip], 'acessos', 'deste aparelho');
    const pagina = await paginaPorToken(ctx.db, tokenDe(request));
    return ok(await withTenant(ctx.db, pagina, (tx) => cardapioDelivery(tx, pagina)));
  });

  r.post(
    `${PREFIXO}/pedidos`,
    {
      bodyLimit: LIMITE_CORPO,
      validatorCompiler: soDocumenta,
      schema: { tags, security: [], summary: 'Enviar o pedido de delivery (cliente conectado; idempotente pelo id gerado pela página; preços e taxa sempre do servidor). Loja fechada: 409; abaixo do mínimo: 400', params, body: pedidoDeliveryProprioSchema },
    },
    async (request, reply) => {
      const token = tokenDe(request);
      limitar([LIMITES_DELIVERY_PROPRIO.pedidosPorEndereco, LIMITES_DELIVERY_PROPRIO.pedidosPorPagina], [`${token}:${request.ip}`, token], 'pedidos', 'deste aparelho');
      const pagina = await paginaPorToken(ctx.db, token);
      const pedido = lerOuRecusar(pedidoDeliveryProprioSchema, request.body, rotuloCampoDelivery, { padrao: 'itens' });
      const feito = await withTenant(ctx.db, pagina, async (tx) => {
        const cliente = await clienteDoToken(tx, pagina.grupoEmpresarial, cookieClienteDe(request));
        if (!cliente) throw new HttpError(401, ENTRE);
        return registrarPedidoProprio(tx, pagina, pedido, cliente);
      });
      return reply.code(feito.duplicado ? 200 : 201).send(ok(feito));
    },
  );

  r.get(`${PREFIXO}/pedidos/:pedido`, { schema: { tags, security: [], summary: 'A situação de um pedido do cliente conectado (da loja e da cozinha), para a página de acompanhamento', params: params.extend({ pedido: z.string().max(64) }) } }, async (request) => {
    limitar([LIMITES_DELIVERY_PROPRIO.leiturasPorEndereco], [request.ip], 'acessos', 'deste aparelho');
    const pagina = await paginaPorToken(ctx.db, tokenDe(request));
    const status = await withTenant(ctx.db, pagina, async (tx) => {
      const cliente = await clienteDoToken(tx, pagina.grupoEmpresarial, cookieClienteDe(request));
      if (!cliente) throw new HttpError(401, 'Entre de novo com um código para ver o seu pedido.');
      return pedidoDaPagina(tx, pagina, request.params.pedido, cliente);
    });
    if (!status) throw new HttpError(404, 'Pedido não encontrado para este cliente.');
    return ok(status);
  });

  await clientePublicoRoutes(app, ctx, { prefixo: PREFIXO, tags, params, lojaDoToken: paginaPorToken });
}
