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
  type AcaoTela,
} from '@retaguarda/domain';
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
import type { AutorEstoque } from './razao.ts';

const TELA = 'estoqueProducaoProdutos';
const BASE = `/api/${TELA}`;

/** The body by its schema, or 400 naming the first field in Portuguese. */
function ler<T extends z.ZodType>(schema: T, request: FastifyRequest): z.output<T> {
  return lerOuRecusar(schema, request.body, rotuloCampoProducao, { padrao: 'corpo' });
}

type Params = { id: string; apontamento: string };

/**
 * Production orders (stock/producao.ts): open, preview, start, post (partial, several times), finish,
 * cancel, reverse a posting. Group, company and user from the session; the screen's permissions
 * (ver: reading and previews; criar: a new order; editar: everything that changes an order).
 */
export async function producaoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rota = <T>(metodo: 'get' | 'post' | 'put', caminho: string, acao: AcaoTela, resumo: string, executar: (tx: Transaction, a: AutorEstoque, request: FastifyRequest) => Promise<T>, status = 200) =>
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
