import { cancelamentoPedidoSchema, filtroPedidoCompraSchema, pedidoCompraSchema, recebimentoPedidoSchema, rotuloCampoPedidoCompra, type AcaoTela } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { envelopeOk, ok } from '../plugins/envelope.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { exigirPermissao } from '../session/permissoes.ts';
import { requireSession, sessaoDe } from '../session/requireSession.ts';
import { cancelarPedidoCompra, criarPedidoCompra, detalharPedidoCompra, enviarPedidoCompra, listarPedidosCompra, receberPedidoCompra } from './pedidoCompra.ts';
import type { AutorEstoque } from './razao.ts';

const TELA = 'estoquePedidoCompra';
const BASE = `/api/${TELA}`;

/** The body by its schema, or 400 naming the first field in Portuguese. */
function ler<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  return lerOuRecusar(schema, request.body, rotuloCampoPedidoCompra, { padrao: 'corpo' });
}

/**
 * Purchase orders (stock/pedidoCompra.ts): open a draft, list, read, send, cancel, receive by hand.
 * Group, company and user from the session; the screen's permissions (ver, criar, editar).
 */
export async function pedidoCompraRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rota = <T>(metodo: 'get' | 'post', caminho: string, acao: AcaoTela, resumo: string, executar: (tx: Transaction, a: AutorEstoque, request: FastifyRequest) => Promise<T>, status = 200) =>
    r[metodo](
      `${BASE}${caminho}`,
      {
        preHandler: [requireSession(ctx), exigirPermissao(TELA, acao)],
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        schema: { tags: ['Estoque'], security: [{ sessao: [] }], summary: resumo, response: { [status]: envelopeOk(z.any()) } },
      },
      async (request, reply) => {
        const s = sessaoDe(request);
        const resultado = await withTenant(ctx.db, s, (tx) => executar(tx, { grupoEmpresarial: s.grupoEmpresarial, empresa: s.empresa, usuario: s.usuario }, request));
        return reply.code(status).send(ok(resultado));
      },
    );
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  rota('post', '', 'criar', 'Abre um pedido de compra (rascunho) a um fornecedor, com linhas na unidade do fornecedor, preço e fator; numerado por empresa', (tx, a, req) => criarPedidoCompra(tx, a, ler(pedidoCompraSchema, req)), 201);
  rota('post', '/lista', 'ver', 'Pedidos de compra da empresa ativa (situação, fornecedor), do mais recente ao mais antigo', (tx, a, req) => listarPedidosCompra(tx, a, ler(filtroPedidoCompraSchema, req)));
  rota('get', '/:id', 'ver', 'Um pedido de compra com as linhas, o recebido de cada uma e os recebimentos com suas divergências', (tx, a, req) => detalharPedidoCompra(tx, a, id(req)));
  rota('post', '/:id/enviar', 'editar', 'Marca um rascunho como enviado ao fornecedor', (tx, a, req) => enviarPedidoCompra(tx, a, id(req)));
  rota('post', '/:id/cancelar', 'editar', 'Cancela um pedido enquanto nada foi recebido', (tx, a, req) => cancelarPedidoCompra(tx, a, id(req), ler(cancelamentoPedidoSchema, req).motivo));
  rota('post', '/:id/receber', 'editar', 'Recebe linhas do pedido (parcial ou o resto) num local: numa transação, entrada no estoque pelo razão ao preço pago e a situação do pedido; com a versão lida (confirmar de novo é 409)', (tx, a, req) =>
    receberPedidoCompra(tx, a, id(req), ler(recebimentoPedidoSchema, req)),
  );
}
