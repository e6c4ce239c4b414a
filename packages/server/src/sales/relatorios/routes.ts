import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { camposDoZod } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { carregarDashboard } from './dashboard.ts';
import { filtroRelatorioPeriodo, filtroRelatorioVenda, hojeNoFuso } from '@retaguarda/domain';
import { relatorioVenda } from './relatorioVenda.ts';
import { relatorioVendaProdutos } from './relatorioVendaProdutos.ts';
import { relatorioCancelamentos } from './relatorioCancelamentos.ts';
import { relatorioDescontos } from './relatorioDescontos.ts';

const dataSchema = z.iso.date({ error: 'Data: use aaaa-mm-dd.' });

/** Reports and dashboards over the sales tables (read-only; the tenant is the session's). */
export async function relatorioRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/dashboard',
    {
      preHandler: [requireSession(ctx), exigirPermissao('dashboardDefault', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Painel do dia da empresa ativa: comparação com o mesmo dia da semana anterior, horas, canais, pagamentos e produtos',
        body: z.object({ data: dataSchema.optional() }),
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      const s = sessaoDe(request);
      const body = (request.body ?? {}) as { data?: unknown };
      const data = body.data === undefined ? hojeNoFuso() : dataSchema.safeParse(body.data);
      if (typeof data !== 'string' && !data.success) throw new HttpError(400, 'Data: use aaaa-mm-dd.', {}, { data: 'Use aaaa-mm-dd.' });
      return ok(await carregarDashboard(ctx.db, s, typeof data === 'string' ? data : data.data, [s.empresa]));
    },
  );

  r.post(
    '/api/relatorioVenda',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVenda', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Relatório de vendas do período, agrupado por dia, empresa, canal, hora, dia da semana ou terminal, com totais',
        body: filtroRelatorioVenda,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => {
      return ok(await relatorioVenda(ctx.db, sessaoDe(request), lerFiltro(filtroRelatorioVenda, request.body)));
    },
  );

  r.post(
    '/api/relatorioVendaProdutos',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendaProdutos', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Vendas por produto no período, com a curva ABC',
        body: filtroRelatorioPeriodo,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => ok(await relatorioVendaProdutos(ctx.db, sessaoDe(request), lerFiltro(filtroRelatorioPeriodo, request.body))),
  );

  r.post(
    '/api/relatorioVendaCancelamentos',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendaCancelamentos', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Vendas inteiras e itens cancelados no período: quem, quando, por quê e quanto',
        body: filtroRelatorioPeriodo,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => ok(await relatorioCancelamentos(ctx.db, sessaoDe(request), lerFiltro(filtroRelatorioPeriodo, request.body))),
  );

  r.post(
    '/api/relatorioVendaDescontos',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendaDescontos', 'ver')],
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Descontos do período por motivo, nas vendas e nos itens',
        body: filtroRelatorioPeriodo,
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => ok(await relatorioDescontos(ctx.db, sessaoDe(request), lerFiltro(filtroRelatorioPeriodo, request.body))),
  );
}

const rotulosFiltro: Record<string, string> = { de: 'De', ate: 'Até', agrupar: 'Agrupar por', empresas: 'Empresas', canais: 'Canais' };

/** A report's filters, or 400 naming the first wrong one ('Até: O fim do período é anterior ao início.'). */
function lerFiltro<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const lido = schema.safeParse(body ?? {});
  if (lido.success) return lido.data;
  const campos = camposDoZod(lido.error.issues, 'de', { topo: true });
  const [campo, mensagem] = Object.entries(campos)[0]!;
  throw new HttpError(400, mensagem.includes(':') ? mensagem : `${rotulosFiltro[campo] ?? campo}: ${mensagem}`, {}, campos);
}

