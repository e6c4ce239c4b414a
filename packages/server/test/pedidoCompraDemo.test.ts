import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
let pasta: string;
beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-pedido-demo-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('the demonstration shows purchase orders', () => {
  it('the first store has one order received in part, one approved and sent, one waiting for approval and one draft; a restart adds nothing', async () => {
    const opcoes = { dias: 1, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) };
    await preencherDemo(ctx.db, opcoes);
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const lista = async () => (await api('POST', '/estoquePedidoCompra/lista', {})).body.data as { _id: string; numero: number; status: string; fornecedorNome: string; valor: number }[];
    expect((await lista()).map((p) => [p.numero, p.status, p.fornecedorNome, p.valor]).sort()).toEqual([
      [1, 'recebidoParcialmente', 'Distribuidora Grãos do Vale Ltda', 10 * 2845 + 25 * 829 + 2 * 14990],
      [2, 'enviado', 'Laticínios Serra Azul S.A.', 25 * 4190],
      [3, 'aguardandoAprovacao', 'Distribuidora Grãos do Vale Ltda', 20 * 2890 + 4 * 14990],
      [4, 'rascunho', 'Distribuidora Grãos do Vale Ltda', 8 * 2890],
    ]);
    // The cheese order went above the store's R$ 1.000,00 limit: approved, by whom and when.
    const aprovado = (await api('GET', `/estoquePedidoCompra/${(await lista()).find((p) => p.numero === 2)!._id}`)).body.data;
    expect(aprovado.limiteAprovacao).toBe(100000);
    expect(aprovado.aprovadoPor).toBeTruthy();
    expect(Number.isNaN(Date.parse(aprovado.aprovadoEm))).toBe(false);
    const parcial = (await api('GET', `/estoquePedidoCompra/${(await lista()).find((p) => p.numero === 1)!._id}`)).body.data;
    expect(parcial.recebimentos[0].itens[0].divergencias).toEqual({ precoUnitario: '2846.0000' });
    await preencherDemo(ctx.db, opcoes);
    expect(await lista()).toHaveLength(4);
  });
});
