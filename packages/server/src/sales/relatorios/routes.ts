import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOk, HttpError, ok } from '../../plugins/envelope.ts';
import { camposDoZod } from '../../resources/validacao.ts';
import { exigirPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe, type SessaoRequest } from '../../session/requireSession.ts';
import { carregarDashboard } from './dashboard.ts';
import { filtroListaProdutosVendidos, filtroRelatorioPeriodo, filtroRelatorioQrCode, filtroRelatorioVenda, hojeNoFuso } from '@retaguarda/domain';
import { relatorioVenda } from './relatorioVenda.ts';
import { relatorioVendaProdutos } from './relatorioVendaProdutos.ts';
import { relatorioCancelamentos } from './relatorioCancelamentos.ts';
import { relatorioDescontos } from './relatorioDescontos.ts';
import { relatorioResumoFiscal } from './relatorioResumoFiscal.ts';
import { historicoDocumento } from './historicoDocumento.ts';
import { relatorioTransferencias } from './relatorioTransferencias.ts';
import { relatorioCriado } from './relatorioCriado.ts';
import { relatorioQrCode } from './relatorioQrCode.ts';
import { listaProdutosVendidos } from './listaProdutosVendidos.ts';
import { opcoesDoFiltro } from './opcoesFiltro.ts';

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

  const relatorio = rotaDeRelatorio(r, ctx);
  relatorio('relatorioVenda', 'Relatório de vendas do período, agrupado por dia, empresa, canal, hora, dia da semana ou terminal, com totais', filtroRelatorioVenda, relatorioVenda);
  relatorio('relatorioVendaProdutos', 'Vendas por produto no período, com a curva ABC', filtroRelatorioPeriodo, relatorioVendaProdutos);
  relatorio('relatorioVendaCancelamentos', 'Vendas inteiras e itens cancelados no período: quem, quando, por quê e quanto', filtroRelatorioPeriodo, relatorioCancelamentos);
  relatorio('relatorioVendaDescontos', 'Descontos do período por motivo, nas vendas e nos itens', filtroRelatorioPeriodo, relatorioDescontos);
  relatorio('relatorioVendasResumoFiscal', 'Documentos fiscais do período por modelo, status e série; itens por CFOP e CST/CSOSN; contingências a transmitir e as já transmitidas (quando, protocolo)', filtroRelatorioPeriodo, relatorioResumoFiscal);
  r.get(
    '/api/relatorioVendasResumoFiscal/documento/:venda',
    {
      preHandler: [requireSession(ctx), exigirPermissao('relatorioVendasResumoFiscal', 'ver')],
      schema: {
        tags: ['Relatórios'],
        security: [{ sessao: [] }],
        summary: 'Histórico do documento fiscal de uma venda: a situação com que chegou, transmissão, rejeições e cancelamento',
        params: z.object({ venda: z.string() }),
        response: { 200: envelopeOk(z.any()) },
      },
    },
    async (request) => ok(await historicoDocumento(ctx.db, sessaoDe(request), request.params.venda)),
  );
  // relatorioVendaFranquia reads relatorioVenda's numbers; its filter bar still needs the choices.
  opcoesDeFiltro(r, ctx, 'relatorioVendaFranquia');
  relatorio('relatorioVendaTransferencias', 'Itens transferidos entre mesas e comandas no período: quando, de onde, para onde, quem e por quê; totais por usuário', filtroRelatorioPeriodo, relatorioTransferencias);
  relatorio(
    'relatoriosCriados',
    'Executa um relatório criado pelo usuário (a definição, ou o _id de um relatório salvo que ele vê) no período: linhas, subtotais e totais',
    filtroRelatorioPeriodo.and(z.object({ relatorio: z.string().optional(), definicao: z.unknown().optional() })),
    relatorioCriado,
    '/api/relatoriosCriados/executar',
  );
  relatorio('relatorioQrCode', 'Pedidos feitos pelo QR Code no período, por mesa, dia ou hora, com a participação nas vendas da loja e os produtos mais pedidos', filtroRelatorioQrCode, relatorioQrCode);
  relatorio('listaProdutosVendidos', 'Quantidades vendidas por produto no período, para o estoque (complementos que são produtos contam como linha própria), por agrupador', filtroListaProdutosVendidos, listaProdutosVendidos);
}

/**
 * Declares one report: POST /api/{tela} (or `caminho`), guarded by the screen's 'ver' permission, the body read with
 * the report's filter schema (400 naming the field), the answer computed for the session's tenant.
 */
function rotaDeRelatorio(r: FastifyInstance, ctx: AppContext) {
  return <F extends z.ZodType>(tela: string, resumo: string, filtro: F, executar: (db: AppContext['db'], s: SessaoRequest, f: z.infer<F>) => Promise<unknown>, caminho = `/api/${tela}`) => {
    opcoesDeFiltro(r, ctx, tela);
    return r.post(
      caminho,
      {
        preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        schema: { tags: ['Relatórios'], security: [{ sessao: [] }], summary: resumo, body: filtro, response: { 200: envelopeOk(z.any()) } },
      },
      async (request) => ok(await executar(ctx.db, sessaoDe(request), lerFiltro(filtro, request.body))),
    );
  };
}

/** POST /api/{tela}/filtros: the terminals, users and hour periods the report's filter bar offers, with the report's permission. */
function opcoesDeFiltro(r: FastifyInstance, ctx: AppContext, tela: string) {
  r.post(
    `/api/${tela}/filtros`,
    {
      preHandler: [requireSession(ctx), exigirPermissao(tela, 'ver')],
      schema: { tags: ['Relatórios'], security: [{ sessao: [] }], summary: 'Opções dos filtros do relatório: terminais, operadores e períodos por hora', response: { 200: envelopeOk(z.any()) } },
    },
    async (request) => ok(await opcoesDoFiltro(ctx.db, sessaoDe(request))),
  );
}

const rotulosFiltro: Record<string, string> = { de: 'De', ate: 'Até', dia: 'Dia', agrupar: 'Agrupar por', empresas: 'Empresas', canais: 'Canais', terminais: 'Terminais', operadores: 'Operadores', periodoPorHora: 'Período por hora' };

/** A report's filters, or 400 naming the first wrong one ('Até: O fim do período é anterior ao início.'). */
export function lerFiltro<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const lido = schema.safeParse(body ?? {});
  if (lido.success) return lido.data;
  const campos = camposDoZod(lido.error.issues, 'de', { topo: true });
  const [campo, mensagem] = Object.entries(campos)[0]!;
  throw new HttpError(400, mensagem.includes(':') ? mensagem : `${rotulosFiltro[campo] ?? campo}: ${mensagem}`, {}, campos);
}

