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
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-compras-demo-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('the demonstration shows purchases', () => {
  it('the purchases report has the grain note and the order received in part; the dairy note is linked to the cheese order', async () => {
    await preencherDemo(ctx.db, { dias: 1, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) });
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const r = (await api('POST', '/relatorioEstoqueCompras', { de: hoje, ate: hoje })).body.data;
    // The note: 12 × 28,45 + 30 × 8,29 + 2 × 149,90; the receipt: 5 × 28,46 + 25 × 8,29.
    expect(r.totais).toMatchObject({ valor: 12 * 2845 + 30 * 829 + 2 * 14990 + 5 * 2846 + 25 * 829, notas: 1, pedidos: 1, fornecedores: 1 });
    const arroz = r.porProduto.find((p: { descricao: string }) => p.descricao === 'Arroz agulhinha');
    // 60 KG at 5,69 then 25 KG at 5,692 (a bag of 5 KG).
    expect(arroz).toMatchObject({ quantidade: '85.0000', primeiroPreco: '569.0000', ultimoPreco: '569.2000', variacao: 0 });
    expect(r.evolucao.pontos.length).toBeGreaterThan(1);

    const [laticinios] = (await api('POST', '/entradaNotaFiscal/lista', { busca: '77120' })).body.data as { _id: string }[];
    const entrada = (await api('GET', `/entradaNotaFiscal/${laticinios!._id}`)).body.data;
    expect(entrada.itens[0].pedido).toMatchObject({ numero: 2, linha: 0, quantidadePedida: '25.0000', quantidadeNota: '15.0000', divergencias: {} });
    expect(entrada.itens[1].pedido).toBeNull();
  });
});
