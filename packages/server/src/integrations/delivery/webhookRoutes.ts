import { lerEventoDelivery, provedoresDelivery, slugProvedorDelivery, type ProvedorDelivery } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { lerJsonBruto } from '../../plugins/entradaHostil.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { RateLimiter } from '../../session/rateLimit.ts';
import { CABECALHO_ASSINATURA, candidatasDoMerchant, confereAssinatura, decifrarSegredo } from './integracao.ts';
import { receberEvento } from './pedidos.ts';
import { despacharRetornos } from './retorno.ts';

/** A marketplace's order is a few KB; 256 KB leaves room for a large one and refuses the rest with 413. */
export const LIMITE_WEBHOOK = 256 * 1024;

const provedorDoSlug = new Map(provedoresDelivery.map((p) => [slugProvedorDelivery[p], p] as const));
const SEM_ASSINATURA = 'Assinatura ausente ou inválida.';

/**
 * In each process's memory like the other limits. A store gets a few orders a minute even on a Friday
 * night, so 300 signed events a minute per merchant only stops a marketplace (or a leaked secret) in a
 * loop. Unsigned tries are not counted against the merchant (a forger knowing its id would silence it):
 * an address with 60 refused signatures or unknown merchants in a minute waits before being looked at.
 * Tests swap these for smaller ones.
 */
export const LIMITES_WEBHOOK = {
  porMerchant: new RateLimiter(300, 60_000),
  recusasPorEndereco: new RateLimiter(60, 60_000),
};

function esperar(l: RateLimiter, chave: string, oQue: string): void {
  const espera = l.retryAfter(chave);
  if (espera > 0) throw new HttpError(429, `Muitos ${oQue} em pouco tempo. Tente de novo em ${espera} s.`, { 'retry-after': String(espera) });
}

/**
 * POST /api/integracoes/delivery/:provedor/webhook: a marketplace's events, signed with HMAC-SHA256 of
 * the raw body (hence this plugin reads JSON as bytes: the signature is over what was sent, not over a
 * re-serialization). Order of checks: the body is safe JSON (400); the provider exists and the body has a
 * merchantId; an active integration of the provider has that merchantId (404 otherwise, naming no group or
 * store); the signature matches one of their secrets (401, and nothing is stored); the merchant's events of
 * the minute (429, LIMITES_WEBHOOK); then the event is read (400 naming the field) and stored once.
 */
export async function deliveryWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: LIMITE_WEBHOOK }, (_request, corpo, done) => done(null, corpo));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/integracoes/delivery/:provedor/webhook',
    {
      bodyLimit: LIMITE_WEBHOOK,
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Integração com delivery'],
        security: [],
        summary: 'Eventos de um marketplace de delivery (pedido criado, cancelado), assinados com HMAC-SHA256 do corpo; idempotente pelo id do evento',
        params: z.object({ provedor: z.enum(['ifood', 'generico']) }),
        response: { 200: envelopeOk(z.object({ eventoId: z.string(), duplicado: z.boolean() })) },
      },
    },
    async (request) => {
      const bruto = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Read as every JSON body is (plugins/entradaHostil.ts, the default parser) before anything else:
      // no prototype keys, no NUL, no deep nesting. None of this needs the secret, and none looks anything up.
      const corpo = lerJsonBruto(bruto);
      const provedor: ProvedorDelivery | undefined = provedorDoSlug.get((request.params as { provedor: string }).provedor);
      if (!provedor) throw new HttpError(404, 'Marketplace desconhecido.');
      const merchantId = corpo && typeof corpo === 'object' ? (corpo as Record<string, unknown>).merchantId : undefined;
      if (typeof merchantId !== 'string' || !merchantId || merchantId.length > 80) recusarNomeando({ merchantId: 'Informe o merchantId.' }, () => 'merchantId');
      esperar(LIMITES_WEBHOOK.recusasPorEndereco, request.ip, 'eventos recusados deste endereço');
      const candidatas = await candidatasDoMerchant(ctx.db, provedor, merchantId);
      if (!candidatas.length) {
        LIMITES_WEBHOOK.recusasPorEndereco.hit(request.ip);
        throw new HttpError(404, 'Loja não encontrada: confira o merchantId e se a integração está ativa e com o segredo definido.');
      }
      const assinatura = request.headers[CABECALHO_ASSINATURA[provedor]];
      const chave = ctx.chaveSegredos();
      const achada = candidatas.find((c) => confereAssinatura(decifrarSegredo(chave, c.integracao, c.segredoCifrado), bruto, typeof assinatura === 'string' ? assinatura : undefined));
      if (!achada) {
        LIMITES_WEBHOOK.recusasPorEndereco.hit(request.ip);
        throw new HttpError(401, SEM_ASSINATURA);
      }
      const loja = `${provedor}:${merchantId}`;
      esperar(LIMITES_WEBHOOK.porMerchant, loja, 'eventos desta loja');
      LIMITES_WEBHOOK.porMerchant.hit(loja);
      const lido = lerEventoDelivery(provedor, corpo);
      if (!lido.ok) recusarNomeando(lido.campos, (c) => c);
      const { integracao } = achada;
      const recebido = await withTenant(ctx.db, { grupoEmpresarial: integracao.grupoEmpresarial, empresa: integracao.empresa }, (tx) => receberEvento(tx, integracao, lido.evento, corpo));
      // An automatic acceptance is told to the marketplace after commit.
      if (!recebido.duplicado) void despacharRetornos(ctx).catch((error: unknown) => request.log.error({ err: error }, 'Falha ao devolver status ao marketplace'));
      return ok({ eventoId: lido.evento.eventoId, duplicado: recebido.duplicado });
    },
  );
}
