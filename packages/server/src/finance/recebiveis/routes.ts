import { filtroPrevisaoRecebimento } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withTenant } from '../../db/tenant.ts';
import { envelopeOk, ok } from '../../plugins/envelope.ts';
import { empresasDoFiltro } from '../../sales/relatorios/filtroVendas.ts';
import { lerFiltro } from '../../sales/relatorios/routes.ts';
import { exigirAlgumaPermissao } from '../../session/permissoes.ts';
import { requireSession, sessaoDe } from '../../session/requireSession.ts';
import { calendarioDaAgenda } from '../agenda/calendario.ts';
import { autorDaSessao } from '../rotas.ts';
import { previsaoRecebimento } from './previsao.ts';

/** One page serves both screens, so seeing either of them lets its data be read. */
const TELAS_CALENDARIO = ['calendarioRecebimento', 'calendarioPagamento'] as const;

/** The calendar's data (read-only; the tenant is the session's): the card, voucher and pix forecast and the agenda's títulos. */
export async function recebiveisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opcoes = (summary: string) => ({
    preHandler: [requireSession(ctx), exigirAlgumaPermissao(TELAS_CALENDARIO, 'ver')],
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    schema: { tags: ['Financeiro'], security: [{ sessao: [] }], summary, body: filtroPrevisaoRecebimento, response: { 200: envelopeOk(z.any()) } },
  });
  r.post(
    '/api/calendarioRecebimento/previsao',
    opcoes('Recebíveis previstos de cartão, vale e pix por dia (bruto, taxas, líquido, por operadora e bandeira) e, com `dia`, os recebíveis do dia um a um'),
    async (request) => ok(await previsaoRecebimento(ctx.db, sessaoDe(request), lerFiltro(filtroPrevisaoRecebimento, request.body))),
  );
  r.post(
    '/api/calendarioRecebimento/titulos',
    opcoes('Contas a pagar e a receber por dia: em aberto e vencido pelo vencimento, recebido e pago pela data da baixa; com `dia`, as parcelas que vencem nele'),
    async (request) => {
      const f = lerFiltro(filtroPrevisaoRecebimento, request.body);
      const s = sessaoDe(request);
      return ok(
        await withTenant(ctx.db, s, async (tx) => {
          const { empresas } = await empresasDoFiltro(tx, s, f.empresas);
          return calendarioDaAgenda(tx, autorDaSessao(s), f, empresas);
        }),
      );
    },
  );
}
