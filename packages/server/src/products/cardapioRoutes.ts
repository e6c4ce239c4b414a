import { findRecurso, secaoSchema } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { registroSchema } from '../resources/record.ts';
import { ValidacaoError } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { publicarCardapio } from './publicarCardapio.ts';
import { vitrineDe } from './vitrineFontes.ts';
import { vitrinePublicada } from './vitrinePublicada.ts';

const motivoIndisponivel = z.string().nullable().describe("Por que não está disponível ('Esgotado'), ou null.");
const opcaoVitrine = z.object({
  produto: z.string().nullable().describe('O produto do cadastro que a opção é (julgado pelo estoque como um item), ou null: só uma descrição (ou publicado antes de guardar o produto), sempre disponível.'),
  descricao: z.string(),
  precoAdicional: z.number().int(),
  disponivel: z.boolean().describe('Falso quando o estoque do produto da opção acabou: a opção aparece apagada e não é vendida.'),
  motivoIndisponivel,
});
const itemVitrine = z.object({
  produto: z.string(),
  descricao: z.string(),
  imagem: z.string().nullable(),
  preco: z.number().int(),
  complementos: z.array(z.object({ nome: z.string(), minimo: z.number(), maximo: z.number(), opcoes: z.array(opcaoVitrine) })),
  disponivel: z
    .boolean()
    .describe('Falso quando o estoque acabou, ou quando um grupo obrigatório de complementos ficou com menos opções disponíveis que o mínimo: o item fica no cardápio, apagado, e não é vendido.'),
  motivoIndisponivel,
});
const vitrineSchema = z.object({
  secoes: z.array(z.object({ nome: z.string(), descricao: z.string(), itens: z.array(itemVitrine) })),
  pendencias: z.array(z.object({ secao: z.string(), produto: z.string(), descricao: z.string(), motivo: z.string() })),
});
const publicadoAgora = z.object({
  cardapio: z.string(),
  descricao: z.string(),
  ativo: z.boolean(),
  canais: z.array(z.string()),
  disponibilidade: z.array(z.object({ dias: z.array(z.string()), horaInicio: z.string(), horaFim: z.string() })),
  versao: z.number().int(),
  publicadoEm: z.string(),
  secoes: vitrineSchema.shape.secoes,
});
const previaBody = z.object({ secoes: z.array(secaoSchema, { error: 'Informe as seções.' }), canais: z.array(z.string()).default([]) });
const publicarBody = z.object({ version: z.number({ error: 'Informe a versão lida do registro.' }).int() });
const params = z.object({ _id: z.string() });
const soDocumenta = () => (data: unknown) => ({ value: data });

/**
 * POST /api/cardapio/vitrine: the customer's view of a draft (saved or not) in the session's company.
 * POST /api/cardapio/{_id}/publicar: freezes that view as the menu's next published version (without
 * availability, which is read live).
 * GET /api/cardapio/{_id}/vitrine: the published version as the customer sees it now, each item with its
 * availability by stock (what the QR code page reads).
 */
export async function cardapioRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const def = findRecurso('cardapio')!;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.rotuloPlural];
  const security = [{ sessao: [] }];

  r.post(
    '/api/cardapio/vitrine',
    {
      preHandler: [requireSession(ctx), exigirPermissao('cardapio', 'ver')],
      validatorCompiler: soDocumenta,
      schema: { tags, security, summary: 'Prévia do cardápio como o cliente vê, com os preços da empresa', body: previaBody, response: { 200: envelopeOk(vitrineSchema) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      const lido = previaBody.safeParse(request.body ?? {});
      if (!lido.success) {
        const campos: Record<string, string> = {};
        for (const issue of lido.error.issues) campos[issue.path.join('.') || 'secoes'] ??= issue.message;
        throw new ValidacaoError(def, campos);
      }
      return ok(await withTenant(ctx.db, s, (tx) => vitrineDe(tx, s, lido.data.secoes, lido.data.canais)));
    },
  );

  r.post(
    '/api/cardapio/:_id/publicar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('cardapio', 'editar')],
      validatorCompiler: soDocumenta,
      schema: {
        tags,
        security,
        summary: 'Publicar o cardápio (guarda a versão que o cliente vê)',
        params,
        body: publicarBody,
        response: { 200: envelopeOk(z.object({ cardapio: registroSchema, pendencias: vitrineSchema.shape.pendencias })) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { _id } = request.params as { _id: string };
      const version = (request.body as { version?: unknown } | undefined)?.version;
      if (typeof version !== 'number' || !Number.isInteger(version)) throw new ValidacaoError(def, { version: 'Informe a versão lida do registro.' });
      const resultado = await withTenant(ctx.db, s, (tx) => publicarCardapio(tx, s, _id, version));
      return ok(resultado);
    },
  );
  r.get(
    '/api/cardapio/:_id/vitrine',
    {
      preHandler: [requireSession(ctx), exigirPermissao('cardapio', 'ver')],
      schema: {
        tags,
        security,
        summary: 'A versão publicada do cardápio como o cliente vê agora: cada item com a disponibilidade pelo estoque (o que a página do QR Code lê)',
        params,
        response: { 200: envelopeOk(publicadoAgora) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const { _id } = request.params as { _id: string };
      return ok(await withTenant(ctx.db, s, (tx) => vitrinePublicada(tx, s, _id)));
    },
  );
}
