import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { despacharRetornos } from '../src/integrations/delivery/retorno.ts';
import { reabrirPausasVencidas } from '../src/integrations/delivery/situacaoLoja.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { iniciarMarketplaceDouble } from './marketplaceDouble.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * The store's open / closed / paused status told to the marketplace (issue 17): queued in the change's
 * transaction on the statuses' outbox, sent in order per channel and retried while the marketplace is
 * down, in iFood's interruptions shape and the generic one, against a local marketplace double; a pause
 * with an end reopens by itself; the screen reads what each marketplace heard last, and when.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let mkt: Awaited<ReturnType<typeof iniciarMarketplaceDouble>>;

beforeAll(async () => {
  mkt = await iniciarMarketplaceDouble();
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
});
afterAll(async () => {
  await ctx?.close();
  await mkt?.fechar();
});

const deps = () => ({ db: ctx.db, chaveSegredos: chavePreguicosa(ctx.config) });
let n = 0;
async function integracao(provedor: 'iFood' | 'Genérico', situacaoLoja = 'Fechada') {
  const merchantId = `loja-${++n}`;
  const i = await criar(api, 'appIntegracaoDelivery', { descricao: `${provedor} ${merchantId}`, provedor, merchantId, situacaoLoja, urlApi: mkt.url, terminal: cenario.ids.terminal, formaPagamento: cenario.ids.credito });
  return { id: i._id, merchantId };
}
type Aviso = { integracao: string; situacao: string; motivo: string | null; ate: string | null; estado: string; em: string; erro: string | null; tentativas: number };
const aviso = async (id: string) => ((await api('GET', '/appIntegracaoDelivery/avisosLoja')).body.data as Aviso[]).find((a) => a.integracao === id);
const chamadasDe = (merchantOuRota: string) => mkt.chamadas.filter((c) => c.url.includes(merchantOuRota));

