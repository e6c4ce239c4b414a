import { camposEdicaoEmMassa, edicaoEmMassaSchema, novoValorEdicao, type EdicaoEmMassa } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { escrever } from '../resources/pipeline.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { planejar, rotuladorDe, selecaoSchema, simular } from './edicaoEmMassa.ts';
import { aplicarLote, desfazerLote, detalharLote, listarLotes } from './loteCorrecao.ts';

const previaBody = z.object({ edicao: edicaoEmMassaSchema, selecao: selecaoSchema });
const aplicarBody = z.object({
  edicao: edicaoEmMassaSchema,
  /** The products of the preview, each with the version of the record the preview read. */
  itens: z
    .array(z.object({ produto: z.string().min(1), version: z.number().int() }), { error: 'Escolha os produtos.' })
    .min(1, 'Nenhum produto para alterar.')
    .max(5000, 'No máximo 5.000 produtos por vez.'),
});

const rotulos: Record<string, string> = { edicao: 'Alteração', selecao: 'Produtos', itens: 'Produtos' };

/** The body parsed by its zod schema, or 400 naming the first field in Portuguese. */
function lerCorpo<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  return lerOuRecusar(schema, request.body, (campo) => rotulos[campo.split('.')[0]!] ?? campo);
}

/** The edit must be complete before any product is looked at (a missing percentage, a value in reais). */
function verificarEdicao(edicao: EdicaoEmMassa) {
  try {
    novoValorEdicao(edicao, 0);
  } catch (error) {
    throw new HttpError(400, (error as Error).message, {}, { [`edicao.${edicao.modo === 'valor' ? 'valor' : 'percentual'}`]: (error as Error).message });
  }
}

/**
 * correcaoProdutos' bulk edit: preview (nothing written), apply in one transaction with the versions
 * of the preview, the history of batches and undo. Group and company from the session.
 */
export async function correcaoLoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const comum = { tags: ['Correção de produtos'], security: [{ sessao: [] }] };
  const semValidar = () => (data: unknown) => ({ value: data });

  r.post(
    '/api/correcaoProdutos/previa',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'editar')],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary: 'Prévia de uma alteração em massa: antes → depois de cada produto e os que seriam recusados, com o motivo (nada é gravado)',
        description:
          "selecao: produtos (ids marcados) ou busca/agrupador (todos os produtos ativos que correspondem). edicao: campo (ncm, cest, origem, agrupador, unidade; da empresa ativa: configuracaoImposto, impostoFederal, preco, custo, setorImpressao), " +
          "valor, ou para preço/custo modo 'acrescimo'/'desconto' com percentual (arredondado ao centavo). Cada linha traz a versão lida: envie-a a /aplicar.",
        body: previaBody,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const { edicao, selecao } = lerCorpo(previaBody, request);
      verificarEdicao(edicao);
      const s = sessaoDe(request);
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          const { planos, recusados } = await planejar(tx, s, edicao, selecao);
          const simulado = await simular(tx, s, edicao, planos);
          const rotulo = await rotuladorDe(tx, s, edicao.campo, simulado.aceitos.flatMap((p) => [p.antes, p.depois]));
          return {
            campo: edicao.campo,
            rotuloCampo: camposEdicaoEmMassa[edicao.campo].rotulo,
            linhas: simulado.aceitos.map((p) => ({ produto: p.produto, version: p.version, antes: p.antes, depois: p.depois, antesTexto: rotulo(p.antes), depoisTexto: rotulo(p.depois) })),
            recusados: [...recusados, ...simulado.recusados],
            semMudanca: simulado.semMudanca,
          };
        }),
      );
    },
  );

  r.post(
    '/api/correcaoProdutos/aplicar',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'editar')],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary: 'Aplica a alteração em massa da prévia numa transação (todos ou nenhum) e guarda o lote para desfazer',
        description: 'Um produto alterado por outra pessoa depois da prévia (versão diferente) recusa o lote inteiro com 409, dizendo qual.',
        body: aplicarBody,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const { edicao, itens } = lerCorpo(aplicarBody, request);
      verificarEdicao(edicao);
      const s = sessaoDe(request);
      return ok(await escrever(ctx.db, s, () => ({}), (tx) => aplicarLote(tx, s, edicao, itens)));
    },
  );

  r.get(
    '/api/correcaoProdutos/lotes',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'ver')],
      schema: { ...comum, summary: 'Os últimos 50 lotes de correção da empresa ativa (quem, quando, o quê, desfeito ou não)', response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => listarLotes(tx, s)));
    },
  );

  r.get(
    '/api/correcaoProdutos/lotes/:id',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'ver')],
      schema: { ...comum, summary: 'Um lote de correção com cada produto, antes e depois', params: z.object({ id: z.string() }), response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => detalharLote(tx, s, request.params.id)));
    },
  );

  r.post(
    '/api/correcaoProdutos/lotes/:id/desfazer',
    {
      preHandler: [requireSession(ctx), exigirPermissao('correcaoProdutos', 'editar')],
      schema: {
        ...comum,
        summary: 'Desfaz um lote: devolve os valores de antes numa transação; recusado (409, dizendo o produto) se algum produto mudou depois do lote',
        params: z.object({ id: z.string() }),
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await escrever(ctx.db, s, () => ({}), (tx) => desfazerLote(tx, s, request.params.id)));
    },
  );
}
