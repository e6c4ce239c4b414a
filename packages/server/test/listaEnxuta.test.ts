import { findRecurso } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { itemEnxuto } from '../src/resources/listaEnxuta.ts';
import type { SessaoRequest } from '../src/session/requireSession.ts';

// getPopulate with colunas: true, what the list screens ask (issue 19): only the columns, references named.
let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
let un: Awaited<ReturnType<typeof criar>>;
let lanches: Awaited<ReturnType<typeof criar>>;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  expect((await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) })).statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);
  un = await criar(api, 'unidadeMedida', { sigla: 'LXU', descricao: 'Unidade enxuta' });
  lanches = await criar(api, 'agrupador', { descricao: 'Lanches enxutos' });
});
afterAll(async () => ctx?.close());

const lista = (quem: Api, recurso: string, corpo: Record<string, unknown>) => quem('POST', `/${recurso}/getPopulate`, { colunas: true, ...corpo });

describe('getPopulate colunas: true (the list screens)', () => {
  it('gives the group products with their columns only, the unit and group named, in the order and search asked', async () => {
    const x = await criar(api, 'produtoGeral', { codigo: 'LX-2', descricao: 'Xis enxuto', unidade: un._id, agrupador: lanches._id, ncm: '21069090', complementos: [{ nome: 'Adicionais', minimo: 0, maximo: 2, itens: [{ produto: null, descricao: 'Bacon', precoAdicional: 400 }] }] });
    const a = await criar(api, 'produtoGeral', { codigo: 'LX-1', descricao: 'Água enxuta', unidade: un._id });
    const res = await lista(api, 'produtoGeral', { filtro: { lixo: false, busca: 'enxut' }, sort: { descricao: 1 }, limit: 20000, skip: 0 });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.data.map((r: { _id: string }) => r._id)).toEqual([a._id, x._id]);
    expect(res.body.data[1]).toEqual({
      _id: x._id,
      version: 1,
      lixo: false,
      codigo: 'LX-2',
      descricao: 'Xis enxuto',
      gtin: x.gtin,
      agrupador: { _id: lanches._id, descricao: 'Lanches enxutos' },
      unidade: { _id: un._id, descricao: 'Unidade enxuta', sigla: 'LXU' },
      tipoProduto: x.tipoProduto,
      ncm: '21069090',
      ativo: true,
    });
    // No agrupador: null, as populate leaves a missing reference.
    expect(res.body.data[0].agrupador).toBeNull();
    const desc = await lista(api, 'produtoGeral', { filtro: { busca: 'enxut' }, sort: { descricao: -1 } });
    expect(desc.body.data.map((r: { codigo: string }) => r.codigo)).toEqual(['LX-2', 'LX-1']);
    const pagina = await lista(api, 'produtoGeral', { filtro: { busca: 'enxut' }, sort: { descricao: 1 }, limit: 1, skip: 1 });
    expect(pagina.body.data.map((r: { codigo: string }) => r.codigo)).toEqual(['LX-2']);
    expect(pagina.headers['x-total-count']).toBe('2');
  });

  it('gives the company products with the group product and tax setup named, price and cost as centavos, of the session company only', async () => {
    const p = await criar(api, 'produtoGeral', { codigo: 'LX-9', descricao: 'Pastel enxuto', unidade: un._id });
    const icms = await criar(api, 'configuracaoImposto', { descricao: 'Simples enxuto', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    const pe = await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 1250, custo: 500, configuracaoImposto: icms._id });
    await criar(outraEmpresa, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 990 });
    const res = await lista(api, 'produtoGeralEmpresa', { filtro: { busca: 'pastel enxuto' } });
    expect(res.body.data).toEqual([
      {
        _id: pe._id,
        version: 1,
        lixo: false,
        produtoGeral: { _id: p._id, codigo: 'LX-9', descricao: 'Pastel enxuto' },
        preco: 1250,
        custo: 500,
        margem: '60.00',
        configuracaoImposto: { _id: icms._id, descricao: 'Simples enxuto' },
        modosVenda: ['Salão', 'Balcão', 'Delivery', 'Totem'],
        controlaEstoque: false,
        ativo: true,
      },
    ]);
    const naOutra = await lista(outraEmpresa, 'produtoGeralEmpresa', { filtro: { busca: 'pastel enxuto' } });
    expect(naOutra.body.data.map((r: { preco: number }) => r.preco)).toEqual([990]);
    // Another group sees none of it.
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await lista(vizinho, 'produtoGeralEmpresa', { filtro: { busca: 'pastel enxuto' } })).body.data).toEqual([]);
    expect((await lista(vizinho, 'produtoGeral', { filtro: { busca: 'enxut' } })).body.data).toEqual([]);
  });

  it('sorts the company products by their group product’s description (the default order), naming it in each row, whole or lean', async () => {
    const z = await criar(api, 'produtoGeral', { codigo: 'LZ-1', descricao: 'Xarope ordenado', unidade: un._id });
    const a = await criar(api, 'produtoGeral', { codigo: 'LZ-2', descricao: 'Açaí ordenado', unidade: un._id });
    const pz = await criar(api, 'produtoGeralEmpresa', { produtoGeral: z._id, preco: 800 });
    const pa = await criar(api, 'produtoGeralEmpresa', { produtoGeral: a._id, preco: 1500 });
    const filtro = { busca: 'ordenado' };
    const ids = (r: { body: { data: { _id: string }[] } }) => r.body.data.map((l) => l._id);
    const enxuta = await lista(api, 'produtoGeralEmpresa', { filtro });
    expect(ids(enxuta)).toEqual([pa._id, pz._id]);
    expect(enxuta.body.data.map((l: { produtoGeral: unknown }) => l.produtoGeral)).toEqual([
      { _id: a._id, codigo: 'LZ-2', descricao: 'Açaí ordenado' },
      { _id: z._id, codigo: 'LZ-1', descricao: 'Xarope ordenado' },
    ]);
    expect(ids(await lista(api, 'produtoGeralEmpresa', { filtro, sort: { produtoGeral: -1 } }))).toEqual([pz._id, pa._id]);
    const inteira = await api('POST', '/produtoGeralEmpresa/getPopulate', { filtro, populate: 'produtoGeral' });
    expect(ids(inteira)).toEqual([pa._id, pz._id]);
    expect(inteira.body.data[0]).toMatchObject({ preco: 1500, produtoGeral: { _id: a._id, descricao: 'Açaí ordenado' } });
  });

  it('names each record of a list of references, in its order', async () => {
    const chapa = await criar(api, 'kdsSetor', { descricao: 'Chapa enxuta' });
    const bar = await criar(api, 'kdsSetor', { descricao: 'Bar enxuto' });
    const estacao = await criar(api, 'kdsEstacao', { descricao: 'Estação enxuta', setores: [bar._id, chapa._id], minutosAlerta: 5, minutosAtraso: 10 });
    const res = await lista(api, 'kdsEstacao', { filtro: { _id: estacao._id } });
    expect(res.body.data[0].setores).toEqual([
      { _id: bar._id, descricao: 'Bar enxuto' },
      { _id: chapa._id, descricao: 'Chapa enxuta' },
    ]);
  });

  it('leaves to Node’s populate the lists whose column holds references inside its items', async () => {
    const s = { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]! } as SessaoRequest;
    expect(itemEnxuto(findRecurso('produtoPromocao')!, s)).toBeNull();
    expect(itemEnxuto(findRecurso('produtoGeral')!, s)).not.toBeNull();
  });
});
