import { filtroSugestaoPedidoSchema, gerarPedidosSugestaoSchema, rotuloCampoSugestaoPedido } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { verificarPermissao } from '../session/permissoes.ts';
import { sessaoDe } from '../session/requireSession.ts';
import { rotasDaTelaDeEstoque } from './rotasDaTela.ts';
import { gerarPedidosDaSugestao, sugestaoDePedido } from './sugestaoPedido.ts';

/** The order suggestion (stock/sugestaoPedido.ts): read it, and turn the edited lines into draft purchase orders. Tenant from the session. */
export async function sugestaoPedidoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, ler } = rotasDaTelaDeEstoque(app, ctx, 'estoqueSugestaoPedido', rotuloCampoSugestaoPedido);
  rota('post', '', 'ver', 'Sugestão de compra por produto desta loja: saldo, mínimo, máximo, consumo por ficha técnica nas últimas semanas, pedidos abertos, prazo de entrega e a quantidade na unidade do fornecedor', (tx, a, req) =>
    sugestaoDePedido(tx, a, ler(filtroSugestaoPedidoSchema, req)),
  );
  rota(
    'post',
    '/gerar',
    'criar',
    'Transforma as linhas escolhidas (quantidades editadas) em pedidos de compra em rascunho, um por fornecedor, numa transação (exige também criar pedidos de compra)',
    (tx, a, req) => {
      // The drafts are purchase orders: whoever makes them must be allowed to open one by hand too.
      verificarPermissao(sessaoDe(req).permissoes, 'estoquePedidoCompra', 'criar');
      return gerarPedidosDaSugestao(tx, a, ler(gerarPedidosSugestaoSchema, req));
    },
    201,
  );
}
