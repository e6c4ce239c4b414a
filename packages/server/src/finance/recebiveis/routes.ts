import { chargebackSchema, estornoChargebackSchema, filtroChargebacksSchema, filtroPrevisaoRecebimento, rotulosCampoChargeback } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { empresasDoFiltro } from '../../sales/relatorios/filtroVendas.ts';
import { lerFiltro } from '../../sales/relatorios/routes.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { calendarioDaAgenda } from '../agenda/calendario.ts';
import { rotasDaTela } from '../rotas.ts';
import { estornarChargeback, listarChargebacks, registrarChargeback } from './chargeback.ts';
import { previsaoRecebimento } from './previsao.ts';

/** The calendar's data (read-only; the tenant is the session's): the card, voucher and pix forecast and the agenda's títulos. One page serves both screens, so seeing either of them lets its data be read. */
export async function recebiveisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, rotaLivre } = rotasDaTela(app, ctx, ['calendarioRecebimento', 'calendarioPagamento'], {});
  rotaLivre(
    'post',
    '/api/calendarioRecebimento/previsao',
    'ver',
    'Recebíveis previstos de cartão, vale e pix por dia (bruto, taxas, chargebacks em vigor, líquido, por operadora e bandeira) e, com `dia`, os recebíveis do dia um a um',
    filtroPrevisaoRecebimento,
    200,
    (request) => previsaoRecebimento(ctx.db, sessaoDe(request), lerFiltro(filtroPrevisaoRecebimento, request.body)),
  );
  rota(
    'post',
    '/api/calendarioRecebimento/titulos',
    'ver',
    'Contas a pagar e a receber por dia: em aberto e vencido pelo vencimento, recebido e pago pela data da baixa; com `dia`, as parcelas que vencem nele',
    filtroPrevisaoRecebimento,
    200,
    async (tx, a, request) => {
      const f = lerFiltro(filtroPrevisaoRecebimento, request.body);
      const { empresas } = await empresasDoFiltro(tx, sessaoDe(request), f.empresas);
      return calendarioDaAgenda(tx, a, f, empresas);
    },
  );

  // Chargebacks change money: the receivables screen's own permissions (the payables calendar does not reach them).
  const cb = rotasDaTela(app, ctx, 'calendarioRecebimento', rotulosCampoChargeback);
  const id = (request: { params: unknown }) => (request.params as { _id: string })._id;
  cb.rota('post', '/api/calendarioRecebimento/chargebacks/lista', 'ver', 'Chargebacks (contestações) da empresa ativa com data do débito entre duas datas, com a venda, a conta da adquirente e o estorno', filtroChargebacksSchema, 200, (tx, a, req) =>
    listarChargebacks(tx, a, cb.ler(filtroChargebacksSchema, req.body)),
  );
  cb.rota('post', '/api/calendarioRecebimento/chargebacks', 'editar', 'Marca um pagamento em cartão ou voucher como contestado pela adquirente (valor, data, motivo): debita a carteira da adquirente; no máximo o que resta do pagamento', chargebackSchema, 201, (tx, a, req) =>
    registrarChargeback(tx, a, cb.ler(chargebackSchema, req.body)),
  );
  cb.rota('post', '/api/calendarioRecebimento/chargebacks/:_id/estornar', 'editar', 'Estorna um chargeback (contestação ganha): nova linha e o estorno do débito na carteira, uma vez só', estornoChargebackSchema, 200, (tx, a, req) =>
    estornarChargeback(tx, a, id(req), cb.ler(estornoChargebackSchema, req.body)),
  );
}
