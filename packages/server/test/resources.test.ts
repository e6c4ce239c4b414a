import { mensagens, recursos } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { amostras, apiClient, criar, type Api, type RecursoComAmostra } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => ctx?.close());

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);

describe.each(Object.keys(amostras) as RecursoComAmostra[])('/api/%s', (nome) => {
  const amostra = amostras[nome];
  const ordem = amostra.ordem ?? 'descricao';
  let a: Awaited<ReturnType<typeof criar>>;
  let b: Awaited<ReturnType<typeof criar>>;

  it('creates records and reads one by id', async () => {
    const [corpoA, corpoB] = await amostra.corpos(api);
    a = await criar(api, nome, corpoA);
    b = await criar(api, nome, corpoB);
    expect(a).toMatchObject({ [ordem]: corpoA[ordem], lixo: false, version: 1, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial });
    expect(a.empresa).toBe(recursos[nome].escopo === 'empresa' ? ctx.seed.demo.empresas[0] : null);
    const res = await api('GET', `/${nome}/${a._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valido: true, data: a });
  });

  it('lists with filtro and sort, and counts before limit', async () => {
    const doPar = { _id: { $in: [a._id, b._id] } };
    const desc = await api('POST', `/${nome}/getPopulate`, { filtro: doPar, sort: { [ordem]: -1 } });
    expect(ids(desc)).toEqual([b._id, a._id]);
    expect(desc.headers['x-total-count']).toBe('2');
    const asc = await api('POST', `/${nome}/getPopulate`, { filtro: doPar, sort: ordem, limit: 1 });
    expect(ids(asc)).toEqual([a._id]);
    expect(asc.headers['x-total-count']).toBe('2');
    const filtrado = await api('POST', `/${nome}/getPopulate`, { filtro: { ...doPar, ...amostra.filtro, empresa: 'outra', grupoEmpresarial: 'outro' } });
    expect(ids(filtrado)).toEqual([a._id]);
    const todos = await api('GET', `/${nome}`);
    expect(ids(todos)).toEqual(expect.arrayContaining([a._id, b._id]));
  });

  it('updates with the version read, and refuses a stale one without changing anything', async () => {
    const res = await api('PUT', `/${nome}/${a._id}`, { ...amostra.alteracao, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...amostra.alteracao, version: 2, [ordem]: a[ordem] });
    const stale = await api('PUT', `/${nome}/${a._id}`, { descricao: 'Perdida', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ valido: false, data: { message: mensagens.versaoDesatualizada } });
    expect((await api('GET', `/${nome}/${a._id}`)).body.data).toEqual(res.body.data);
  });

  it('moves to the trash (hidden unless lixo is asked) and restores', async () => {
    const trashed = await api('DELETE', `/${nome}/${b._id}`);
    expect(trashed.body.data).toMatchObject({ lixo: true, version: 2 });
    const doPar = { _id: { $in: [a._id, b._id] } };
    expect(ids(await api('POST', `/${nome}/getPopulate`, { filtro: doPar }))).toEqual([a._id]);
    expect(ids(await api('POST', `/${nome}/getPopulate`, { filtro: { ...doPar, lixo: true } }))).toEqual([b._id]);
    const restored = await api('POST', `/${nome}/${b._id}/restaurar`);
    expect(restored.body.data).toMatchObject({ lixo: false, version: 3 });
    expect(ids(await api('POST', `/${nome}/getPopulate`, { filtro: doPar, sort: ordem }))).toEqual([a._id, b._id]);
  });

  it('answers 400 naming the invalid field, and the unknown filter field', async () => {
    const { body, campo, rotulo } = await amostra.invalido(api);
    const res = await api('POST', `/${nome}`, body);
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(new RegExp(`^${rotulo.replace(/[()]/g, '\\$&')}: `));
    expect(Object.keys(res.body.data.campos)).toContain(campo);
    const unknown = await api('POST', `/${nome}/getPopulate`, { filtro: { naoExiste: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.message).toBe('Campo desconhecido em filtro: naoExiste');
  });

  it('is invisible and untouchable for a user of another group', async () => {
    const lista = await vizinho('POST', `/${nome}/getPopulate`, { filtro: { lixo: { $in: [true, false] } } });
    expect(lista.status).toBe(200);
    // Its own records only (some exist from the start, like the default customer).
    expect(lista.body.data.filter((r: { grupoEmpresarial: string }) => r.grupoEmpresarial !== ctx.seed.vizinho.grupoEmpresarial)).toEqual([]);
    expect(ids(lista)).not.toContain(a._id);
    expect(ids(lista)).not.toContain(b._id);
    for (const [method, url, payload] of [
      ['GET', `/${nome}/${a._id}`],
      ['PUT', `/${nome}/${a._id}`, { ...amostra.alteracao, version: 2 }],
      ['DELETE', `/${nome}/${a._id}`],
      ['POST', `/${nome}/${a._id}/restaurar`],
    ] as const) {
      const res = await vizinho(method, url, payload);
      expect(res.status).toBe(404);
      expect(res.body.data.message).toMatch(/não encontrad[ao]\.$/);
    }
    expect((await api('GET', `/${nome}/${a._id}`)).body.data).toMatchObject({ version: 2, lixo: false });
  });
});
