import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
let un: string;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  expect((await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) })).statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);
  un = (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
});
afterAll(async () => ctx?.close());

const produto = (descricao: string, extra: Record<string, unknown> = {}) => criar(api, 'produtoGeral', { descricao, unidade: un, ...extra });
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);

describe('produtoGeralEmpresa', () => {
  it('computes the margin from price and cost on each save, ignoring one sent', async () => {
    const p = await produto('Chopp 300 ml');
    const pe = await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 300, custo: 100, margem: '99.99' });
    expect(pe).toMatchObject({ preco: 300, custo: 100, margem: '66.67', modosVenda: ['Salão', 'Balcão', 'Delivery', 'Totem'], controlaEstoque: false, estoqueMinimo: null, ativo: true });
    const alterado = await api('PUT', `/produtoGeralEmpresa/${pe._id}`, { version: 1, custo: 450 });
    expect(alterado.body.data.margem).toBe('-50.00');
    const gratis = await criar(api, 'produtoGeralEmpresa', { produtoGeral: (await produto('Brinde')). _id, preco: 0 });
    expect(gratis.margem).toBeNull();
  });

  it('keeps stock levels as exact decimals with up to 3 places, minimum ≤ maximum', async () => {
    const p = await produto('Farinha de trigo');
    const pe = await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 0, controlaEstoque: true, estoqueMinimo: '0,1', estoqueMaximo: 25.25, modosVenda: [] });
    expect(pe).toMatchObject({ estoqueMinimo: '0.100', estoqueMaximo: '25.250', modosVenda: [] });
    for (const [body, campo, mensagem] of [
      [{ estoqueMinimo: '1.2345' }, 'estoqueMinimo', 'Estoque mínimo: O estoque mínimo: use no máximo 3 casas decimais.'],
      [{ estoqueMinimo: '-1' }, 'estoqueMinimo', 'Estoque mínimo: O estoque mínimo deve ser no mínimo 0.'],
      [{ estoqueMinimo: '30', estoqueMaximo: '25.25' }, 'estoqueMaximo', 'Estoque máximo: O estoque máximo não pode ser menor que o mínimo.'],
      [{ modosVenda: ['Drive-thru'] }, 'modosVenda.0', 'Modos de venda: Modo de venda desconhecido (Salão, Balcão, Delivery ou Totem).'],
      [{ preco: 10.5 }, 'preco', 'Preço: Informe o preço em centavos.'],
    ] as const) {
      const res = await api('PUT', `/produtoGeralEmpresa/${pe._id}`, { version: 1, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.message).toBe(mensagem);
      expect(Object.keys(res.body.data.campos)).toEqual([campo]);
    }
  });

  it('takes a product once per company, and the same product in another company', async () => {
    const p = await produto('Pastel de carne', { codigo: '900' });
    await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 800 });
    const repetido = await api('POST', '/produtoGeralEmpresa', { produtoGeral: p._id, preco: 900 });
    expect(repetido.status).toBe(400);
    expect(repetido.body.data.message).toBe('Produto: O produto 900 - Pastel de carne já está nesta empresa.');
    const naOutra = await criar(outraEmpresa, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 900 });
    expect(naOutra.empresa).toBe(ctx.seed.demo.empresas[1]);
    // Each company sees its own price only.
    const daPrimeira = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { produtoGeral: p._id } });
    expect(daPrimeira.body.data.map((r: { preco: number }) => r.preco)).toEqual([800]);
    // Pointing another company product at it is refused the same way; a price change alone is not checked again.
    const outro = await criar(api, 'produtoGeralEmpresa', { produtoGeral: (await produto('Pastel de queijo', { codigo: '901' }))._id, preco: 700 });
    const trocado = await api('PUT', `/produtoGeralEmpresa/${outro._id}`, { version: outro.version, produtoGeral: p._id });
    expect(trocado.body.data.message).toBe('Produto: O produto 900 - Pastel de carne já está nesta empresa.');
    expect((await api('PUT', `/produtoGeralEmpresa/${outro._id}`, { version: outro.version, preco: 750 })).status).toBe(200);
  });

  it('searches by the product’s code or description and sorts by its description; populates the product', async () => {
    const x = await produto('Zebra sorvete de baunilha', { codigo: 'SV-1' });
    const y = await produto('Açaí na tigela', { codigo: 'AC-1' });
    const px = await criar(api, 'produtoGeralEmpresa', { produtoGeral: x._id, preco: 1500, custo: 500 });
    const py = await criar(api, 'produtoGeralEmpresa', { produtoGeral: y._id, preco: 1800, custo: 1500 });
    const busca = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { busca: 'baunilha' }, populate: 'produtoGeral' });
    expect(ids(busca)).toEqual([px._id]);
    expect(busca.body.data[0].produtoGeral).toMatchObject({ _id: x._id, codigo: 'SV-1', descricao: 'Zebra sorvete de baunilha' });
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { busca: 'ac-1' } }))).toEqual([py._id]);
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { busca: 'acai' } }))).toEqual([py._id]);
    const par = { _id: { $in: [px._id, py._id] } };
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: par, sort: 'produtoGeral' }))).toEqual([py._id, px._id]);
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: par, sort: { produtoGeral: -1 } }))).toEqual([px._id, py._id]);
    // Margins sort and filter as numbers (66.67 above 16.67 descending), not as text.
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: par, sort: { margem: -1 } }))).toEqual([px._id, py._id]);
    expect(ids(await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { ...par, margem: { $lt: '20' } } }))).toEqual([py._id]);
    // Another group's search finds nothing of this one.
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { busca: 'baunilha' } })).body.data).toEqual([]);
  });

  it('takes the tax configurations of its own company only', async () => {
    const p = await produto('Cerveja lata');
    const daOutra = await criar(outraEmpresa, 'configuracaoImposto', { descricao: 'ST da outra loja', icms: [{ uf: 'SP', cfop: '5405', csosn: '500' }] });
    const res = await api('POST', '/produtoGeralEmpresa', { produtoGeral: p._id, preco: 700, configuracaoImposto: daOutra._id });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ message: 'Imposto estadual (ICMS): Configuração de imposto estadual não encontrada.', campos: { configuracaoImposto: 'Configuração de imposto estadual não encontrada.' } });
    const propria = await criar(api, 'configuracaoImposto', { descricao: 'ST', icms: [{ uf: 'SP', cfop: '5405', csosn: '500' }] });
    const pe = await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 700, configuracaoImposto: propria._id });
    const lido = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro: { _id: pe._id }, populate: 'configuracaoImposto' });
    expect(lido.body.data[0].configuracaoImposto).toMatchObject({ _id: propria._id, descricao: 'ST' });
  });
});
