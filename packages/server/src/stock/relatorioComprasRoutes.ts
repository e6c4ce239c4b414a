import { filtroRelatorioComprasSchema, rotulosFiltroRelatorioCompras } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { lerOuRecusar } from '../resources/validacao.ts';
import { opcoesRelatorioCompras, relatorioCompras } from './relatorioCompras.ts';
import { rotasDaTelaDeEstoque } from './rotasDaTela.ts';

/** relatorioEstoqueCompras: group, company from the session; the report screen's permission. */
export async function relatorioComprasRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const rotulo = (c: string) => rotulosFiltroRelatorioCompras[c] ?? c;
  const r = rotasDaTelaDeEstoque(app, ctx, 'relatorioEstoqueCompras', rotulo);
  r.rota('post', '', 'ver', 'Compras do período (recebimentos de pedidos e NF-e lançadas, cada compra uma vez) por fornecedor e produto: quantidade, valor, preço médio e último, e a evolução do preço de um produto', (tx, a, req) =>
    relatorioCompras(tx, a, lerOuRecusar(filtroRelatorioComprasSchema, req.body, rotulo, { padrao: 'de', topo: true })),
  );
  r.rota('get', '/opcoes', 'ver', 'Os fornecedores e produtos já comprados pela empresa (filtros do relatório)', (tx, a) => opcoesRelatorioCompras(tx, a));
}
