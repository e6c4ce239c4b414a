import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
let pasta: string;
beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-dfe-demo-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('the demonstration shows DF-e notes in every status, without calling SEFAZ', () => {
  it('the first store lists a summary, a manifested note, a full XML and an entered one, with their XMLs; a restart adds nothing', async () => {
    const opcoes = { dias: 1, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) };
    await preencherDemo(ctx.db, opcoes);
    const cookie = await signIn(ctx.app, 'admin@demo.com.br');
    const api = apiClient(ctx.app, cookie);
    const lista = async () => (await api('POST', '/baixarNotas/lista', {})).body.data as { _id: string; emitenteNome: string; situacao: string; valor: number }[];
    const docs = await lista();
    expect(docs.map((d) => [d.emitenteNome, d.situacao]).sort()).toEqual(
      [
        ['Hortifruti Bom Preço Ltda', 'resumo'],
        ['Bebidas Paulista Distribuidora Ltda', 'manifestado'],
        ['Laticínios Serra Azul S.A.', 'completo'],
        ['Distribuidora Grãos do Vale Ltda', 'lancado'],
      ].sort(),
    );
    for (const d of docs) expect((await ctx.app.inject({ method: 'GET', url: `/api/baixarNotas/${d._id}/xml`, ...withCookie(cookie) })).statusCode).toBe(200);
    const controle = (await api('GET', '/baixarNotas/controle')).body.data;
    expect(controle).toMatchObject({ cStat: '137', proximaConsulta: null });
    const relatorio = (await api('POST', '/relatorioDFE', { inicio: '2000-01-01', fim: '2100-01-01' })).body.data;
    expect(relatorio.totais.map((t: { quantidade: number }) => t.quantidade)).toEqual([1, 1, 1, 1]);
    expect(relatorio.total.valor).toBe(docs.reduce((s, d) => s + d.valor, 0));
    await preencherDemo(ctx.db, opcoes);
    expect(await lista()).toHaveLength(4);
  });
});
