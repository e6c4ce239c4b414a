import { protocoloCancelamentoSchema, situacaoDocumentoFiscalSchema, statusDocumentoFiscal, vendaSchema } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { camposDoZod } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { autenticarTerminal, gerarCredencial } from './credencial.ts';
import { registrarSituacaoDocumento } from './documentoFiscal.ts';
import { cancelarVenda, recusarCampos, registrarVenda } from './ingestao.ts';

const tags = ['Vendas'];
const terminal = [{ terminal: [] }];
// Checked in the handler, with messages that name the field; the schemas document the bodies.
const soDocumenta = () => (data: unknown) => ({ value: data });

const vendaRecebida = z.object({ _id: z.string(), pedidoId: z.string(), total: z.number().int(), duplicado: z.boolean() });
const cancelamentoBody = z.object({
  usuario: z.string({ error: 'Informe quem cancelou.' }).trim().min(1, 'Informe quem cancelou.'),
  motivo: z.string({ error: 'Informe o motivo do cancelamento.' }).trim().min(1, 'Informe o motivo do cancelamento.').max(200, 'No máximo 200 caracteres.'),
  em: z.iso.datetime({ offset: true, error: 'Informe quando foi cancelada em ISO 8601 com fuso.' }),
  protocoloCancelamento: protocoloCancelamentoSchema.nullish().describe('nProt do evento de cancelamento (110111): com ele o documento autorizado passa a cancelado'),
});
const situacaoFiscal = z.enum(statusDocumentoFiscal);
const vendaCancelada = z.object({
  _id: z.string(),
  pedidoId: z.string(),
  cancelada: z.boolean(),
  jaCancelada: z.boolean(),
  canceladaEm: z.string(),
  documentoFiscal: z.object({ status: situacaoFiscal, protocolo: z.string().nullable() }).nullable(),
  aviso: z.string().optional(),
});
const documentoAtualizado = z.object({
  _id: z.string(),
  pedidoId: z.string(),
  documentoFiscal: z.object({
    modelo: z.string().nullable(),
    serie: z.number().nullable(),
    numero: z.number().nullable(),
    chave: z.string().nullable(),
    status: situacaoFiscal,
    anterior: situacaoFiscal.nullable(),
    protocolo: z.string().nullable(),
    em: z.string(),
  }),
  /** The same report was received before: nothing changed. */
  repetido: z.boolean(),
});

/** The entry point of sales from the points of sale (issue: ingestion), and terminal credentials. */
export async function vendaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/terminal/:_id/credencial',
    {
      preHandler: [requireSession(ctx), exigirPermissao('terminal', 'editar')],
      schema: {
        tags,
        security: [{ sessao: [] }],
        summary: 'Gerar a credencial com que o terminal envia vendas (a anterior deixa de valer)',
        params: z.object({ _id: z.string() }),
        response: { 201: envelopeOk(z.object({ token: z.string() })) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await gerarCredencial(ctx.db, sessaoDe(request), request.params._id))),
  );

  r.post(
    '/api/vendas',
    {
      // Hundreds of orders a second at peak: one log line each would cost more than storing them. Errors still log.
      logLevel: 'warn',
      validatorCompiler: soDocumenta,
      schema: {
        tags,
        security: terminal,
        summary: 'Receber um pedido fechado do terminal (idempotente pelo pedidoId)',
        body: vendaSchema,
        response: { 200: envelopeOk(vendaRecebida), 201: envelopeOk(vendaRecebida) },
      },
    },
    async (request, reply) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      const recebida = await registrarVenda(ctx.db, t, request.body);
      return reply.code(recebida.duplicado ? 200 : 201).send(ok(recebida));
    },
  );

  r.post(
    '/api/vendas/:pedidoId/cancelar',
    {
      validatorCompiler: soDocumenta,
      schema: {
        tags,
        security: terminal,
        summary: 'Cancelar uma venda inteira (o original fica guardado)',
        params: z.object({ pedidoId: z.string() }),
        body: cancelamentoBody,
        response: { 200: envelopeOk(vendaCancelada) },
      },
    },
    async (request) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      const lido = cancelamentoBody.safeParse(request.body ?? {});
      if (!lido.success) recusarCampos(camposDoZod(lido.error.issues, 'motivo', { topo: true }));
      const pedidoId = (request.params as { pedidoId: string }).pedidoId;
      if (!pedidoId) throw new HttpError(400, 'Informe o pedido.');
      return ok(await cancelarVenda(ctx.db, t, pedidoId, lido.data));
    },
  );

  r.post(
    '/api/vendas/:pedidoId/documentoFiscal',
    {
      validatorCompiler: soDocumenta,
      schema: {
        tags,
        security: terminal,
        summary: 'Informar o que a SEFAZ fez com o documento fiscal da venda (contingência transmitida, rejeição, evento de cancelamento); idempotente',
        params: z.object({ pedidoId: z.string() }),
        body: situacaoDocumentoFiscalSchema,
        response: { 200: envelopeOk(documentoAtualizado) },
      },
    },
    async (request) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      return ok(await registrarSituacaoDocumento(ctx.db, t, (request.params as { pedidoId: string }).pedidoId, request.body));
    },
  );
}
