import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
const id: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  for (const [descricao, ordem, cor] of [['Nove', 9, null], ['Dez', 10, '#000000'], ['Dois', 2, null], ['Cem', 100, '#ffffff']] as const) {
    id[descricao] = (await criar(api, 'agrupador', { descricao, ordem, cor }))._id;
  }
});
afterAll(async () => ctx?.close());

const listar = async (body: Record<string, unknown>) => {
  const res = await api('POST', '/agrupador/getPopulate', body);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.map((r: { descricao: string }) => r.descricao);
};

describe('getPopulate filters, sort and paging', () => {
  it('sorts numbers as numbers (declaration default ordenacao: ordem asc), and by created_at', async () => {
    expect(await listar({})).toEqual(['Dois', 'Nove', 'Dez', 'Cem']);
    expect(await listar({ sort: { ordem: -1 } })).toEqual(['Cem', 'Dez', 'Nove', 'Dois']);
    expect(await listar({ sort: 'created_at' })).toEqual(['Nove', 'Dez', 'Dois', 'Cem']);
    expect(await listar({ sort: { descricao: 'asc' }, skip: 1, limit: 2 })).toEqual(['Dez', 'Dois']);
  });

  it('supports $gte/$lte/$gt/$lt, $in/$nin, $ne, and null', async () => {
    expect(await listar({ filtro: { ordem: { $gte: 9, $lte: 10 } } })).toEqual(['Nove', 'Dez']);
    expect(await listar({ filtro: { ordem: { $gt: 9, $lt: 100 } } })).toEqual(['Dez']);
    expect(await listar({ filtro: { ordem: { $in: [2, '100'] } } })).toEqual(['Dois', 'Cem']);
    expect(await listar({ filtro: { ordem: { $nin: [2, 100] } } })).toEqual(['Nove', 'Dez']);
    expect(await listar({ filtro: { cor: null } })).toEqual(['Dois', 'Nove']);
    expect(await listar({ filtro: { cor: { $ne: null } } })).toEqual(['Dez', 'Cem']);
    expect(await listar({ filtro: { cor: { $ne: '#000000' } } })).toEqual(['Dois', 'Nove', 'Cem']);
    expect(await listar({ filtro: { _id: id.Dez } })).toEqual(['Dez']);
    expect(await listar({ filtro: { created_at: { $gte: '2000-01-01T00:00:00Z' }, ativo: true } })).toHaveLength(4);
    expect(await listar({ filtro: { ordem: { $in: [] } } })).toEqual([]);
  });

  it('treats names and values as data: odd keys are unknown fields, odd values match nothing', async () => {
    const odd = await api('POST', '/agrupador/getPopulate', { filtro: { "descricao'); drop table registro; --": 1 } });
    expect(odd.status).toBe(400);
    expect(odd.body.data.message).toMatch(/^Campo desconhecido em filtro: /);
    expect(await listar({ filtro: { descricao: "x' or '1'='1" } })).toEqual([]);
    expect(await listar({ filtro: { descricao: { $regex: '%' } } })).toEqual([]);
    expect(await listar({ filtro: { busca: '_' } })).toEqual([]);
    expect((await listar({}))).toHaveLength(4);
  });

  it('refuses unknown operators, wrong value types and a limit over 20000', async () => {
    for (const [body, message] of [
      [{ filtro: { ordem: { $where: 'x' } } }, 'Operador desconhecido em filtro: $where'],
      [{ filtro: { ativo: 'talvez' } }, 'Valor inválido em filtro: ativo'],
      [{ filtro: { created_at: 'ontem' } }, 'Valor inválido em filtro: created_at'],
      [{ filtro: { ordem: { $in: 3 } } }, 'Valor inválido em filtro: ordem'],
    ] as const) {
      const res = await api('POST', '/agrupador/getPopulate', body);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe(message);
    }
    expect((await api('POST', '/agrupador/getPopulate', { limit: 20001 })).status).toBe(400);
    expect((await api('POST', '/agrupador/getPopulate', { limit: 20000 })).status).toBe(200);
  });
});
