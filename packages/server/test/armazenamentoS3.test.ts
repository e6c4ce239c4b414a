import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { armazenamentoDe } from '../src/storage/armazenamentoDe.ts';
import { armazenamentoS3, lerS3Url } from '../src/storage/armazenamentoS3.ts';
import { CARENCIA_ARQUIVO_MS, removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { base64, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { iniciarS3Local } from './s3Local.ts';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let s3: Awaited<ReturnType<typeof iniciarS3Local>>;
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let grupo: string;
beforeAll(async () => {
  s3 = await iniciarS3Local();
  // The app under test picks its storage from S3_URL alone, as in production.
  ctx = await createTestContext({ S3_URL: s3.url('app') });
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  grupo = (await admin('GET', '/sessao')).body.data.grupoEmpresarial._id;
});
afterAll(async () => {
  await ctx?.close();
  await s3?.encerrar();
});

/** What the bucket holds under the app's prefix, read by a client of its own. */
const noBucket = (prefixo = '') => armazenamentoS3(lerS3Url(s3.url('app'))).listar(prefixo);
const enviarFoto = (api: Api = admin) => api('POST', '/arquivo', { nome: 'foto.png', tipo: 'image/png', conteudo: png.toString('base64'), recurso: 'produtoGeral', campo: 'imagens.arquivo' });
const linhasArquivo = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from arquivo`)).rows[0]!.n;

describe('S3_URL', () => {
  it('is read as endpoint, bucket, prefix, region and credentials; config.json shows it without the credentials', async () => {
    expect(lerS3Url('s3://CHAVE:SEGREDO%2F1@s3.exemplo.com.br:9000/notas/retaguarda?region=sa-east-1&forcePathStyle=false')).toEqual({
      endpoint: 'https://s3.exemplo.com.br:9000',
      bucket: 'notas',
      prefixo: 'retaguarda/',
      region: 'sa-east-1',
      forcePathStyle: false,
      credenciais: { accessKeyId: 'CHAVE', secretAccessKey: 'SEGREDO/1' },
    });
    expect(() => lerS3Url('s3://host-sem-bucket')).toThrow('S3_URL: falta o bucket');
    const config = (await ctx.app.inject({ method: 'GET', url: '/config.json' })).json() as { baseS3: string };
    expect(config.baseS3).not.toContain('S3RVER');
    expect(config.baseS3).toContain('/retaguarda/app');
  });
});

describe('both storages: the S3 one against a real S3-compatible server, and the folder', () => {
  it.each(['s3', 'pasta'] as const)('%s: puts, gets, lists and deletes files; a missing key reads as null and deletes quietly', async (tipo) => {
    const pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-pasta-'));
    const armazenamento = tipo === 's3' ? armazenamentoS3(lerS3Url(s3.url('direto'))) : armazenamentoEmPasta(pasta);
    await armazenamento.gravar('g1/a', Buffer.from('primeiro'));
    await armazenamento.gravar('g1/b', png);
    await armazenamento.gravar('g2/c', Buffer.from('outro grupo'));
    expect((await armazenamento.ler('g1/a'))?.toString()).toBe('primeiro');
    expect(await armazenamento.ler('g1/b')).toEqual(png);
    expect(await armazenamento.listar('g1/')).toEqual(['g1/a', 'g1/b']);
    expect(await armazenamento.listar('')).toEqual(['g1/a', 'g1/b', 'g2/c']);
    await armazenamento.remover('g1/a');
    expect(await armazenamento.ler('g1/a')).toBeNull();
    await armazenamento.remover('g1/a');
    expect(await armazenamento.listar('g1/')).toEqual(['g1/b']);
    // The prefix of the URL keeps these apart from the app's objects.
    expect(await noBucket('g1/')).toEqual([]);
    await expect(armazenamento.gravar('../fora', Buffer.from('x'))).rejects.toThrow('Chave de arquivo inválida');
    for (const chave of await armazenamento.listar('')) await armazenamento.remover(chave);
    await rm(pasta, { recursive: true, force: true });
  });
});

describe('the app with S3_URL', () => {
  it('keeps an uploaded image in the bucket and serves it back only to its group', async () => {
    const res = await enviarFoto();
    expect(res.status).toBe(201);
    const id = res.body.data._id as string;
    expect(await noBucket(`${grupo}/`)).toContain(`${grupo}/${id}`);
    const baixado = await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${id}`, ...withCookie(await signIn(ctx.app, 'admin@demo.com.br')) });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.rawPayload).toEqual(png);
    expect((await vizinho('GET', `/arquivo/${id}`)).status).toBe(404);
  });

  it('imports an NF-e: the XML is in the bucket byte for byte, under the entry', async () => {
    const sessao = (await admin('GET', '/sessao')).body.data;
    const cnpj = (await admin('GET', `/empresa/${sessao.empresa._id}`)).body.data.cnpj as string;
    const xml = paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj);
    const res = await admin('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'medicos.xml', conteudo: base64(xml) }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [r] = res.body.data as { situacao: string; entrada: string }[];
    expect(r!.situacao).toBe('pendente');
    const [linha] = (await ctx.db.execute<{ chave: string; sha256: string }>(sql`select a.chave, a.sha256 from entrada_nota_fiscal e join arquivo a on a.grupo_empresarial_id = e.grupo_empresarial_id and a.id = e.arquivo_id where e.id = ${r!.entrada}`)).rows;
    const guardado = await armazenamentoS3(lerS3Url(s3.url('app'))).ler(linha!.chave);
    expect(guardado?.toString('utf8')).toBe(xml);
    expect(createHash('sha256').update(guardado!).digest('hex')).toBe(linha!.sha256);
  });

  it('the hourly cleanup removes from the bucket the files nobody references, and keeps the referenced ones and the NF-e XMLs', async () => {
    const solto = (await enviarFoto()).body.data._id as string;
    const usado = (await enviarFoto()).body.data._id as string;
    const un = await criar(admin, 'unidadeMedida', { sigla: 'S3F', descricao: 'Foto S3' });
    await criar(admin, 'produtoGeral', { descricao: 'Com foto no S3', unidade: un._id, imagens: [{ arquivo: usado }] });
    const antes = await noBucket(`${grupo}/`);
    expect(antes).toEqual(expect.arrayContaining([`${grupo}/${solto}`, `${grupo}/${usado}`]));

    expect(await removerArquivosSemReferencia(ctx.db, armazenamentoDe(ctx.config))).toBe(0);
    const depois = new Date(Date.now() + CARENCIA_ARQUIVO_MS + 60_000);
    expect(await removerArquivosSemReferencia(ctx.db, armazenamentoDe(ctx.config), depois)).toBeGreaterThanOrEqual(1);
    const restantes = await noBucket(`${grupo}/`);
    expect(restantes).not.toContain(`${grupo}/${solto}`);
    expect(restantes).toContain(`${grupo}/${usado}`);
    // The NF-e XML of the previous test is still there: its entry references it.
    const xmls = (await ctx.db.execute<{ chave: string }>(sql`select a.chave from entrada_nota_fiscal e join arquivo a on a.grupo_empresarial_id = e.grupo_empresarial_id and a.id = e.arquivo_id`)).rows;
    expect(xmls.length).toBeGreaterThan(0);
    for (const { chave } of xmls) expect(restantes).toContain(chave);
  });

  it('with the S3 server down, an upload and an NF-e import fail and write no record', async () => {
    const sessao = (await admin('GET', '/sessao')).body.data;
    const cnpj = (await admin('GET', `/empresa/${sessao.empresa._id}`)).body.data.cnpj as string;
    const xml = paraDestinatario(lerAmostraNfe('nfe55_41itens_ipitrib_7dups.xml'), cnpj);
    const arquivos = await linhasArquivo();
    const entradas = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from entrada_nota_fiscal`)).rows[0]!.n;
    const entradasAntes = await entradas();
    await s3.parar();

    const foto = await enviarFoto();
    expect(foto.status).toBe(503);
    expect(foto.body.data.message).toBe('Armazenamento de arquivos (S3) indisponível: nada foi gravado. Tente de novo em instantes.');
    const nota = await admin('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: '41itens.xml', conteudo: base64(xml) }] });
    expect(nota.status).toBe(503);
    expect(nota.body.data.message).toContain('Armazenamento de arquivos (S3) indisponível');
    expect(await linhasArquivo()).toBe(arquivos);
    expect(await entradas()).toBe(entradasAntes);
  });
});
