import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerZip } from '../src/fiscal/entradaNotaFiscal/zip.ts';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
let pasta: string;
beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-exportacao-demo-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('the demonstration has a finished accountant export', () => {
  it("lists one ready export of the last 30 days with the demo's supplier notes, downloadable; a restart adds nothing", async () => {
    const opcoes = { dias: 1, armazenamento: armazenamentoEmPasta(ctx.config.storageDir) };
    await preencherDemo(ctx.db, opcoes);
    const cookie = await signIn(ctx.app, 'admin@demo.com.br');
    const api = apiClient(ctx.app, cookie);
    const lista = (await api('POST', '/exportarDados/lista', {})).body.data as { _id: string; situacao: string; notas: number; empresas: string[] }[];
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ situacao: 'concluida' });
    expect(lista[0]!.empresas.length).toBe(2);
    expect(lista[0]!.notas).toBeGreaterThanOrEqual(2);
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/exportarDados/${lista[0]!._id}/zip`, ...withCookie(cookie) });
    expect(zip.statusCode).toBe(200);
    const nomes = lerZip(zip.rawPayload, { maxArquivos: 100, maxBytes: 10_000_000 }).map((a) => a.nome);
    expect(nomes.filter((n) => n.includes('/recebidas/')).length).toBeGreaterThanOrEqual(2);
    expect(nomes.at(-1)).toBe('resumo.csv');
    await preencherDemo(ctx.db, opcoes);
    expect((await api('POST', '/exportarDados/lista', {})).body.data).toHaveLength(1);
    // The demo's fill (a day of sales in two stores) twice: minutes on a loaded machine.
  }, 600_000);
});
