import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { MOTIVO_DEMO } from '../src/seed/emissaoDemo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('the demonstration shows NF-e issuing without faking SEFAZ', () => {
  it('the kitchen has a transfer draft and a numbered note waiting for SEFAZ saying why; none authorised; a restart adds nothing', async () => {
    await preencherDemo(ctx.db, { dias: 1 });
    const cozinha = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const notas = async () => (await cozinha('POST', '/emissaoNotaFiscal/lista', {})).body.data as { situacao: string; numero: number | null; ultimoErro: string | null; valorTotal: number; itens: { cfop: string }[]; destinatario: { nome: string } }[];
    const lista = await notas();
    expect(lista.map((n) => n.situacao).sort()).toEqual(['contingencia', 'rascunho']);
    const espera = lista.find((n) => n.situacao === 'contingencia')!;
    expect(espera).toMatchObject({ numero: 1287, ultimoErro: MOTIVO_DEMO });
    expect(lista.every((n) => n.valorTotal > 0 && n.itens.every((i) => i.cfop === '5152') && n.destinatario.nome === 'Restaurante Demonstração Shopping')).toBe(true);
    await preencherDemo(ctx.db, { dias: 1 });
    expect(await notas()).toHaveLength(2);
  });

  it('a sent transfer gives a draft through the API (its lines at cost, CFOP 5152); a bad or foreign source is refused', async () => {
    const cozinha = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const enviadas = (await cozinha('POST', '/estoqueTransferenciaLojas/lista', {})).body.data as { _id: string; status: string; direcao?: string; empresaOrigem?: string }[];
    const enviada = enviadas.find((t) => t.status === 'enviada' || t.status === 'recebida');
    expect(enviada, JSON.stringify(enviadas.map((t) => t.status))).toBeTruthy();
    const r = await cozinha('POST', '/emissaoNotaFiscal/daTransferencia', { transferencia: enviada!._id });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ situacao: 'rascunho', tipo: 'transferencia', numero: null });
    expect(r.body.data.itens.every((i: { cfop: string }) => i.cfop === '5152')).toBe(true);
    const semCampo = await cozinha('POST', '/emissaoNotaFiscal/daTransferencia', {});
    expect(semCampo.status).toBe(400);
    expect(semCampo.body.data.message).toContain('Transferência');
    expect((await cozinha('POST', '/emissaoNotaFiscal/daEntrada', { entrada: 'nao-existe' })).status).toBe(404);
    const vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
    expect((await vizinho('POST', '/emissaoNotaFiscal/daTransferencia', { transferencia: enviada!._id })).status).toBe(404);
  });
});
