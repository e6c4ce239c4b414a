import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** SPEC.md §7: POST getListaProdutoGeralEmpresa with the body the store terminal sends. */
let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
let empresa: string;
let grupoEmpresarial: string;
let un: Awaited<ReturnType<typeof criar>>;
let agrupador: Awaited<ReturnType<typeof criar>>;
let xburger: Awaited<ReturnType<typeof criar>>;
let taxa: Awaited<ReturnType<typeof criar>>;
let peXburger: Awaited<ReturnType<typeof criar>>;
let peTaxa: Awaited<ReturnType<typeof criar>>;
let icms: Awaited<ReturnType<typeof criar>>;
let pisCofins: Awaited<ReturnType<typeof criar>>;

const corpoSpec = () => ({
  empresa,
  grupoEmpresarial,
  selectProdutoGeral: 'codigo descricao descricaoCupom gtin ncm cest origem tipoProduto unidade agrupador complementos ativo',
  populateProdutoGeral: 'unidade',
  populateProdutoGeralEmpresa: 'configuracaoImposto impostoFederal',
  retornoModoVenda: true,
});

beforeAll(async () => {
  ctx = await createTestContext();
  empresa = ctx.seed.demo.empresas[0]!;
  grupoEmpresarial = ctx.seed.demo.grupoEmpresarial;
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  expect((await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) })).statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);

  un = await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
  agrupador = await criar(api, 'agrupador', { descricao: 'Lanches' });
  xburger = await criar(api, 'produtoGeral', {
    codigo: '10',
    descricao: 'X-burger',
    unidade: un._id,
    agrupador: agrupador._id,
    gtin: '7891000315507',
    ncm: '21069090',
    complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, itens: [{ descricao: 'Ao ponto' }] }],
  });
  taxa = await criar(api, 'produtoGeral', { codigo: '900', descricao: 'Taxa de entrega', unidade: un._id, tipoProduto: 'Taxa Entrega' });
  const semPreco = await criar(api, 'produtoGeral', { codigo: '11', descricao: 'Bolo (só na outra loja)', unidade: un._id });
  const descartado = await criar(api, 'produtoGeral', { codigo: '12', descricao: 'Antigo', unidade: un._id });
  icms = await criar(api, 'configuracaoImposto', { descricao: 'Simples tributado', icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
  pisCofins = await criar(api, 'configuracaoImpostoFederal', { descricao: 'Simples', cstPis: '49', cstCofins: '49' });
  peXburger = await criar(api, 'produtoGeralEmpresa', {
    produtoGeral: xburger._id,
    preco: 2590,
    custo: 1100,
    modosVenda: ['Salão', 'Delivery'],
    controlaEstoque: true,
    estoqueMinimo: '5',
    configuracaoImposto: icms._id,
    impostoFederal: pisCofins._id,
  });
  peTaxa = await criar(api, 'produtoGeralEmpresa', { produtoGeral: taxa._id, preco: 800, modosVenda: ['Delivery'] });
  const peDescartado = await criar(api, 'produtoGeralEmpresa', { produtoGeral: descartado._id, preco: 100 });
  await api('DELETE', `/produtoGeralEmpresa/${peDescartado._id}`);
  await criar(outraEmpresa, 'produtoGeralEmpresa', { produtoGeral: semPreco._id, preco: 1500 });
  await criar(outraEmpresa, 'produtoGeralEmpresa', { produtoGeral: xburger._id, preco: 2990 });
});
afterAll(async () => ctx?.close());

const lista = async (cliente: Api, body: unknown) => {
  const res = await cliente('POST', '/getListaProdutoGeralEmpresa', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.valido).toBe(true);
  return res.body.data as Record<string, any>[];
};

