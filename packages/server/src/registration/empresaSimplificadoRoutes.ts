import { empresaSimplificadoSchema, findRecurso, padroesEmpresaSimplificada, type RecursoDef } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { criarNaTransacao, escrever } from '../resources/pipeline.ts';
import { registroSchema } from '../resources/record.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { exigirPermissao } from '../session/permissoes.ts';

const resposta = z.object({
  empresa: registroSchema,
  caixa: z.string(),
  terminal: z.string(),
  series: z.array(z.string()),
  formasPagamento: z.array(z.string()),
});

/** Records are validated by the pipeline with labelled messages; the body schema documents only. */
const soDocumenta = () => (data: unknown) => ({ value: data });

/**
 * POST /api/empresaSimplificado: a working company from name, CNPJ, regime and address, with a caixa,
 * a PDV terminal on it, NFC-e and NF-e series 1 and the usual payment methods, all in one transaction
 * through the same pipeline (validation, hooks, projections) as each resource's own API.
 */
export async function empresaSimplificadoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const def = (nome: string) => findRecurso(nome) as RecursoDef;
  r.post(
    '/api/empresaSimplificado',
    {
      preHandler: [requireSession(ctx), exigirPermissao('empresaSimplificado', 'criar')],
      validatorCompiler: soDocumenta,
      schema: {
        tags: ['Empresas'],
        security: [{ sessao: [] }],
        summary: 'Criar uma empresa pronta para vender (caixa, PDV, séries e formas de pagamento padrão)',
        body: empresaSimplificadoSchema,
        response: { 201: envelopeOk(resposta) },
      },
    },
    async (request, reply) => {
      const s = sessaoDe(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // Only the wizard's fields: everything else takes the declaration's defaults.
      const campos = Object.fromEntries(Object.keys(empresaSimplificadoSchema.shape).map((k) => [k, body[k]]));
      const atual = { dados: {} as Record<string, unknown> };
      const criado = await escrever(ctx.db, s, () => atual.dados, async (tx) => {
        const empresa = await criarNaTransacao(tx, def('empresa'), s, campos, atual);
        // The company's own records are written as if the session were in it.
        const naNova = { ...s, empresa: empresa._id };
        const p = padroesEmpresaSimplificada;
        const caixa = await criarNaTransacao(tx, def('caixa'), naNova, p.caixa);
        const terminal = await criarNaTransacao(tx, def('terminal'), naNova, { ...p.terminal, configuracoes: { caixa: caixa._id } });
        const series = [];
        for (const serie of p.series) {
          series.push((await criarNaTransacao(tx, def('empresaNumeroNota'), naNova, { ...serie, terminal: serie.modelo === '65' ? terminal._id : null }))._id);
        }
        const formas = [];
        for (const forma of p.formasPagamento) formas.push((await criarNaTransacao(tx, def('formaPagamento'), naNova, forma))._id);
        return { empresa, caixa: caixa._id, terminal: terminal._id, series, formasPagamento: formas };
      });
      return reply.code(201).send(ok(criado));
    },
  );
}
