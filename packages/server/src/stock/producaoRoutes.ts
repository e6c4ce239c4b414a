import {
  apontamentoSchema,
  cancelamentoProducaoSchema,
  edicaoProducaoSchema,
  filtroProducaoSchema,
  motivoProducaoSchema,
  previaApontamentoSchema,
  previaProducaoSchema,
  producaoSchema,
  rotuloCampoProducao,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  apontarProducao,
  cancelarProducao,
  criarProducao,
  destinosProducao,
  detalharProducao,
  editarProducao,
  estornarApontamento,
  finalizarProducao,
  iniciarProducao,
  listarProducoes,
  preverApontamento,
  preverPedido,
} from './producao.ts';
import { rotasDaTelaDeEstoque } from './rotasDaTela.ts';

type Params = { id: string; apontamento: string };

/**
 * Production orders (stock/producao.ts): open, preview, start, post (partial, several times), finish,
 * cancel, reverse a posting. Group, company and user from the session; the screen's permissions
 * (ver: reading and previews; criar: a new order; editar: everything that changes an order).
 */
export async function producaoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, ler } = rotasDaTelaDeEstoque(app, ctx, 'estoqueProducaoProdutos', rotuloCampoProducao);
  const p = (request: FastifyRequest) => request.params as Params;

  rota('post', '', 'criar', 'Abre uma ordem de produção (planejada) de um produto com ficha técnica; numerada por empresa', (tx, a, req) => criarProducao(tx, a, ler(producaoSchema, req)), 201);
  rota('post', '/lista', 'ver', 'Ordens de produção da empresa ativa (situação, período da data planejada, produto), da mais recente à mais antiga', (tx, a, req) => listarProducoes(tx, a, ler(filtroProducaoSchema, req)));
  rota('post', '/previa', 'ver', 'Prévia de uma produção (nada é gravado): ingredientes pela ficha técnica com saldo no local, falta e custo, e o custo unitário do produto', (tx, a, req) =>
    preverPedido(tx, a, ler(previaProducaoSchema, req)),
  );
  rota('get', '/destinos', 'ver', 'Lojas do grupo (que o usuário pode usar) para onde a cozinha central pode mandar a produção, com seus locais ativos', (tx, a) => destinosProducao(tx, a));
  rota('get', '/:id', 'ver', 'Uma ordem de produção com seus apontamentos e o que cada um consumiu', (tx, a, req) => detalharProducao(tx, a, p(req).id));
  rota('put', '/:id', 'editar', 'Altera uma ordem ainda planejada (com a versão lida: 409 se outra pessoa a alterou)', (tx, a, req) => editarProducao(tx, a, p(req).id, ler(edicaoProducaoSchema, req)));
  rota('post', '/:id/previa', 'ver', 'Prévia de um apontamento na ordem (nada é gravado)', (tx, a, req) => preverApontamento(tx, a, p(req).id, ler(previaApontamentoSchema, req)));
  rota('post', '/:id/iniciar', 'editar', 'Inicia uma ordem planejada', (tx, a, req) => iniciarProducao(tx, a, p(req).id));
  rota('post', '/:id/apontar', 'editar', 'Aponta a produção (parcial ou final): numa transação, consome os ingredientes ao custo médio e dá entrada no produto ao custo consumido; cozinha central: transfere à loja de destino', (tx, a, req) =>
    apontarProducao(tx, a, p(req).id, ler(apontamentoSchema, req)),
  );
  rota('post', '/:id/finalizar', 'editar', 'Finaliza a ordem com o que foi produzido (pode ser menos que o planejado)', (tx, a, req) => finalizarProducao(tx, a, p(req).id));
  rota('post', '/:id/cancelar', 'editar', 'Cancela a ordem enquanto nada apontado está de pé', (tx, a, req) => cancelarProducao(tx, a, p(req).id, ler(cancelamentoProducaoSchema, req).motivo));
  rota('post', '/:id/apontamentos/:apontamento/estornar', 'editar', 'Estorna um apontamento: movimentos opostos ao mesmo custo; estornar de novo é 409', (tx, a, req) =>
    estornarApontamento(tx, a, p(req).id, p(req).apontamento, ler(motivoProducaoSchema, req).motivo),
  );
}
