import { abrirPeriodoSchema, aprovacaoCaixaSchema, fecharPeriodoSchema, filtroPeriodosCaixaSchema, movimentoCaixaSchema, movimentoTerminalSchema, reaberturaCaixaSchema, rotulosCampoCaixa } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOk, ok } from '../../plugins/envelope.ts';
import { autenticarTerminal } from '../../sales/credencial.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { rotasDaTela } from '../rotas.ts';
import { aprovarCaixa, listarPeriodos, reabrirCaixa, registrarMovimentoCaixa, resumoDoPeriodo } from './conciliacao.ts';
import { abrirPeriodo, fecharPeriodo, movimentoDoTerminal } from './periodo.ts';

const semValidar = () => (data: unknown) => ({ value: data });
const params = z.object({ _id: z.string() });
const id = (req: FastifyRequest) => (req.params as { _id: string })._id;

/** Cash periods: opened and closed by the terminals; closed, counted and approved in the back office (conciliacaoCaixa). */
export async function conciliacaoCaixaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rota, ler } = rotasDaTela(app, ctx, 'conciliacaoCaixa', rotulosCampoCaixa);
  const doTerminal = { tags: ['Vendas'], security: [{ terminal: [] }] };

  r.post(
    '/api/periodo/abrir',
    { validatorCompiler: semValidar, schema: { ...doTerminal, summary: 'O terminal abre um período de caixa (um aberto por terminal; caixa e fundo de troco do cadastro quando omitidos)', body: abrirPeriodoSchema, response: { 201: envelopeOk(z.any()) } } },
    async (request, reply) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      return reply.code(201).send(ok(await abrirPeriodo(ctx.db, t, ler(abrirPeriodoSchema, request.body))));
    },
  );
  r.post(
    '/api/periodo/:_id/fechar',
    { validatorCompiler: semValidar, schema: { ...doTerminal, summary: 'O terminal fecha o seu período de caixa (fechar de novo responde o período como está)', params, body: fecharPeriodoSchema, response: { 200: envelopeOk(z.any()) } } },
    async (request) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      return ok(await fecharPeriodo(ctx.db, t, id(request), ler(fecharPeriodoSchema, request.body)));
    },
  );
  r.post(
    '/api/periodo/:_id/movimentos',
    { validatorCompiler: semValidar, schema: { ...doTerminal, summary: 'O terminal registra uma sangria ou um suprimento do seu período (id escolhido pelo terminal: reenviar responde o mesmo registro)', params, body: movimentoTerminalSchema, response: { 201: envelopeOk(z.any()) } } },
    async (request, reply) => {
      const t = await autenticarTerminal(ctx.db, request.headers.authorization);
      return reply.code(201).send(ok(await movimentoDoTerminal(ctx.db, t, id(request), ler(movimentoTerminalSchema, request.body))));
    },
  );

  rota('post', '/api/conciliacaoCaixa/periodos', 'ver', 'Períodos de caixa da empresa ativa abertos entre duas datas (situação: aberto, fechado, aprovado), com vendas e total', filtroPeriodosCaixaSchema, 200, (tx, a, req) =>
    listarPeriodos(tx, a, ler(filtroPeriodosCaixaSchema, req.body)),
  );
  rota('get', '/api/conciliacaoCaixa/:_id', 'ver', 'Um período de caixa: vendas por forma de pagamento (líquidas de troco, sem canceladas), sangrias e suprimentos, a aprovação', undefined, 200, (tx, a, req) =>
    resumoDoPeriodo(tx, a, id(req)),
  );
  rota('post', '/api/conciliacaoCaixa/:_id/movimentos', 'criar', 'Registra uma sangria ou um suprimento do período (não depois de aprovado)', movimentoCaixaSchema, 201, (tx, a, req) =>
    registrarMovimentoCaixa(tx, a, id(req), ler(movimentoCaixaSchema, req.body)),
  );
  rota('post', '/api/conciliacaoCaixa/:_id/aprovar', 'editar', 'Aprova o fechamento: guarda o declarado por forma de pagamento e lança o dinheiro e a diferença na conta Caixa, uma vez (de novo: 409)', aprovacaoCaixaSchema, 200, (tx, a, req) =>
    aprovarCaixa(tx, sessaoDe(req), a, id(req), ler(aprovacaoCaixaSchema, req.body)),
  );
  // Undoing an approval is the manager's: the screen's lixeira permission, not the cashier's editar.
  rota('post', '/api/conciliacaoCaixa/:_id/reabrir', 'lixeira', 'Reabre a aprovação em vigor (gerente): estorna com novos lançamentos o que ela lançou e guarda quem, quando e o motivo; o período pode ser aprovado de novo', reaberturaCaixaSchema, 200, (tx, a, req) =>
    reabrirCaixa(tx, a, id(req), ler(reaberturaCaixaSchema, req.body)),
  );
}
