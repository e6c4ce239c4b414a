import { cancelamentoPedidoSchema, edicaoPedidoCompraSchema, emailPedidoSchema, filtroPedidoCompraSchema, pedidoCompraSchema, recebimentoPedidoSchema, rotuloCampoPedidoCompra } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { OutboxRef } from '../mail/outbox.ts';
import { aprovarPedidoCompra, cancelarPedidoCompra, criarPedidoCompra, detalharPedidoCompra, editarPedidoCompra, encerrarPedidoCompra, enviarEmailPedidoCompra, enviarPedidoCompra, listarPedidosCompra, receberPedidoCompra } from './pedidoCompra.ts';
import { rotasDaTelaDeEstoque } from './rotasDaTela.ts';

/**
 * Purchase orders (stock/pedidoCompra.ts): open a draft, edit it, list, read, send, cancel, receive by hand.
 * Group, company and user from the session; the screen's permissions (ver, criar, editar).
 */
export async function pedidoCompraRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, ler } = rotasDaTelaDeEstoque(app, ctx, 'estoquePedidoCompra', rotuloCampoPedidoCompra);
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  rota('post', '', 'criar', 'Abre um pedido de compra (rascunho) a um fornecedor, com linhas na unidade do fornecedor, preço e fator; numerado por empresa', (tx, a, req) => criarPedidoCompra(tx, a, ler(pedidoCompraSchema, req)), 201);
  rota('post', '/lista', 'ver', 'Pedidos de compra da empresa ativa (situação, fornecedor), do mais recente ao mais antigo', (tx, a, req) => listarPedidosCompra(tx, a, ler(filtroPedidoCompraSchema, req)));
  rota('get', '/:id', 'ver', 'Um pedido de compra com as linhas, o recebido de cada uma e os recebimentos com suas divergências', (tx, a, req) => detalharPedidoCompra(tx, a, id(req)));
  rota('put', '/:id', 'editar', 'Reescreve um rascunho (fornecedor, linhas, previsão, observação) com a versão lida; outra alteração antes é 409', (tx, a, req) => editarPedidoCompra(tx, a, id(req), ler(edicaoPedidoCompraSchema, req)));
  rota('post', '/:id/enviar', 'editar', 'Marca um rascunho como enviado ao fornecedor (acima do limite de aprovação da empresa, fica aguardando aprovação)', (tx, a, req) => enviarPedidoCompra(tx, a, id(req)));
  rota('post', '/:id/aprovar', 'aprovar', 'Aprova um pedido acima do limite da empresa (permissão Aprovar) e o envia ao fornecedor; quem e quando ficam registrados', (tx, a, req) => aprovarPedidoCompra(tx, a, id(req)));
  rota('post', '/:id/encerrar', 'editar', 'Encerra com falta um pedido recebido em parte: o resto deixa de ser esperado', (tx, a, req) => encerrarPedidoCompra(tx, a, id(req), ler(cancelamentoPedidoSchema, req).motivo));
  // The e-mail is written in the order's transaction and sent once it committed (the outbox reads the row).
  const emails = new WeakMap<FastifyRequest, OutboxRef>();
  rota('post', '/:id/email', 'editar', 'Envia o pedido em PDF por e-mail ao fornecedor (o endereço informado ou o e-mail da pessoa); quem, quando e para quem ficam registrados', async (tx, a, req) => {
    const { pedido, email } = await enviarEmailPedidoCompra(tx, a, id(req), ler(emailPedidoSchema, req).para ?? null);
    emails.set(req, email);
    return pedido;
  });
  app.addHook('onResponse', async (request) => {
    const email = emails.get(request);
    if (email) ctx.outbox.dispatch([email]);
  });
  rota('post', '/:id/cancelar', 'editar', 'Cancela um pedido enquanto nada foi recebido', (tx, a, req) => cancelarPedidoCompra(tx, a, id(req), ler(cancelamentoPedidoSchema, req).motivo));
  rota('post', '/:id/receber', 'editar', 'Recebe linhas do pedido (parcial ou o resto) num local: numa transação, entrada no estoque pelo razão ao preço pago e a situação do pedido; com a versão lida (confirmar de novo é 409)', (tx, a, req) =>
    receberPedidoCompra(tx, a, id(req), ler(recebimentoPedidoSchema, req)),
  );
}
