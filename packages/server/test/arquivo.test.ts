import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { CARENCIA_ARQUIVO_MS, removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { amostras, apiClient, criar, type Api } from './resourceApi.ts';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64').toString('base64');
const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-arquivos-'));

let ctx: TestContext;
let admin: Api;
let caixa: Api;
beforeAll(async () => {
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
});
afterAll(async () => ctx?.close());

const enviar = (api: Api, recurso: unknown, campo: unknown) => api('POST', '/arquivo', { nome: 'foto.png', tipo: 'image/png', conteudo: png, recurso, campo });
const arquivos = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from arquivo`)).rows[0]!.n;

/** A user whose profile may only edit companies (not products). */
async function editorDeEmpresas(): Promise<Api> {
  const perfil = await criar(admin, 'acessoSistema', { nome: 'Só empresas', telas: { empresa: ['ver', 'editar'] } });
  const corpo = (await amostras.usuario.corpos(admin))[0] as { login: string; senha: string };
  await criar(admin, 'usuario', { ...corpo, acessoSistema: perfil._id });
  return apiClient(ctx.app, await signIn(ctx.app, corpo.login, corpo.senha));
}

describe('POST /api/arquivo: allowed by the screen that will hold the file', () => {
  it('refuses a view-only profile with 403 naming the screen, and stores nothing', async () => {
    const antes = await arquivos();
    const res = await enviar(caixa, 'produtoGeral', 'imagens.arquivo');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ valido: false, data: { message: 'Acesso negado: o seu perfil não permite editar registros na tela Produtos.' } });
    expect((await enviar(caixa, 'empresa', 'logo')).status).toBe(403);
    expect(await arquivos()).toBe(antes);
  });

  it('lets a profile that edits a screen send that screen’s images only', async () => {
    const editor = await editorDeEmpresas();
    expect((await enviar(editor, 'empresa', 'logo')).status).toBe(201);
    expect((await enviar(editor, 'produtoGeral', 'imagens.arquivo')).status).toBe(403);
    expect((await enviar(admin, 'produtoGeral', 'imagens.0.arquivo')).status).toBe(201);
  });

  it('names the resource or the field when they are missing or hold no image', async () => {
    const sem = await admin('POST', '/arquivo', { nome: 'foto.png', tipo: 'image/png', conteudo: png });
    expect(sem.status).toBe(400);
    expect(sem.body.data.campos).toMatchObject({ recurso: 'Informe o cadastro que vai usar a imagem.', campo: 'Informe o campo que vai guardar a imagem.' });
    const inexistente = await enviar(admin, 'naoExiste', 'logo');
    expect(inexistente.status).toBe(400);
    expect(inexistente.body.data).toEqual({ message: 'Cadastro: naoExiste não existe.', campos: { recurso: 'Cadastro inexistente.' } });
    const naoImagem = await enviar(admin, 'empresa', 'razaoSocial');
    expect(naoImagem.status).toBe(400);
    expect(naoImagem.body.data.message).toBe('Campo: Empresas não tem o campo de imagem razaoSocial.');
    expect((await enviar(admin, '__proto__', 'logo')).status).toBe(400);
  });
});

describe('files nobody references', () => {
  it('are removed after the grace period; files a record mentions (trash included) stay', async () => {
    const armazenamento = armazenamentoEmPasta(ctx.config.storageDir);
    const id = async () => (await enviar(admin, 'produtoGeral', 'imagens.arquivo')).body.data._id as string;
    const [solto, usado, naLixeira] = [await id(), await id(), await id()];
    const un = await criar(admin, 'unidadeMedida', { sigla: 'FT', descricao: 'Foto' });
    await criar(admin, 'produtoGeral', { descricao: 'Com foto', unidade: un._id, imagens: [{ arquivo: usado }] });
    const lixo = await criar(admin, 'produtoGeral', { descricao: 'Na lixeira', unidade: un._id, imagens: [{ arquivo: naLixeira }] });
    expect((await admin('DELETE', `/produtoGeral/${lixo._id}`)).status).toBe(200);
    const chave = async (arquivo: string) =>
      (await ctx.db.execute<{ chave: string }>(sql`select chave from arquivo where id = ${arquivo}`)).rows[0]?.chave;
    const chaveSolto = (await chave(solto))!;

    // Within the grace period nothing goes: a form may still be open with the upload.
    expect(await removerArquivosSemReferencia(ctx.db, armazenamento, new Date(Date.now() + CARENCIA_ARQUIVO_MS - 60_000))).toBe(0);
    const depois = new Date(Date.now() + CARENCIA_ARQUIVO_MS + 60_000);
    const removidos = await removerArquivosSemReferencia(ctx.db, armazenamento, depois);
    expect(removidos).toBeGreaterThanOrEqual(1);
    expect(await chave(solto)).toBeUndefined();
    expect(await armazenamento.ler(chaveSolto)).toBeNull();
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${solto}`, ...withCookie(token) })).statusCode).toBe(404);
    for (const mantido of [usado, naLixeira]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${mantido}`, ...withCookie(token) })).statusCode).toBe(200);
    }
    // A second sweep finds nothing more to do.
    expect(await removerArquivosSemReferencia(ctx.db, armazenamento, depois)).toBe(0);
  });
});
