import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUniqueIndexes, unicosDoCatalogo } from '../src/resources/uniqueIndexes.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
});
afterAll(async () => ctx?.close());

describe('resource rules', () => {
  it('a duplicate sigla (any case) is 409 naming the field; a trashed one frees it, and restoring it collides', async () => {
    const un = await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    expect(un.sigla).toBe('UN');
    const dup = await api('POST', '/unidadeMedida', { sigla: 'un', descricao: 'Outra unidade' });
    expect(dup.status).toBe(409);
    const message = "Já existe Unidade de medida com Sigla 'UN'.";
    expect(dup.body).toEqual({ valido: false, data: { message, campos: { sigla: message } } });

    await api('DELETE', `/unidadeMedida/${un._id}`);
    const nova = await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade nova' });
    const restaurar = await api('POST', `/unidadeMedida/${un._id}/restaurar`);
    expect(restaurar.status).toBe(409);
    expect((await api('GET', `/unidadeMedida/${un._id}`)).body.data.lixo).toBe(true);
    // The other group may use the same sigla.
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/unidadeMedida', { sigla: 'UN', descricao: 'Unidade' })).status).toBe(201);
    expect(nova.sigla).toBe('UN');
  });

  it('a company-scoped record is invisible from the other company of the same group', async () => {
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const centro = apiClient(ctx.app, token);
    const impressora = await criar(centro, 'impressora', { descricao: 'Só do centro', conexao: 'Rede' });
    const unidade = await criar(centro, 'unidadeMedida', { sigla: 'PCT', descricao: 'Pacote' });
    const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
    expect(troca.statusCode).toBe(200);
    expect((await centro('GET', `/impressora/${impressora._id}`)).status).toBe(404);
    expect((await centro('POST', '/impressora/getPopulate', { filtro: { empresa: ctx.seed.demo.empresas[0] } })).body.data).toEqual([]);
    // The same description is free in the other company; group-wide records are shared.
    expect((await centro('POST', '/impressora', { descricao: 'Só do centro', conexao: 'USB' })).status).toBe(201);
    expect((await centro('GET', `/unidadeMedida/${unidade._id}`)).status).toBe(200);
    // A sector of this company cannot point to the other company's printer.
    const setor = await centro('POST', '/setorImpressao', { descricao: 'Bar', impressora: impressora._id });
    expect(setor.status).toBe(400);
    expect(setor.body.data).toEqual({ message: 'Impressora: Impressora não encontrada.', campos: { impressora: 'Impressora não encontrada.' } });
  });

  it('populates setorImpressao.impressora (populate and populateObj), with select', async () => {
    const impressora = await criar(api, 'impressora', { descricao: 'Cozinha quente', conexao: 'Rede' });
    const setor = await criar(api, 'setorImpressao', { descricao: 'Grelha', impressora: impressora._id });
    for (const body of [{ populateObj: 'impressora' }, { populate: ['impressora'] }, { populate: [{ path: 'impressora' }] }]) {
      const res = await api('POST', '/setorImpressao/getPopulate', { filtro: { _id: setor._id }, ...body });
      expect(res.body.data[0].impressora).toMatchObject({ _id: impressora._id, descricao: 'Cozinha quente' });
    }
    const res = await api('POST', '/setorImpressao/getPopulate', { filtro: { _id: setor._id }, select: 'descricao', populateObj: 'impressora' });
    expect(res.body.data).toEqual([{ _id: setor._id, descricao: 'Grelha' }]);
    for (const [body, message] of [
      [{ populate: 'descricao' }, 'Campo sem relação em populate: descricao'],
      [{ populate: 'x' }, 'Campo desconhecido em populate: x'],
      [{ sort: '-x' }, 'Campo desconhecido em sort: x'],
      [{ select: ['x'] }, 'Campo desconhecido em select: x'],
      [{ filtro: { copias: 'muitas' } }, 'Valor inválido em filtro: copias'],
    ] as const) {
      const bad = await api('POST', '/setorImpressao/getPopulate', body);
      expect(bad.status).toBe(400);
      expect(bad.body.data.message).toBe(message);
    }
  });

  it('busca ignores case and accents; $regex is a case-insensitive contains with LIKE wildcards escaped', async () => {
    const promo = await criar(api, 'descontoMotivo', { descricao: 'Promoção 50% OFF' });
    await criar(api, 'descontoMotivo', { descricao: 'Promocao 50 OFF' });
    const busca = await api('POST', '/descontoMotivo/getPopulate', { filtro: { busca: 'PROMOÇÃO' } });
    expect(busca.body.data).toHaveLength(2);
    const regex = await api('POST', '/descontoMotivo/getPopulate', { filtro: { descricao: { $regex: '0% off' } } });
    expect(regex.body.data.map((r: { _id: string }) => r._id)).toEqual([promo._id]);
  });

  it('an agrupador cannot be its own parent (hook), and its parent must exist', async () => {
    const pai = await criar(api, 'agrupador', { descricao: 'Cardápio' });
    const filho = await criar(api, 'agrupador', { descricao: 'Pratos', agrupadorPai: pai._id });
    const ciclo = await api('PUT', `/agrupador/${pai._id}`, { agrupadorPai: pai._id, version: pai.version });
    expect(ciclo.status).toBe(400);
    expect(ciclo.body.data.message).toMatch(/^Agrupador pai: /);
    const populado = await api('POST', '/agrupador/getPopulate', { filtro: { _id: filho._id }, populate: 'agrupadorPai' });
    expect(populado.body.data[0].agrupadorPai.descricao).toBe('Cardápio');
    const orfao = await api('POST', '/agrupador', { descricao: 'Órfão', agrupadorPai: 'nao-existe' });
    expect(orfao.body.data.message).toBe('Agrupador pai: Agrupador não encontrado.');
  });

  it('getPopulate without a body lists the first page; PUT without version is 400 naming it', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/agrupador/getPopulate', ...withCookie(await signIn(ctx.app, 'admin@demo.com.br')) });
    expect(res.statusCode).toBe(200);
    expect(res.json().valido).toBe(true);
    const un = await criar(api, 'unidadeMedida', { sigla: 'LT', descricao: 'Litro' });
    const semVersao = await api('PUT', `/unidadeMedida/${un._id}`, { descricao: 'Litros' });
    expect(semVersao.status).toBe(400);
    expect(semVersao.body.data.message).toMatch(/^Versão: /);
  });

  it('start-up creates the catalogue unique indexes and drops ones no longer declared', async () => {
    await ctx.db.execute(sql`create unique index "registro_u_velho_x" on registro (grupo_empresarial_id, (dados->>'x')) where recurso = 'velho'`);
    await ensureUniqueIndexes(ctx.db);
    await ensureUniqueIndexes(ctx.db);
    const { rows } = await ctx.db.execute<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'registro' order by 1`);
    const nomes = rows.map((r) => r.indexname);
    expect(nomes).not.toContain('registro_u_velho_x');
    expect(nomes).toEqual(expect.arrayContaining(unicosDoCatalogo().map((u) => u.nome)));
    expect(nomes).toContain('registro_u_unidadeMedida_sigla');
  });

  it('of two concurrent updates with the same version, exactly one wins', async () => {
    const motivo = await criar(api, 'descontoMotivo', { descricao: 'Concorrido' });
    const [x, y] = await Promise.all(
      ['Primeiro', 'Segundo'].map((descricao) => api('PUT', `/descontoMotivo/${motivo._id}`, { descricao, version: motivo.version })),
    );
    expect([x!.status, y!.status].sort()).toEqual([200, 409]);
    const vencedor = x!.status === 200 ? x! : y!;
    const atual = await api('GET', `/descontoMotivo/${motivo._id}`);
    expect(atual.body.data).toMatchObject({ descricao: vencedor.body.data.descricao, version: 2 });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/unidadeMedida/getPopulate', payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lista/1' })).statusCode).toBe(401);
  });

  it('GET /api/lista/:n serves the fixed lists; an unknown n is 404', async () => {
    const estados = await api('GET', '/lista/1');
    expect(estados.body.valido).toBe(true);
    expect(estados.body.data).toHaveLength(27);
    expect(estados.body.data).toContainEqual(expect.objectContaining({ _id: 'SP', descricao: 'São Paulo' }));
    for (const n of ['6', 'x']) {
      const res = await api('GET', `/lista/${n}`);
      expect(res.status).toBe(404);
      expect(res.body.valido).toBe(false);
    }
  });

  it('the OpenAPI document lists the resource routes with their body schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/unidadeMedida', '/api/unidadeMedida/getPopulate', '/api/unidadeMedida/{_id}', '/api/unidadeMedida/{_id}/restaurar', '/api/lista/{n}']),
    );
    expect(doc.paths['/api/unidadeMedida'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('sigla');
    expect(doc.paths['/api/unidadeMedida/{_id}'].put.requestBody.content['application/json'].schema.required).toContain('version');
    expect(doc.paths['/api/setorImpressao/getPopulate'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('filtro');
  });
});
