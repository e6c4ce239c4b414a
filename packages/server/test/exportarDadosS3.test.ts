import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerZip } from '../src/fiscal/entradaNotaFiscal/zip.ts';
import { base64, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';
import { iniciarS3Local } from './s3Local.ts';

/** exportarDados with the files in an S3-compatible bucket: the XMLs streamed from it, the zip streamed to it and back. */
let s3: Awaited<ReturnType<typeof iniciarS3Local>>;
let ctx: TestContext;
let admin: Api;
let token: string;
beforeAll(async () => {
  s3 = await iniciarS3Local();
  ctx = await createTestContext({ S3_URL: s3.url('exportacao') });
  token = await signIn(ctx.app, 'admin@demo.com.br');
  admin = apiClient(ctx.app, token);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.encerrar();
});

describe('exportarDados on S3', () => {
  it("zips a note kept in the bucket and serves the zip from the bucket", async () => {
    const empresa = (await admin('GET', '/sessao')).body.data.empresa._id;
    const { cnpj } = (await admin('GET', `/empresa/${empresa}`)).body.data;
    const xml = paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj);
    expect((await admin('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'medicos.xml', conteudo: base64(xml) }] })).body.data[0].situacao).toBe('pendente');
    const r = await admin('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresa] });
    await ctx.app.outbox.drain();
    expect((await admin('GET', `/exportarDados/${r.body.data._id}`)).body.data).toMatchObject({ situacao: 'concluida', notas: 1 });
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/exportarDados/${r.body.data._id}/zip`, ...withCookie(token) });
    expect(zip.statusCode).toBe(200);
    const arquivos = lerZip(zip.rawPayload, { maxArquivos: 10, maxBytes: 1_000_000 });
    expect(arquivos.map((a) => a.nome)).toEqual([`${cnpj}/recebidas/26180875335849000115550010000016871192213331.xml`, 'resumo.csv']);
    expect(arquivos[0]!.bytes.toString('utf8')).toBe(xml);
  });
});
