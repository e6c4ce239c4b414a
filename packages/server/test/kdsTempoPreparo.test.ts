import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * relatorioKdsTempoPreparo (issue 17): orders sent to the kitchen and bumped on their stations, then
 * timed by hand (arrival and bump moved to known minutes), so the averages, p90s and late counts are
 * exact: per station, product and hour, in the store's time zone; the wall between groups.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let chapa: string;
let bar: string;
let lanche: string;
let refri: string;

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
  const un = await criar(api, 'unidadeMedida', { sigla: 'UTP', descricao: 'Unidade TP' });
  const lanches = await criar(api, 'agrupador', { descricao: 'Lanches TP' });
  const bebidas = await criar(api, 'agrupador', { descricao: 'Bebidas TP' });
  const setorChapa = (await criar(api, 'kdsSetor', { descricao: 'Chapa TP' }))._id;
  const setorBar = (await criar(api, 'kdsSetor', { descricao: 'Bar TP' }))._id;
  await criar(api, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor: setorChapa });
  await criar(api, 'kdsSetorCadastroGrupo', { agrupador: bebidas._id, setor: setorBar });
  chapa = (await criar(api, 'kdsEstacao', { descricao: 'Chapa TP', setores: [setorChapa], minutosAlerta: 5, minutosAtraso: 10 }))._id;
  bar = (await criar(api, 'kdsEstacao', { descricao: 'Bar TP', setores: [setorBar], minutosAlerta: 2, minutosAtraso: 5 }))._id;
  lanche = (await criar(api, 'produtoGeral', { descricao: 'X-salada TP', unidade: un._id, agrupador: lanches._id, ncm: '21069090' }))._id;
  refri = (await criar(api, 'produtoGeral', { descricao: 'Refrigerante TP', unidade: un._id, agrupador: bebidas._id, ncm: '22021000' }))._id;

  // Three orders: a snack and a drink, then two snacks alone; each bumped on its station.
  const pedidos: [string, string[]][] = [
    ['TP-A', [lanche, refri]],
    ['TP-B', [lanche]],
    ['TP-C', [lanche]],
  ];
  for (const [pedidoId, produtos] of pedidos) {
    const r = await cenario.enviar({ pedidoId, itens: produtos.map((produto) => ({ produto, quantidade: '1' })) }, undefined, '/api/kds/pedidos');
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  }
  for (const estacao of [chapa, bar]) {
    const quadro = (await api('GET', `/kds/quadro?estacao=${estacao}`)).body.data as { pedidos: { _id: string }[] };
    for (const p of quadro.pedidos) expect((await api('POST', `/kds/pedidos/${p._id}/pronto?estacao=${estacao}`)).status).toBe(200);
  }
  // Known times (Brasília): arrival and minutes to the bump.
  const tempos: [string, string, string, number][] = [
    ['TP-A', lanche, '2026-11-20T12:00:00-03:00', 6],
    ['TP-A', refri, '2026-11-20T12:00:00-03:00', 3],
    ['TP-B', lanche, '2026-11-20T12:30:00-03:00', 12],
    ['TP-C', lanche, '2026-11-20T19:10:00-03:00', 8],
  ];
  for (const [pedidoId, produto, chegou, minutos] of tempos) {
    const r = await ctx.db.execute(sql`
      update kds_item i set chegou_em = ${chegou}::timestamptz, pronto_em = ${chegou}::timestamptz + make_interval(mins => ${minutos})
      from kds_pedido p where p.grupo_empresarial_id = i.grupo_empresarial_id and p.id = i.kds_pedido_id and p.pedido_id = ${pedidoId} and i.produto_id = ${produto}
      returning i.id`);
    expect(r.rows).toHaveLength(1);
  }
});
afterAll(async () => ctx?.close());

const relatorio = (quem: Api, filtro: Record<string, unknown>) => quem('POST', '/relatorioKdsTempoPreparo', filtro);
const linhas = (l: { rotulo: string; itens: number; mediaSegundos: number; p90Segundos: number; maximoSegundos: number; atrasados: number }[]) =>
  l.map((x) => [x.rotulo, x.itens, x.mediaSegundos, x.p90Segundos, x.maximoSegundos, x.atrasados]);

describe('relatorioKdsTempoPreparo', () => {
  it('times each bumped item from arrival to bump: per station, product and hour, with p90 and late ones', async () => {
    const r = await relatorio(api, { de: '2026-11-20', ate: '2026-11-20' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    // 6, 3, 12 and 8 minutes: mean 7:15; p90 between 8 and 12 minutes (480 + 0,7 × 240 s); one snack over the chapa's 10 minutes.
    expect(d.totais).toEqual({ itens: 4, mediaSegundos: 435, p90Segundos: 648, maximoSegundos: 720, atrasados: 1 });
    expect(linhas(d.porEstacao)).toEqual([
      ['Bar TP', 1, 180, 180, 180, 0],
      ['Chapa TP', 3, 520, 672, 720, 1],
    ]);
    expect(linhas(d.porProduto)).toEqual([
      ['X-salada TP', 3, 520, 672, 720, 1],
      ['Refrigerante TP', 1, 180, 180, 180, 0],
    ]);
    expect(linhas(d.porHora)).toEqual([
      ['12h', 3, 420, 648, 720, 1],
      ['19h', 1, 480, 480, 480, 0],
    ]);
  });

  it('filters by station and by the store days', async () => {
    const soBar = (await relatorio(api, { de: '2026-11-20', ate: '2026-11-20', estacao: bar })).body.data;
    expect(soBar.totais).toMatchObject({ itens: 1, mediaSegundos: 180 });
    expect(soBar.porProduto.map((p: { rotulo: string }) => p.rotulo)).toEqual(['Refrigerante TP']);
    expect((await relatorio(api, { de: '2026-11-21', ate: '2026-11-21' })).body.data.totais.itens).toBe(0);
  });

  it('answers 400 naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ de: '2026-11-21', ate: '2026-11-20' }, 'Até: O fim do período é anterior ao início.'],
      [{ de: '2026-01-01', ate: '2026-12-31' }, 'Até: Escolha um período de até 93 dias.'],
      [{ de: '20/11/2026', ate: '2026-11-20' }, 'De: Use aaaa-mm-dd.'],
      [{ de: '2026-11-20', ate: '2026-11-20', estacao: 'nao-existe' }, 'Estação: Estação não encontrada nesta loja.'],
    ];
    for (const [filtro, mensagem] of casos) {
      const r = await relatorio(api, filtro);
      expect(r.status, mensagem).toBe(400);
      expect(r.body.data.message).toBe(mensagem);
    }
  });

  it('shows another group nothing of this kitchen, not even its stations', async () => {
    expect((await relatorio(vizinho, { de: '2026-11-20', ate: '2026-11-20' })).body.data.totais.itens).toBe(0);
    expect((await relatorio(vizinho, { de: '2026-11-20', ate: '2026-11-20', estacao: chapa })).status).toBe(400);
  });
});
