import { abrirPeriodoSchema, aprovacaoCaixaSchema, fecharPeriodoSchema, filtroPeriodosCaixaSchema, movimentoCaixaSchema, rotulosCampoCaixa } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, ok } from '../../plugins/envelope.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { autenticarTerminal } from '../../sales/credencial.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../../session/requireSession.ts';
import type { AutorFinanceiro } from '../razao.ts';
import { aprovarCaixa, listarPeriodos, registrarMovimentoCaixa, resumoDoPeriodo } from './conciliacao.ts';
import { abrirPeriodo, fecharPeriodo } from './periodo.ts';

const TELA = 'conciliacaoCaixa';
const semValidar = () => (data: unknown) => ({ value: data });
const ler = <T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> => lerOuRecusar(schema, corpo, (c) => rotulosCampoCaixa[c.split('.')[0]!] ?? c);
const params = z.object({ _id: z.string() });

/** Cash periods: opened and closed by the terminals; closed, counted and approved in the back office (conciliacaoCaixa). */
export async function conciliacaoCaixaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      return ok(await fecharPeriodo(ctx.db, t, (request.params as { _id: string })._id, ler(fecharPeriodoSchema, request.body)));
    },
  );

  const rota = <T>(metodo: 'get' | 'post', url: string, acao: 'ver' | 'criar' | 'editar', summary: string, body: z.ZodType | undefined, status: 200 | 201, executar: (tx: Transaction, s: SessaoRequest, a: AutorFinanceiro, request: FastifyRequest) => Promise<T>) =>
    r[metodo](
      url,
      {
        preHandler: [requireSession(ctx), exigirPermissao(TELA, acao)],
        validatorCompiler: semValidar,
        schema: { tags: ['Financeiro'], security: [{ sessao: [] }], summary, ...(body ? { body } : {}), response: { [status]: envelopeOk(z.any()) } },
      },
      async (request, reply) => {
        const s = sessaoDe(request);
        const a = { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario };
        return reply.code(status).send(ok(await withTenant(ctx.db, s, (tx) => executar(tx, s, a, request))));
      },
    );
  const id = (req: FastifyRequest) => (req.params as { _id: string })._id;

  rota('post', '/api/conciliacaoCaixa/periodos', 'ver', 'Períodos de caixa da empresa ativa abertos entre duas datas (situação: aberto, fechado, aprovado), com vendas e total', filtroPeriodosCaixaSchema, 200, (tx, _s, a, req) =>
    listarPeriodos(tx, a, ler(filtroPeriodosCaixaSchema, req.body)),
  );
  rota('get', '/api/conciliacaoCaixa/:_id', 'ver', 'Um período de caixa: vendas por forma de pagamento (líquidas de troco, sem canceladas), sangrias e suprimentos, a aprovação', undefined, 200, (tx, _s, a, req) =>
    resumoDoPeriodo(tx, a, id(req)),
  );
  rota('post', '/api/conciliacaoCaixa/:_id/movimentos', 'criar', 'Registra uma sangria ou um suprimento do período (não depois de aprovado)', movimentoCaixaSchema, 201, (tx, _s, a, req) =>
    registrarMovimentoCaixa(tx, a, id(req), ler(movimentoCaixaSchema, req.body)),
  );
  rota('post', '/api/conciliacaoCaixa/:_id/aprovar', 'editar', 'Aprova o fechamento: guarda o declarado por forma de pagamento e lança o dinheiro e a diferença na conta Caixa, uma vez (de novo: 409)', aprovacaoCaixaSchema, 200, (tx, s, a, req) =>
    aprovarCaixa(tx, s, a, id(req), ler(aprovacaoCaixaSchema, req.body)),
  );
}
