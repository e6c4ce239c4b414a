import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { lerJsonBruto } from '../../plugins/entradaHostil.ts';
import { camposDoZod, recusarNomeando } from '../../resources/validacao.ts';
import { conexoesDoNumero, conexoesDoVerifyToken, confereAssinaturaMeta, decifrarDaConexao } from './conexao.ts';
import { filaDe } from './fila.ts';
import { baixarMidiasRecebidas } from './midia.ts';
import { corpoWebhook, numeroDoEvento, receberWebhook } from './receber.ts';

/** A webhook of the Cloud API carries a few messages or statuses: 256 KB leaves room and refuses the rest with 413. */
export const LIMITE_WEBHOOK_WHATSAPP = 256 * 1024;
const tags = ['WhatsApp'];

/**
 * The Cloud API's webhook (no session). GET: Meta's verification (hub.mode=subscribe, hub.verify_token
 * of an active robot, answered with hub.challenge as plain text; 403 otherwise). POST: messages and
 * statuses, signed in X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret). Checks in
 * order: safe JSON (400), the phone number id of an active robot (404, naming no group), the signature
 * (401, nothing stored), the body's shape (400 naming the field), then stored once per wamid.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: LIMITE_WEBHOOK_WHATSAPP }, (_request, corpo, done) => done(null, corpo));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/integracoes/whatsapp/webhook',
    {
      schema: {
        tags,
        security: [],
        summary: 'Verificação do webhook pela Meta: devolve hub.challenge quando hub.verify_token é o de um robô ativo',
        querystring: z.object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().max(600).optional(), 'hub.challenge': z.string().max(200).optional() }),
      },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const token = typeof q['hub.verify_token'] === 'string' ? q['hub.verify_token'] : '';
      const desafio = typeof q['hub.challenge'] === 'string' ? q['hub.challenge'] : '';
      if (q['hub.mode'] !== 'subscribe' || !token || !desafio || desafio.length > 200) throw new HttpError(403, 'Verificação recusada.');
      const [achada] = await conexoesDoVerifyToken(ctx.db, token);
      if (!achada) throw new HttpError(403, 'Verificação recusada.');
      return reply.code(200).type('text/plain; charset=utf-8').send(desafio);
    },
  );

  r.post(
    '/api/integracoes/whatsapp/webhook',
    {
      bodyLimit: LIMITE_WEBHOOK_WHATSAPP,
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags,
        security: [],
        summary: 'Mensagens recebidas e situações de envio da Cloud API, assinadas em X-Hub-Signature-256; cada mensagem guardada uma vez',
        response: { 200: envelopeOk(z.object({ mensagens: z.number(), duplicadas: z.number(), situacoes: z.number() })) },
      },
    },
    async (request) => {
      const bruto = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const corpo = lerJsonBruto(bruto);
      const phoneNumberId = numeroDoEvento(corpo);
      if (!phoneNumberId) recusarNomeando({ 'entry.0.changes.0.value.metadata.phone_number_id': 'Informe o phone_number_id.' }, (c) => c);
      const candidatas = await conexoesDoNumero(ctx.db, phoneNumberId);
      if (!candidatas.length) throw new HttpError(404, 'Número não encontrado: confira o Phone number ID e se o robô está ativo.');
      const chave = ctx.chaveSegredos();
      const assinatura = request.headers['x-hub-signature-256'];
      const achada = candidatas.find((c) => confereAssinaturaMeta(decifrarDaConexao(chave, c.grupoEmpresarialId, 'appSecret', c.appSecretCifrado), bruto, typeof assinatura === 'string' ? assinatura : undefined));
      if (!achada) throw new HttpError(401, 'Assinatura ausente ou inválida.');
      const lido = corpoWebhook.safeParse(corpo);
      if (!lido.success) recusarNomeando(camposDoZod(lido.error.issues, '_'), (c) => c);
      const { midias, ...r } = await withTenant(ctx.db, { grupoEmpresarial: achada.grupoEmpresarialId }, (tx) => receberWebhook(tx, achada.grupoEmpresarialId, phoneNumberId, lido.data));
      // The files after the commit and off the answer (Meta wants it within seconds).
      const fila = filaDe(ctx);
      if (midias.length && fila) fila.emSegundoPlano(() => baixarMidiasRecebidas(ctx, fila.provedor, request.log, achada.grupoEmpresarialId, midias));
      return ok(r);
    },
  );
}
