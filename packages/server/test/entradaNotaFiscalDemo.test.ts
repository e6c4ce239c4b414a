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
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-nfe-demo-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('the demonstration shows supplier notes to enter', () => {
  it('the first store has the grain distributor’s note posted (stock, payables) and the dairy’s waiting for one item; a restart adds nothing', async () => {
    const opcoes = { dias: 1, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) };
    await preencherDemo(ctx.db, opcoes);
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const lista = async () => (await api('POST', '/entradaNotaFiscal/lista', {})).body.data as { _id: string; emitenteNome: string; situacao: string; itensSemProduto: number; valorTotal: number }[];
    expect((await lista()).map((e) => [e.emitenteNome, e.situacao, e.itensSemProduto, e.valorTotal])).toEqual([
      ['Laticínios Serra Azul S.A.', 'pendente', 1, 15 * 4190 + 24 * 1290],
      ['Distribuidora Grãos do Vale Ltda', 'lancada', 0, 12 * 2845 + 30 * 829 + 2 * 14990],
    ]);
    const graos = (await api('GET', `/entradaNotaFiscal/${(await lista())[1]!._id}`)).body.data;
    // 12 packs of 5 KG of rice: 60 KG at R$ 5,69 a KG.
    expect(graos.itens[0]).toMatchObject({ produtoDescricao: 'Arroz agulhinha', fator: '5.000000' });
    const titulo = (await api('GET', `/financeiroAgenda/${graos.titulos[0]}`)).body.data;
    expect(titulo.parcelas.map((p: { valor: number }) => p.valor).reduce((a: number, b: number) => a + b, 0)).toBe(graos.valorTotal);
    await preencherDemo(ctx.db, opcoes);
    expect(await lista()).toHaveLength(2);
  });
});
