import { lerEventoDelivery, provedoresDelivery, slugProvedorDelivery, type ProvedorDelivery } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { procurarProblema } from '../../plugins/entradaHostil.ts';
import { recusarNomeando } from '../../resources/validacao.ts';
import { CABECALHO_ASSINATURA, candidatasDoMerchant, confereAssinatura, decifrarSegredo } from './integracao.ts';
import { receberEvento } from './pedidos.ts';

/** A marketplace's order is a few KB; 256 KB leaves room for a large one and refuses the rest with 413. */
export const LIMITE_WEBHOOK = 256 * 1024;

const provedorDoSlug = new Map(provedoresDelivery.map((p) => [slugProvedorDelivery[p], p] as const));
const SEM_ASSINATURA = 'Assinatura ausente ou inválida.';

/**
 * POST /api/integracoes/delivery/:provedor/webhook: a marketplace's events, signed with HMAC-SHA256 of
 * the raw body (hence this plugin reads JSON as bytes: the signature is over what was sent, not over a
 * re-serialization). Order of checks: the body is safe JSON (400); the provider exists and the body has a
 * merchantId; an active integration of the provider has that merchantId (404 otherwise, naming no group or
 * store); the signature matches one of their secrets (401, and nothing is stored); then the event is read
 * (400 naming the field) and stored once.
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
      let corpo: unknown;
      try {
        corpo = JSON.parse(bruto.toString('utf8'), (chave, valor: unknown) => {
          if (chave === '__proto__' || (chave === 'constructor' && valor && typeof valor === 'object' && 'prototype' in valor)) throw new SyntaxError('prototype');
          return valor;
        });
      } catch {
        throw new HttpError(400, 'Conteúdo: envie um JSON válido (sem chaves __proto__ ou constructor.prototype).');
      }
      const problema = procurarProblema(corpo);
      if (problema) {
        const campo = problema.caminho.join('.').replaceAll('\u0000', '\\u0000') || '_';
        recusarNomeando({ [campo]: problema.motivo === 'nulo' ? 'caractere nulo (\\u0000) não é permitido.' : 'Aninhamento profundo demais.' }, (c) => c);
      }
      const provedor: ProvedorDelivery | undefined = provedorDoSlug.get((request.params as { provedor: string }).provedor);
      if (!provedor) throw new HttpError(404, 'Marketplace desconhecido.');
      const merchantId = corpo && typeof corpo === 'object' ? (corpo as Record<string, unknown>).merchantId : undefined;
      if (typeof merchantId !== 'string' || !merchantId || merchantId.length > 80) recusarNomeando({ merchantId: 'Informe o merchantId.' }, () => 'merchantId');
      const candidatas = await candidatasDoMerchant(ctx.db, provedor, merchantId);
      if (!candidatas.length) throw new HttpError(404, 'Loja não encontrada: confira o merchantId e se a integração está ativa e com o segredo definido.');
      const assinatura = request.headers[CABECALHO_ASSINATURA[provedor]];
      const chave = ctx.chaveSegredos();
      const achada = candidatas.find((c) => confereAssinatura(decifrarSegredo(chave, c.integracao, c.segredoCifrado), bruto, typeof assinatura === 'string' ? assinatura : undefined));
      if (!achada) throw new HttpError(401, SEM_ASSINATURA);
      const lido = lerEventoDelivery(provedor, corpo);
      if (!lido.ok) recusarNomeando(lido.campos, (c) => c);
      const { integracao } = achada;
      const recebido = await withTenant(ctx.db, { grupoEmpresarial: integracao.grupoEmpresarial, empresa: integracao.empresa }, (tx) => receberEvento(tx, integracao, lido.evento, corpo));
      return ok({ eventoId: lido.evento.eventoId, duplicado: recebido.duplicado });
    },
  );
}
