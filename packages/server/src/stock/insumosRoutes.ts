import { filtroVendaInsumosSchema, pode, rotulosFiltroVendaInsumos } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, HttpError, ok } from '../plugins/envelope.ts';
import { camposDoZod, recusarNomeando } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../session/requireSession.ts';
import { baixarSaidas } from './baixaVendas.ts';
import { descartarPendencia, listarPendencias, reprocessarPendencia } from './pendencias.ts';
import type { AutorEstoque } from './razao.ts';
import { inventariosAprovados, relatorioVendaInsumos } from './vendaInsumos.ts';

const autor = (s: SessaoRequest): AutorEstoque => ({ grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario });
const semValidar = () => (data: unknown) => ({ value: data });
const comum = { tags: ['Estoque'], security: [{ sessao: [] }] };
/** The screens that show the pendências: the stock position, the recipe sheets, the consumption report and the day's dashboard. */
const TELAS_PENDENCIAS = ['relatorioEstoqueProduto', 'estoqueFichaTecnica', 'relatorioVendaInsumos', 'dashboardDefault'];

/**
 * The stock pending issues of the sales (pendências: list, post the missing consumption, write off) and
 * relatorioVendaInsumos (theoretical consumption by recipe; actual against it between two counts).
 * Group and company from the session.
 */
export async function estoqueInsumosRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/estoquePendencias',
    {
      preHandler: [
        requireSession(ctx),
        async (request) => {
          const { permissoes } = sessaoDe(request);
          if (!TELAS_PENDENCIAS.some((tela) => pode(permissoes, tela, 'ver'))) throw new HttpError(403, 'Sem acesso às pendências de estoque: peça acesso ao estoque por produto ou às fichas técnicas.');
        },
      ],
      schema: {
        ...comum,
        summary: 'Pendências de estoque da empresa ativa: produtos vendidos que não baixaram estoque (sem ficha técnica nem controle de estoque; empresa sem local), com as vendas afetadas e se a causa já foi corrigida',
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => listarPendencias(tx, s)));
    },
  );

  const fechar = (acao: 'reprocessar' | 'descartar', resumo: string) =>
    r.post(
      `/api/estoquePendencias/:id/${acao}`,
      {
        preHandler: [requireSession(ctx), exigirPermissao('estoqueFichaTecnica', 'editar')],
        validatorCompiler: semValidar,
        schema: { ...comum, summary: resumo, params: z.object({ id: z.string() }), response: { 200: envelopeOk(z.any()) } },
      },
      async (request) => {
        const s = sessaoDe(request);
        const { id } = request.params as { id: string };
        return ok(
          await withTenant(ctx.db, s, (tx) =>
            acao === 'reprocessar' ? reprocessarPendencia(tx, autor(s), id, (saidas) => baixarSaidas(tx, autor(s), saidas)) : descartarPendencia(tx, autor(s), id),
          ),
        );
      },
    );
  fechar('reprocessar', 'Lança, numa transação, o consumo que as vendas da pendência não baixaram (pelas fichas e cadastros de agora, na data de cada venda) e a fecha; 409 se a causa não foi corrigida ou se já foi fechada');
  fechar('descartar', 'Fecha a pendência sem lançar nada (o estoque dessas vendas se acerta no próximo inventário)');

  r.post(
    '/api/relatorioVendaInsumos',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendaInsumos', 'ver')],
      validatorCompiler: semValidar,
      schema: {
        ...comum,
        summary: 'Consumo teórico de insumos pelas vendas (fichas técnicas) num período, ou teórico contra real entre dois inventários aprovados: a diferença de CMV por insumo',
        description:
          'Período: { de, ate, empresas? } (sem empresas: todas as que o usuário vê). Entre inventários: { inventarioInicial, inventarioFinal, local? } da empresa ativa. ' +
          'Opcional: agrupador (grupo de insumos). Quantidades na unidade de estoque do insumo (4 casas); valores em centavos.',
        body: filtroVendaInsumosSchema,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const lido = filtroVendaInsumosSchema.safeParse(request.body ?? {});
      if (!lido.success) recusarNomeando(camposDoZod(lido.error.issues, 'de', { topo: true }), (c) => rotulosFiltroVendaInsumos[c] ?? c);
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => relatorioVendaInsumos(tx, s, lido.data)));
    },
  );

  r.get(
    '/api/relatorioVendaInsumos/inventarios',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendaInsumos', 'ver')],
      schema: { ...comum, summary: 'Inventários aprovados da empresa ativa, do mais recente ao mais antigo (o filtro do relatório)', response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => {
      const s = sessaoDe(request);
      return ok(await withTenant(ctx.db, s, (tx) => inventariosAprovados(tx, s)));
    },
  );
}