describe('delivery: the store status told to the marketplace', () => {
  it('the generic marketplace hears each change at POST /loja/status; the screen shows what it heard and when', async () => {
    const i = await integracao('Genérico', 'Fechada');
    const aberta = await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Aberta' });
    expect(aberta.status, JSON.stringify(aberta.body)).toBe(200);
    await esperarAte(async () => (await aviso(i.id))?.estado === 'enviado', 15_000, 'a loja aberta avisada');
    const antesDaPausa = new Date();
    const pausa = await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Pausada', motivo: 'Cozinha cheia', minutos: 30 });
    expect(pausa.body.data.ate).not.toBeNull();
    await esperarAte(async () => (await aviso(i.id))?.situacao === 'Pausada' && (await aviso(i.id))?.estado === 'enviado', 15_000, 'a pausa avisada');
    const corpos = mkt.chamadas.filter((c) => c.url === '/api/loja/status').slice(-2).map((c) => JSON.parse(c.corpo));
    expect(corpos).toEqual([
      { situacao: 'aberta', motivo: null, ate: null },
      { situacao: 'pausada', motivo: 'Cozinha cheia', ate: pausa.body.data.ate },
    ]);
    const naTela = (await aviso(i.id))!;
    expect([naTela.situacao, naTela.motivo, naTela.ate, naTela.erro]).toEqual(['Pausada', 'Cozinha cheia', pausa.body.data.ate, null]);
    expect(new Date(naTela.em).getTime()).toBeGreaterThanOrEqual(antesDaPausa.getTime());
  });

  it('with the marketplace down the status waits, and a later change waits behind it: the marketplace ends with the last', async () => {
    const i = await integracao('Genérico', 'Aberta');
    expect(await aviso(i.id)).toBeUndefined();
    const antes = mkt.chamadas.length;
    mkt.respostas.push(503);
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Fechada' })).status).toBe(200);
    await esperarAte(async () => (await aviso(i.id))?.tentativas === 1, 15_000, 'a primeira tentativa');
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Fechada', estado: 'pendente', erro: 'HTTP 503' });
    // Reopened while the closing waits: nothing overtakes it.
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Aberta' })).status).toBe(200);
    await despacharRetornos(deps());
    expect(mkt.chamadas.length).toBe(antes + 1);
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Aberta', estado: 'pendente' });
    // The marketplace is back (the wait moved by hand): both go, in order.
    await ctx.db.execute(sql`update delivery_retorno set proxima_em = now() where integracao_id = ${i.id} and enviado_em is null`);
    await despacharRetornos(deps());
    expect(mkt.chamadas.slice(antes).map((c) => JSON.parse(c.corpo).situacao)).toEqual(['fechada', 'fechada', 'aberta']);
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Aberta', estado: 'enviado', erro: null });
  });

  it("iFood: closing and pausing create an interruption, reopening deletes that one", async () => {
    const i = await integracao('iFood', 'Fechada');
    // Opened with no interruption of ours to end: kept, nothing called.
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Aberta' })).status).toBe(200);
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Aberta', estado: 'semChamada' });
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Pausada', motivo: 'Falta de entregador', minutos: 20 })).status).toBe(200);
    await esperarAte(() => chamadasDe(i.merchantId).length === 1, 15_000, 'a interrupção criada');
    const [criada] = chamadasDe(i.merchantId);
    const interrupcao = JSON.parse(criada!.corpo) as { id: string; description: string; start: string; end: string };
    expect([criada!.metodo, criada!.url, interrupcao.description]).toEqual(['POST', `/api/merchant/v1.0/merchants/${i.merchantId}/interruptions`, 'Falta de entregador']);
    expect(Math.round((new Date(interrupcao.end).getTime() - new Date(interrupcao.start).getTime()) / 60_000)).toBe(20);
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Aberta' })).status).toBe(200);
    await esperarAte(() => chamadasDe(i.merchantId).length === 2, 15_000, 'a interrupção encerrada');
    expect([chamadasDe(i.merchantId)[1]!.metodo, chamadasDe(i.merchantId)[1]!.url]).toEqual(['DELETE', `/api/merchant/v1.0/merchants/${i.merchantId}/interruptions/${interrupcao.id}`]);
  });

  it('a pause past its end reopens the store and tells the marketplace', async () => {
    const i = await integracao('Genérico', 'Aberta');
    expect((await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Pausada', motivo: 'Chuva forte', minutos: 15 })).status).toBe(200);
    await esperarAte(async () => (await aviso(i.id))?.situacao === 'Pausada' && (await aviso(i.id))?.estado === 'enviado', 15_000, 'a pausa avisada');
    expect(await reabrirPausasVencidas(ctx.db)).toBe(0);
    // Fifteen minutes later (the pause's end moved by hand).
    await ctx.db.execute(sql`update delivery_retorno set loja = jsonb_set(loja, '{ate}', to_jsonb((now() - interval '1 second')::text)) where integracao_id = ${i.id} and evento = 'loja' and loja->>'situacao' = 'Pausada'`);
    expect(await reabrirPausasVencidas(ctx.db)).toBe(1);
    expect(await reabrirPausasVencidas(ctx.db)).toBe(0);
    const registro = (await api('GET', `/appIntegracaoDelivery/${i.id}`)).body.data;
    expect([registro.situacaoLoja, registro.motivoPausa]).toEqual(['Aberta', null]);
    await despacharRetornos(deps());
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Aberta', estado: 'enviado' });
    expect(JSON.parse(mkt.chamadas.filter((c) => c.url === '/api/loja/status').at(-1)!.corpo).situacao).toBe('aberta');
  });

  it("a change on the integration's form is told too; refusals name the field", async () => {
    const i = await integracao('Genérico', 'Aberta');
    const registro = (await api('GET', `/appIntegracaoDelivery/${i.id}`)).body.data;
    const editado = await api('PUT', `/appIntegracaoDelivery/${i.id}`, { ...registro, situacaoLoja: 'Fechada' });
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    await despacharRetornos(deps());
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Fechada', estado: 'enviado' });

    const curta = await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Pausada', motivo: 'Teste', minutos: 2 });
    expect([curta.status, curta.body.data.message]).toEqual([400, expect.stringContaining('Minutos da pausa: no mínimo 5.')]);
    const semMotivo = await api('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Pausada' });
    expect([semMotivo.status, semMotivo.body.data.message]).toEqual([400, expect.stringContaining('Informe o motivo da pausa.')]);
    expect(await aviso(i.id)).toMatchObject({ situacao: 'Fechada' });
  });

  it("keeps the wall: another group neither changes our store's status nor reads what was told", async () => {
    const i = await integracao('Genérico', 'Aberta');
    expect((await vizinho('POST', `/appIntegracaoDelivery/${i.id}/loja`, { situacao: 'Fechada' })).status).toBe(404);
    const deles = (await vizinho('GET', '/appIntegracaoDelivery/avisosLoja')).body.data as Aviso[];
    expect(deles.some((a) => a.integracao === i.id)).toBe(false);
    expect((await api('GET', `/appIntegracaoDelivery/${i.id}`)).body.data.situacaoLoja).toBe('Aberta');
  });
});
