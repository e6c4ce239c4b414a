import { pedidoQrSchema, rotuloCampoQr } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { HttpError, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { RateLimiter } from '../../session/rateLimit.ts';
import { cardapioDaMesa } from './cardapioDaMesa.ts';
import { mesaPorToken } from './mesas.ts';
import { clienteDoToken } from '../otp/clienteSessao.ts';
import { chamarGarcom, registrarPedidoQr } from './pedidoQr.ts';
import { cookieClienteDe, qrClienteRoutes } from './qrClienteRoutes.ts';

const tags = ['QR Code (página pública)'];
const params = z.object({ token: z.string().describe('O endereço público da mesa (/q/<token>)') });
const soDocumenta = () => (data: unknown) => ({ value: data });

/**
 * Limits per table and address, in each process's memory like sign-in: a table's guests order a few rounds an
 * hour, so these only stop a script. The table's own limit (any address) stops one that changes addresses.
 */
export const LIMITES_QR = {
  pedidosPorEndereco: new RateLimiter(10, 60_000),
  pedidosPorMesa: new RateLimiter(30, 60_000),
  chamadasPorEndereco: new RateLimiter(5, 60_000),
  leiturasPorEndereco: new RateLimiter(120, 60_000),
};

/** Counts one access against each limit with its key (all or none): 429 with Retry-After past any. Also the delivery page's. */
export function limitar(limites: RateLimiter[], chaves: string[], oQue: string, deOnde = 'desta mesa'): void {
  for (const [n, l] of limites.entries()) {
    const espera = l.retryAfter(chaves[n]!);
    if (espera > 0) throw new HttpError(429, `Muitos ${oQue} em pouco tempo ${deOnde}. Tente de novo em ${espera} s.`, { 'retry-after': String(espera) });
  }
  for (const [n, l] of limites.entries()) l.hit(chaves[n]!);
}

/** A table's order is a few lines: 32 KB is far more than one needs and far less than a flood. */
const LIMITE_CORPO = 32 * 1024;

const tokenDe = (request: FastifyRequest) => (request.params as { token: string }).token;

/**
 * The table's public page: no session, the table known by its token (a token of one group only ever reads and
 * writes that group, through withTenant of the table's own group and company). Bodies are small: 32 KB.
 */
export async function qrPublicoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/q/:token', { schema: { tags, security: [], summary: 'O cardápio da mesa: versão publicada, disponibilidade e preços de agora, taxa de serviço', params } }, async (request) => {
    const token = tokenDe(request);
    limitar([LIMITES_QR.leiturasPorEndereco], [request.ip], 'acessos');
    const mesa = await mesaPorToken(ctx.db, token);
    return ok(await withTenant(ctx.db, mesa, (tx) => cardapioDaMesa(tx, mesa)));
  });

  r.post(
    '/api/q/:token/pedidos',
    {
      bodyLimit: LIMITE_CORPO,
      validatorCompiler: soDocumenta,
      schema: { tags, security: [], summary: 'Enviar o pedido da mesa à cozinha (idempotente pelo id gerado pela página; preços sempre do servidor)', params, body: pedidoQrSchema },
    },
    async (request, reply) => {
      const token = tokenDe(request);
      limitar([LIMITES_QR.pedidosPorEndereco, LIMITES_QR.pedidosPorMesa], [`${token}:${request.ip}`, token], 'pedidos');
      const mesa = await mesaPorToken(ctx.db, token);
      const pedido = lerOuRecusar(pedidoQrSchema, request.body, rotuloCampoQr, { padrao: 'itens' });
      // A signed-in customer's cookie of this table's group ties the order to them; none (or another group's) leaves it anonymous.
      const feito = await withTenant(ctx.db, mesa, async (tx) => registrarPedidoQr(tx, mesa, pedido, undefined, await clienteDoToken(tx, mesa.grupoEmpresarial, cookieClienteDe(request))));
      return reply.code(feito.duplicado ? 200 : 201).send(ok(feito));
    },
  );

  r.post('/api/q/:token/garcom', { bodyLimit: LIMITE_CORPO, schema: { tags, security: [], summary: 'Chamar o garçom à mesa', params } }, async (request, reply) => {
    const token = tokenDe(request);
    limitar([LIMITES_QR.chamadasPorEndereco], [`${token}:${request.ip}`], 'chamados');
    const mesa = await mesaPorToken(ctx.db, token);
    const chamada = await withTenant(ctx.db, mesa, (tx) => chamarGarcom(tx, mesa));
    return reply.code(chamada.repetida ? 200 : 201).send(ok(chamada));
  });

  await qrClienteRoutes(app, ctx);
}
