import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** What a test of the stock ledger starts from: the demo admin signed in, a unit in kilograms and two locations. */
export interface CenarioEstoque {
  ctx: TestContext;
  admin: Api;
  un: { _id: string };
  principal: { _id: string };
  /** The location that lowers sales. */
  cozinha: { _id: string };
}

/** A fresh server with the stock scenario; the caller closes ctx (afterAll). A setup that fails closes it here. */
export async function prepararEstoque(): Promise<CenarioEstoque> {
  const ctx = await createTestContext();
  try {
    const admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const un = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
    const principal = await criar(admin, 'estoqueCadastro', { descricao: 'Estoque principal' });
    const cozinha = await criar(admin, 'estoqueCadastro', { descricao: 'Cozinha', baixaVendas: true });
    return { ctx, admin, un, principal, cozinha };
  } catch (erro) {
    await ctx.close();
    throw erro;
  }
}