describe('POST /api/getListaProdutoGeralEmpresa', () => {
  it('lists the company’s products (not the trash, not another company’s) by description, with the group product selected and its unit populated', async () => {
    const itens = await lista(api, corpoSpec());
    expect(itens.map((i) => i._id)).toEqual([peTaxa._id, peXburger._id]);
    const x = itens[1]!;
    expect(x).toMatchObject({ _id: peXburger._id, empresa, grupoEmpresarial, preco: 2590, custo: 1100, margem: '57.53', ativo: true, controlaEstoque: true, estoqueMinimo: '5.000', estoqueMaximo: null, lixo: false, version: 1 });
    expect(x.modosVenda).toEqual(['Salão', 'Delivery']);
    expect(x.created_at).toBe(peXburger.created_at);
    expect(x.produtoGeral).toEqual({
      _id: xburger._id,
      codigo: '10',
      descricao: 'X-burger',
      descricaoCupom: 'X-burger',
      gtin: '7891000315507',
      ncm: '21069090',
      cest: null,
      origem: '0',
      tipoProduto: 'normal',
      unidade: { ...un },
      agrupador: agrupador._id,
      complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, itens: [{ produto: null, descricao: 'Ao ponto', precoAdicional: 0 }] }],
      ativo: true,
    });
    // The tax configurations of the company product, populated (SPEC.md §7 populateProdutoGeralEmpresa).
    expect(x.configuracaoImposto).toMatchObject({ _id: icms._id, descricao: 'Simples tributado', empresa, icms: [{ uf: 'SP', cfop: '5102', csosn: '102' }] });
    expect(x.impostoFederal).toMatchObject({ _id: pisCofins._id, cstPis: '49', cstCofins: '49' });
    expect(itens[0]).toMatchObject({ configuracaoImposto: null, impostoFederal: null });
    // The special products of SPEC.md §3 are found by tipoProduto.
    expect(itens.find((i) => i.produtoGeral.tipoProduto === 'Taxa Entrega')?._id).toBe(peTaxa._id);
  });

  it('returns each company its own prices', async () => {
    const itens = await lista(outraEmpresa, { ...corpoSpec(), empresa: ctx.seed.demo.empresas[1] });
    expect(itens.map((i) => [i.produtoGeral.descricao, i.preco])).toEqual([
      ['Bolo (só na outra loja)', 1500],
      ['X-burger', 2990],
    ]);
  });

  it('answers a change at once, however it was made (the answer is kept between calls while nothing changes)', async () => {
    const antes = await lista(api, corpoSpec());
    expect(await lista(api, corpoSpec())).toEqual(antes);
    const atual = (await api('GET', `/produtoGeralEmpresa/${peXburger._id}`)).body.data;
    expect((await api('PUT', `/produtoGeralEmpresa/${peXburger._id}`, { ...atual, preco: 2690 })).status).toBe(200);
    expect((await lista(api, corpoSpec())).find((i) => i._id === peXburger._id)?.preco).toBe(2690);
    // A populated record (the unit) changed: the list shows it.
    const unidade = (await api('GET', `/unidadeMedida/${un._id}`)).body.data;
    expect((await api('PUT', `/unidadeMedida/${un._id}`, { ...unidade, descricao: 'Unidade inteira' })).status).toBe(200);
    expect((await lista(api, corpoSpec())).find((i) => i._id === peXburger._id)?.produtoGeral.unidade.descricao).toBe('Unidade inteira');
    // Sent to the trash: gone from the list; back again after restoring.
    expect((await api('DELETE', `/produtoGeralEmpresa/${peXburger._id}`)).status).toBe(200);
    expect((await lista(api, corpoSpec())).some((i) => i._id === peXburger._id)).toBe(false);
    expect((await api('POST', `/produtoGeralEmpresa/${peXburger._id}/restaurar`)).status).toBe(200);
    const depois = (await api('GET', `/produtoGeralEmpresa/${peXburger._id}`)).body.data;
    expect((await api('PUT', `/produtoGeralEmpresa/${peXburger._id}`, { ...depois, preco: 2590 })).status).toBe(200);
    await api('PUT', `/unidadeMedida/${un._id}`, { ...(await api('GET', `/unidadeMedida/${un._id}`)).body.data, descricao: 'Unidade' });
    expect((await lista(api, corpoSpec())).map((i) => [i._id, i.preco])).toEqual(antes.map((i) => [i._id, i.preco]));
    // Only the changed items are written again, found by the time of the change; one stamped earlier than the
    // last answer (a transaction that started before it and committed after) is still seen by its version.
    await ctx.db.execute(
      sql`update registro set dados = jsonb_set(dados, '{preco}', '2790'), version = version + 1, updated_at = '2020-01-01' where grupo_empresarial_id = ${grupoEmpresarial} and id = ${peXburger._id}`,
    );
    expect((await lista(api, corpoSpec())).find((i) => i._id === peXburger._id)?.preco).toBe(2790);
    await ctx.db.execute(sql`update registro set dados = jsonb_set(dados, '{preco}', '2590'), version = version + 1, updated_at = now() where grupo_empresarial_id = ${grupoEmpresarial} and id = ${peXburger._id}`);
    expect((await lista(api, corpoSpec())).find((i) => i._id === peXburger._id)?.preco).toBe(2590);
  });

  it('sends the list gzipped to a client that accepts it (a terminal on a slow link)', async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const pedir = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/getListaProdutoGeralEmpresa', payload: corpoSpec(), ...withCookie(token), headers });
    const simples = await pedir({});
    const comprimida = await pedir({ 'accept-encoding': 'gzip, deflate, br' });
    expect(simples.headers['content-encoding']).toBeUndefined();
    expect(comprimida.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(comprimida.rawPayload).toString('utf8')).toBe(simples.payload);
    expect(JSON.parse(simples.payload).data.length).toBeGreaterThan(0);
  });

  it('leaves out the sale modes unless retornoModoVenda, and takes select and populate as getPopulate does', async () => {
    const semModos = await lista(api, { selectProdutoGeral: ['descricao'], retornoModoVenda: false });
    expect(semModos[0]).not.toHaveProperty('modosVenda');
    expect(semModos[0]!.produtoGeral).toEqual({ _id: taxa._id, descricao: 'Taxa de entrega' });
    const inteiro = await lista(api, { populateProdutoGeral: ['unidade', { path: 'agrupador' }] });
    const x = inteiro.find((i) => i._id === peXburger._id)!;
    expect(x.produtoGeral).toMatchObject({ _id: xburger._id, codigo: '10', version: 1, lixo: false, grupoEmpresarial, empresa: null, unidade: { _id: un._id, sigla: 'UN' }, agrupador: { _id: agrupador._id, descricao: 'Lanches' } });
    const sem = await lista(api, { selectProdutoGeral: { complementos: 0, gtin: 0 }, populateProdutoGeral: 'unidade' });
    expect(sem[1]!.produtoGeral).not.toHaveProperty('complementos');
    expect(sem[1]!.produtoGeral).not.toHaveProperty('gtin');
    expect(sem[1]!.produtoGeral.unidade).toMatchObject({ sigla: 'UN' });
    // No body at all: everything, ids as stored.
    const nada = await lista(api, undefined);
    expect(nada.find((i) => i._id === peXburger._id)!.produtoGeral.unidade).toBe(un._id);
  });

  it('answers 400 naming an unknown field or a reference it cannot populate', async () => {
    for (const [body, mensagem] of [
      [{ selectProdutoGeral: 'naoExiste' }, 'Campo desconhecido em select: naoExiste'],
      [{ populateProdutoGeral: 'descricao' }, 'Campo sem relação em populate: descricao'],
      [{ populateProdutoGeral: 'complementos.itens.produto' }, 'Campo não aceito em populateProdutoGeral: complementos.itens.produto'],
      [{ retornoModoVenda: 'sim' }, 'retornoModoVenda: Invalid input: expected boolean, received string'],
    ] as const) {
      const res = await api('POST', '/getListaProdutoGeralEmpresa', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.valido).toBe(false);
      if (!String(mensagem).startsWith('retornoModoVenda')) expect(res.body.data.message).toBe(mensagem);
    }
  });

  it('is walled by the session: another group gets only its own (nothing), whatever the body names', async () => {
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect(await lista(vizinho, corpoSpec())).toEqual([]);
    // Naming the other group in the body changes nothing for the demo user either.
    const comOutroGrupo = await lista(api, { ...corpoSpec(), grupoEmpresarial: ctx.seed.vizinho.grupoEmpresarial, empresa: ctx.seed.vizinho.empresas[0] });
    expect(comOutroGrupo.map((i) => i._id)).toEqual([peTaxa._id, peXburger._id]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/getListaProdutoGeralEmpresa', payload: corpoSpec() })).statusCode).toBe(401);
  });

  it('gives a cashier (no Ver on Produtos da empresa) the prices but not cost and margin', async () => {
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const itens = await lista(caixa, corpoSpec());
    expect(itens.map((i) => i._id)).toEqual([peTaxa._id, peXburger._id]);
    expect(itens[1]).toMatchObject({ preco: 2590 });
    expect(itens[1]).not.toHaveProperty('custo');
    expect(itens[1]).not.toHaveProperty('margem');
    // The generic screen API of the company products stays closed to writes for the cashier.
    expect((await caixa('POST', '/produtoGeralEmpresa', { produtoGeral: xburger._id, preco: 1 })).status).toBe(403);
  });
});
