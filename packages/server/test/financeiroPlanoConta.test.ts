import { planoContasPadrao } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

const lista = async (cliente: Api) => (await cliente('POST', '/financeiroPlanoConta/getPopulate', { limite: 500 })).body.data as Record<string, unknown>[];

describe('financeiroPlanoConta', () => {
  it('every group starts with the default chart of accounts, as the domain declares it (the migration holds the same)', async () => {
    for (const cliente of [api, vizinho]) {
      const nos = await lista(cliente);
      for (const padrao of planoContasPadrao) {
        const { _id, ...dados } = padrao;
        expect(nos.find((n) => n._id === _id), padrao.codigo).toMatchObject(dados);
      }
    }
  });

  it('refuses putting a node under its own descendant, naming the path; a plain move is kept', async () => {
    const raiz = await criar(api, 'financeiroPlanoConta', { codigo: '80', nome: 'Eventos', natureza: 'Receita' });
    const filho = await criar(api, 'financeiroPlanoConta', { codigo: '80.01', nome: 'Casamentos', natureza: 'Receita', pai: raiz._id });
    const neto = await criar(api, 'financeiroPlanoConta', { codigo: '80.01.001', nome: 'Buffet', natureza: 'Receita', pai: filho._id });
    const res = await api('PUT', `/financeiroPlanoConta/${raiz._id}`, { pai: neto._id, version: raiz.version });
    expect(res.status).toBe(400);
    const mensagem = 'Uma conta não pode ficar abaixo dela mesma nem de uma conta abaixo dela: 80 Eventos → 80.01 Casamentos → 80.01.001 Buffet → 80 Eventos.';
    expect(res.body.data.campos).toEqual({ pai: mensagem });
    expect((await api('PUT', `/financeiroPlanoConta/${raiz._id}`, { pai: raiz._id, version: raiz.version })).status).toBe(400);
    // Moving the grandchild to the top keeps the tree; the node (and what points to it) keeps its id.
    const movido = await api('PUT', `/financeiroPlanoConta/${neto._id}`, { pai: null, version: neto.version });
    expect(movido.status).toBe(200);
    expect(movido.body.data).toMatchObject({ _id: neto._id, pai: null });
  });

  it("another group's node cannot be a parent", async () => {
    const alheio = (await lista(vizinho)).find((n) => n.codigo === '4') as { _id: string };
    // Same fixed ids in every group: a node created by the neighbour is the test.
    const proprio = await criar(vizinho, 'financeiroPlanoConta', { codigo: '81', nome: 'Só do vizinho', natureza: 'Despesa', pai: alheio._id });
    const res = await api('POST', '/financeiroPlanoConta', { codigo: '82', nome: 'Filha de alheia', natureza: 'Despesa', pai: proprio._id });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.campos)).toEqual(['pai']);
  });
});
