import {
  aprovacaoPedidoTransferenciaSchema,
  edicaoTransferenciaLojasSchema,
  envioPedidoTransferenciaSchema,
  filtroPedidoTransferenciaSchema,
  filtroRelatorioTransferenciaSchema,
  filtroTransferenciaLojasSchema,
  listaReposicaoSchema,
  motivoTransferenciaSchema,
  recebimentoTransferenciaSchema,
  rotuloCampoTransferenciaLojas,
  rotulosFiltroRelatorioTransferencia,
  solicitacaoTransferenciaSchema,
  transferenciaLojasSchema,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import {
  aprovarPedidoTransferencia,
  cancelarPedidoTransferencia,
  detalharPedidoTransferencia,
  enviarPedidoTransferencia,
  listarPedidosTransferencia,
  recusarPedidoTransferencia,
  solicitarTransferencia,
} from './pedidoTransferencia.ts';
import { relatorioTransferencia } from './relatorioTransferencia.ts';
import { listaDeReposicao, outrasLojas } from './reposicao.ts';
import { rotasDaTelaDeEstoque } from './rotasDaTela.ts';
import { cancelarTransferencia, criarTransferencia, detalharTransferencia, editarTransferencia, enviarTransferencia, listarTransferencias, receberTransferencia } from './transferenciaLojas.ts';

/**
 * Transfers between stores, transfer requests (two screens of one page: the requester's
 * solicitacaoPedidoTransferencia, the supplier's estoquePedidoTransferencia), the replenishment list and
 * relatorioEstoqueTransferencia. Group, company (the side of the document) and user from the session;
 * each under its screen's permission.
 */
export async function transferenciaLojasRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  const t = rotasDaTelaDeEstoque(app, ctx, 'estoqueTransferenciaLojas', rotuloCampoTransferenciaLojas);
  t.rota('post', '', 'criar', 'Transferência para outra loja do grupo a partir de um local desta (rascunho, ou já enviada com enviar: true)', (tx, a, req) => criarTransferencia(tx, a, t.ler(transferenciaLojasSchema, req)), 201);
  t.rota('post', '/lista', 'ver', 'Transferências que esta loja enviou e as enviadas a ela (direção, situação), da mais recente à mais antiga', (tx, a, req) => listarTransferencias(tx, a, t.ler(filtroTransferenciaLojasSchema, req)));
  t.rota('get', '/lojas', 'ver', 'As outras lojas do grupo', (tx, a) => outrasLojas(tx, a));
  t.rota('get', '/:id', 'ver', 'Uma transferência enviada por esta loja ou a ela, com as linhas, o custo unitário, o recebido e as divergências', (tx, a, req) => detalharTransferencia(tx, a, id(req)));
  t.rota('put', '/:id', 'editar', 'Reescreve um rascunho inteiro (destino, local, linhas, observação) com a versão lida; enviar: true também o envia', (tx, a, req) =>
    editarTransferencia(tx, a, id(req), t.ler(edicaoTransferenciaLojasSchema, req)),
  );
  t.rota('post', '/:id/enviar', 'editar', 'Envia um rascunho: baixa a origem pelo razão ao custo médio e precifica cada linha (tabela de preços de transferência, senão o custo médio)', (tx, a, req) => enviarTransferencia(tx, a, id(req)));
  t.rota('post', '/:id/receber', 'editar', 'A loja de destino confirma o que chegou num local: entrada pelo razão ao custo da transferência e divergências valorizadas; confirmar de novo é 409', (tx, a, req) =>
    receberTransferencia(tx, a, id(req), t.ler(recebimentoTransferenciaSchema, req)),
  );
  t.rota('post', '/:id/cancelar', 'editar', 'Cancela um rascunho ou estorna uma transferência em trânsito (o estoque volta à origem)', (tx, a, req) => cancelarTransferencia(tx, a, id(req), t.ler(motivoTransferenciaSchema, req).motivo));

  const s = rotasDaTelaDeEstoque(app, ctx, 'solicitacaoPedidoTransferencia', rotuloCampoTransferenciaLojas);
  s.rota('post', '', 'criar', 'Pede produtos a outra loja do grupo (a cozinha central)', (tx, a, req) => solicitarTransferencia(tx, a, s.ler(solicitacaoTransferenciaSchema, req)), 201);
  s.rota('post', '/lista', 'ver', 'Os pedidos de transferência que esta loja fez', (tx, a, req) => listarPedidosTransferencia(tx, a, 'solicitante', s.ler(filtroPedidoTransferenciaSchema, req)));
  s.rota('get', '/:id', 'ver', 'Um pedido de transferência desta loja, com quem e quando em cada etapa', (tx, a, req) => detalharPedidoTransferencia(tx, a, id(req)));
  s.rota('post', '/:id/cancelar', 'editar', 'Retira um pedido ainda não enviado', (tx, a, req) => cancelarPedidoTransferencia(tx, a, id(req), s.ler(motivoTransferenciaSchema, req).motivo));

  const p = rotasDaTelaDeEstoque(app, ctx, 'estoquePedidoTransferencia', rotuloCampoTransferenciaLojas);
  p.rota('post', '/lista', 'ver', 'Os pedidos de transferência endereçados a esta loja', (tx, a, req) => listarPedidosTransferencia(tx, a, 'fornecedora', p.ler(filtroPedidoTransferenciaSchema, req)));
  p.rota('get', '/:id', 'ver', 'Um pedido endereçado a esta loja, com quem e quando em cada etapa', (tx, a, req) => detalharPedidoTransferencia(tx, a, id(req)));
  p.rota('post', '/:id/aprovar', 'editar', 'Aprova o pedido inteiro ou em parte: quantidade diferente da pedida (menos ou mais) exige justificativa', (tx, a, req) =>
    aprovarPedidoTransferencia(tx, a, id(req), p.ler(aprovacaoPedidoTransferenciaSchema, req)),
  );
  p.rota('post', '/:id/recusar', 'editar', 'Recusa o pedido, com o motivo', (tx, a, req) => recusarPedidoTransferencia(tx, a, id(req), p.ler(motivoTransferenciaSchema, req).motivo));
  p.rota('post', '/:id/enviar', 'editar', 'Separa o aprovado (ou, por linha, outra quantidade com justificativa) num local e envia: a transferência entre lojas é criada e enviada (a origem baixa pelo razão) na mesma transação', (tx, a, req) =>
    enviarPedidoTransferencia(tx, a, id(req), p.ler(envioPedidoTransferenciaSchema, req)),
  );

  const l = rotasDaTelaDeEstoque(app, ctx, 'estoqueGerarListaReposicao', rotuloCampoTransferenciaLojas);
  l.rota('post', '', 'ver', 'Produtos desta loja abaixo do mínimo, com o que pedir até o mínimo ou o máximo (menos o já pedido), a loja que costuma atender e as outras lojas', async (tx, a, req) => ({
    ...(await listaDeReposicao(tx, a, l.ler(listaReposicaoSchema, req).ate)),
    lojas: await outrasLojas(tx, a),
  }));

  const r = rotasDaTelaDeEstoque(app, ctx, 'relatorioEstoqueTransferencia', (c) => rotulosFiltroRelatorioTransferencia[c] ?? c);
  r.rota('post', '', 'ver', 'Transferências entre lojas do período: origem, destino, situação, valores enviado e recebido, divergências; totais e rotas', (tx, a, req) =>
    relatorioTransferencia(tx, a, lerOuRecusar(filtroRelatorioTransferenciaSchema, req.body, (c) => rotulosFiltroRelatorioTransferencia[c] ?? c, { padrao: 'de', topo: true })),
  );
  r.rota('get', '/lojas', 'ver', 'As outras lojas do grupo (filtro do relatório)', (tx, a) => outrasLojas(tx, a));
}
