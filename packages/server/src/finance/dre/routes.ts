import { filtroDre, filtroLinhasDre } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { consultarComoInquilino } from '../../db/tenant.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { rotasDaTela } from '../rotas.ts';
import { comparacaoDre, linhasDaCelula, relatorioDre } from './relatorio.ts';

const rotulos = { de: 'De', ate: 'Até', empresas: 'Empresas', regime: 'Regime', colunas: 'Colunas', planoConta: 'Conta do plano', coluna: 'Coluna' };

/** The income statement (issue 14), read-only; the tenant is the session's. */
export async function dreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dre = rotasDaTela(app, ctx, 'relatorioFinanceiroPlanoDeContas', rotulos);
  // One statement in one round trip (consultarComoInquilino): no transaction to begin and commit around it.
  dre.rotaLivre(
    'post',
    '/api/relatorioFinanceiroPlanoDeContas',
    'ver',
    'DRE por plano de contas: cada conta do plano (árvore com subtotais e resultado) por mês ou por empresa, no regime de caixa (movimentos pela data) ou de competência (títulos pela competência e movimentos sem título)',
    filtroDre,
    200,
    (request) => {
      const s = sessaoDe(request);
      return relatorioDre((consulta) => consultarComoInquilino(ctx.db, s, consulta), s, dre.ler(filtroDre, request.body));
    },
  );
  dre.rota(
    'post',
    '/api/relatorioFinanceiroPlanoDeContas/linhas',
    'ver',
    'As linhas por trás de uma célula da DRE: cada movimento e título da conta (e das suas filhas) na coluna, pelas mesmas regras do regime, com o total da célula',
    filtroLinhasDre,
    200,
    (tx, _a, request) => linhasDaCelula(tx, sessaoDe(request), dre.ler(filtroLinhasDre, request.body)),
  );
  const teste = rotasDaTela(app, ctx, 'relatorioFinanceiroPlanoDeContasTeste', rotulos);
  teste.rota(
    'post',
    '/api/relatorioFinanceiroPlanoDeContasTeste',
    'ver',
    'A DRE como o relatório a lê (resumo mensal mantido) ao lado da mesma DRE lida dos movimentos e títulos, com cada célula diferente',
    filtroDre,
    200,
    (tx, _a, request) => comparacaoDre(tx, sessaoDe(request), teste.ler(filtroDre, request.body)),
  );
}
