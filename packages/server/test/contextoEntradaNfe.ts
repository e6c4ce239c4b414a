import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

export interface ContextoEntradaNfe {
  ctx: TestContext;
  api: Api;
  vizinho: Api;
  /** The session company's CNPJ: the notes are addressed to it (amostrasNfe.paraDestinatario). */
  cnpj: string;
  /** A stock location of the company to post into. */
  local: string;
  /** The notes' uCom UN: the demo's unit of that abbreviation (or a new one), so the factor is 1. */
  un: string;
  fechar: () => Promise<void>;
}

/**
 * What a supplier NF-e test starts from: the app with its storage in a folder of this run, the demo admin and
 * the neighbour group's, the company's CNPJ, a location named `nomeLocal` and the UN unit; `fechar` removes it all.
 */
export async function contextoEntradaNfe(nomeLocal: string): Promise<ContextoEntradaNfe> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-nfe-'));
  const ctx = await createTestContext({ STORAGE_DIR: pasta });
  const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const sessao = (await api('GET', '/sessao')).body.data;
  const cnpj = (await api('GET', `/empresa/${sessao.empresa._id}`)).body.data.cnpj as string;
  const local = (await criar(api, 'estoqueCadastro', { descricao: nomeLocal }))._id;
  const un = ((await api('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]?._id as string | undefined) ?? (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
  return {
    ctx,
    api,
    vizinho,
    cnpj,
    local,
    un,
    fechar: async () => {
      await ctx.close();
      await rm(pasta, { recursive: true, force: true });
    },
  };
}
