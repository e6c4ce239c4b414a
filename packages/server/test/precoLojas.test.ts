import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

// Issue 13: a product's price in every store in the product's own save (one transaction).
let ctx: TestContext;
let api: Api;
let un: string;
let lojaA: string;
let lojaB: string;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  [lojaA, lojaB] = ctx.seed.demo.empresas as [string, string];
  un = (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
});
afterAll(async () => ctx?.close());

/** The company products of a product, store by store, as the group's admin reads them. */
async function precos(produto: string) {
  const res = await api('GET', `/precoLojas?produtoGeral=${produto}`);
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data as { _id: string; produtoEmpresa: { preco: number; modosVenda: string[]; configuracaoImposto: string | null } | null }[]).map((l) => [l._id, l.produtoEmpresa]));
}
const contarProdutos = async (descricao: string) => (await api('POST', '/produtoGeral/getPopulate', { filtro: { descricao } })).body.data.length;

describe('produtoGeral with lojas (Preço nas lojas)', () => {
  it('prices two stores in one save, each with its own tax configuration, and edits them later', async () => {
    const icmsA = await criar(api, 'configuracaoImposto', { descricao: 'Tributado A', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    const res = await api('POST', '/produtoGeral', {
      descricao: 'Pizza calabresa grande',
      unidade: un,
      lojas: { empresas: [lojaA, lojaB], preco: 5990, modosVenda: ['Salão', 'Delivery'], impostos: { [lojaA]: { configuracaoImposto: icmsA._id } } },
    });
    expect(res.status).toBe(201);
    const produto = res.body.data._id as string;
    const porLoja = await precos(produto);
    expect(porLoja[lojaA]).toMatchObject({ preco: 5990, modosVenda: ['Salão', 'Delivery'], configuracaoImposto: icmsA._id });
    expect(porLoja[lojaB]).toMatchObject({ preco: 5990, modosVenda: ['Salão', 'Delivery'], configuracaoImposto: null });
    // The tax options the form offers are each store's own.
    const lojas = (await api('GET', '/precoLojas')).body.data as { _id: string; impostosEstaduais: { _id: string }[] }[];
    expect(lojas.find((l) => l._id === lojaA)!.impostosEstaduais.map((i) => i._id)).toContain(icmsA._id);
    expect(lojas.find((l) => l._id === lojaB)!.impostosEstaduais.map((i) => i._id)).not.toContain(icmsA._id);

    // Editing with 'todas' updates both existing company products (no duplicate), keeping the tax not sent.
    const alterado = await api('PUT', `/produtoGeral/${produto}`, { version: res.body.data.version, lojas: { empresas: 'todas', preco: 6490 } });
    expect(alterado.status).toBe(200);
    const depois = await precos(produto);
    expect(depois[lojaA]).toMatchObject({ preco: 6490, modosVenda: ['Salão', 'Balcão', 'Delivery', 'Totem'], configuracaoImposto: icmsA._id });
    expect(depois[lojaB]).toMatchObject({ preco: 6490 });
    const daLojaA = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { produtoGeral: produto } });
    expect(daLojaA.body.data.map((r: { preco: number }) => r.preco)).toEqual([6490]);
  });

  it('refuses a store of another group with 403 and writes nothing, not even the product', async () => {
    const res = await api('POST', '/produtoGeral', { descricao: 'Produto invasor', unidade: un, lojas: { empresas: [lojaA, ctx.seed.vizinho.empresas[0]], preco: 1000 } });
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ message: 'Lojas: Loja não encontrada entre as que você pode usar neste grupo.', campos: { 'lojas.empresas.1': 'Loja não encontrada entre as que você pode usar neste grupo.' } });
    expect(await contarProdutos('Produto invasor')).toBe(0);
    // Nor did lojaA get a company product of it.
    const daLojaA = await api('POST', '/produtoGeralEmpresa/getPopulate', { populate: 'produtoGeral' });
    expect(daLojaA.body.data.some((r: { produtoGeral: { descricao: string } }) => r.produtoGeral?.descricao === 'Produto invasor')).toBe(false);
  });

  it('refuses a store the user may not use (a user of one store only)', async () => {
    const perfil = await criar(api, 'acessoSistema', { nome: 'Cadastro de produtos', telas: { produtoGeral: ['ver', 'criar', 'editar'], produtoGeralEmpresa: ['ver', 'criar', 'editar'] } });
    await criar(api, 'usuario', { nome: 'Gerente da loja A', login: 'gerentea', atribuicaoSistema: 'Gerente', acessoSistema: perfil._id, empresas: [lojaA], senha: 'senha1234' });
    const gerente = apiClient(ctx.app, await signIn(ctx.app, 'gerentea', 'senha1234'));
    const recusado = await gerente('POST', '/produtoGeral', { descricao: 'Suco da loja B', unidade: un, lojas: { empresas: [lojaB], preco: 900 } });
    expect(recusado.status).toBe(403);
    expect(await contarProdutos('Suco da loja B')).toBe(0);
    // 'todas' means the stores this user may use: only lojaA.
    const aceito = await gerente('POST', '/produtoGeral', { descricao: 'Suco da loja A', unidade: un, lojas: { empresas: 'todas', preco: 900 } });
    expect(aceito.status).toBe(201);
    const porLoja = await precos(aceito.body.data._id);
    expect(porLoja[lojaA]).toMatchObject({ preco: 900 });
    expect(porLoja[lojaB]).toBeNull();
  });

  it('names the wrong field in Portuguese and rolls everything back on a bad price or a bad store tax', async () => {
    for (const [lojas, status, mensagem, campo] of [
      [{ empresas: [lojaA, lojaB], preco: 12.5 }, 400, 'Preço nas lojas: Informe o preço em centavos.', 'lojas.preco'],
      [{ empresas: [lojaA, lojaB], preco: -100 }, 400, 'Preço nas lojas: O preço não pode ser negativo.', 'lojas.preco'],
      [{ empresas: [], preco: 100 }, 400, 'Lojas: Escolha ao menos uma loja.', 'lojas.empresas'],
      [{ empresas: [lojaA], preco: 100, modosVenda: ['Drive-thru'] }, 400, 'Modos de venda nas lojas: Modo de venda desconhecido (Salão, Balcão, Delivery ou Totem).', 'lojas.modosVenda.0'],
    ] as const) {
      const res = await api('POST', '/produtoGeral', { descricao: 'Refrigerante recusado', unidade: un, lojas });
      expect(res.status, JSON.stringify(lojas)).toBe(status);
      expect(res.body.data.message).toBe(mensagem);
      expect(Object.keys(res.body.data.campos)).toEqual([campo]);
    }
    // A tax configuration of lojaA sent for lojaB fails on lojaB after lojaA was written: all undone.
    const icmsA = await criar(api, 'configuracaoImposto', { descricao: 'Só da A', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    const res = await api('POST', '/produtoGeral', {
      descricao: 'Refrigerante recusado',
      unidade: un,
      lojas: { empresas: [lojaA, lojaB], preco: 700, impostos: { [lojaA]: { configuracaoImposto: icmsA._id }, [lojaB]: { configuracaoImposto: icmsA._id } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/: Imposto estadual \(ICMS\): Configuração de imposto estadual não encontrada\.$/);
    expect(Object.keys(res.body.data.campos)).toEqual([`lojas.${lojaB}.configuracaoImposto`]);
    expect(await contarProdutos('Refrigerante recusado')).toBe(0);
    const daLojaA = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { preco: 700 } });
    expect(daLojaA.body.data).toEqual([]);
  });

  it('an edit refused on a store keeps the product and the prices as they were', async () => {
    const criado = await criar(api, 'produtoGeral', { descricao: 'Água com gás', unidade: un, lojas: { empresas: [lojaA], preco: 500 } });
    const res = await api('PUT', `/produtoGeral/${criado._id}`, { version: criado.version, descricao: 'Água com gás 500 ml', lojas: { empresas: [lojaA, 'nao-existe'], preco: 650 } });
    expect(res.status).toBe(403);
    const lido = await api('GET', `/produtoGeral/${criado._id}`);
    expect(lido.body.data).toMatchObject({ descricao: 'Água com gás', version: criado.version });
    expect((await precos(criado._id))[lojaA]).toMatchObject({ preco: 500 });
  });
});
