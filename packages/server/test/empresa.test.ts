import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresa as empresaTable, empresaCertificado, registro } from '../src/db/schema/index.ts';
import { migrationsFolder } from '../src/db/migrate.ts';
import { certificadoGuardado } from '../src/registration/certificadoRoutes.ts';
import { ARQUIVO_CHAVE, carregarChave } from '../src/security/cifra.ts';
import { gerarPfx } from './certificado.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, cnpjNovo, corpoEmpresa, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let dataDir: string;
let centro: string;
let shopping: string;
beforeAll(async () => {
  // No RETAGUARDA_SECRET: the key file is created in DATA_DIR on first use.
  dataDir = mkdtempSync(path.join(tmpdir(), 'retaguarda-empresa-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  [centro, shopping] = ctx.seed.demo.empresas as [string, string];
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id).sort();

describe('empresa records and the session', () => {
  it('seeds each company as a full record with the same id as the typed row', async () => {
    const res = await api('GET', `/empresa/${centro}`);
    expect(res.body.data).toMatchObject({
      _id: centro,
      nomeFantasia: 'Restaurante Demonstração Centro',
      cnpj: '12345678000195',
      crt: '1',
      endereco: { uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' },
      certificado: null,
      configuracoes: { callCenter: false, empresasCallCenter: [], googleVersaoApi: 'quarterly', ambienteNfce: 'Homologação' },
    });
  });

  it('a created company appears in the administrator’s company switcher; a renamed one is renamed there', async () => {
    const nova = await criar(api, 'empresa', corpoEmpresa({ nomeFantasia: 'Filial Moema' }));
    const sessao = (await api('GET', '/sessao')).body.data;
    expect(sessao.empresas.map((e: { nomeFantasia: string }) => e.nomeFantasia)).toContain('Filial Moema');
    const put = await api('PUT', `/empresa/${nova._id}`, { version: nova.version, nomeFantasia: 'Filial Moema II', configuracoes: { googleKeyApi: 'chave-maps' } });
    expect(put.status).toBe(200);
    const depois = (await api('GET', '/sessao')).body.data.empresas.find((e: { _id: string }) => e._id === nova._id);
    expect(depois).toMatchObject({ nomeFantasia: 'Filial Moema II', configuracoes: { googleKeyApi: 'chave-maps', googleVersaoApi: 'quarterly' } });
    const troca = await api('POST', '/sessao/empresa', { empresa: nova._id });
    expect(troca.status).toBe(200);
    await api('POST', '/sessao/empresa', { empresa: centro });
    // The other group never sees it.
    expect((await vizinho('GET', '/sessao')).body.data.empresas.map((e: { _id: string }) => e._id)).toEqual(ctx.seed.vizinho.empresas);
  });

  it('validates the address: CEP, and an IBGE code that belongs to the UF', async () => {
    const res = await api('POST', '/empresa', corpoEmpresa({ endereco: { cep: '123', logradouro: 'Rua A', numero: '1', bairro: 'B', uf: 'RJ', codigoMunicipio: '3550308', municipio: 'X' } }));
    expect(res.status).toBe(400);
    expect(res.body.data.campos).toMatchObject({ 'endereco.cep': 'CEP inválido (8 dígitos).', 'endereco.codigoMunicipio': 'O código IBGE de um município de RJ começa com 33.' });
    expect(res.body.data.message).toBe('CEP: CEP inválido (8 dígitos).');
  });

  it('takes the city name from the IBGE list and refuses a code that is no city of the UF', async () => {
    const endereco = { cep: '01310100', logradouro: 'Avenida Paulista', numero: '900', bairro: 'Bela Vista', uf: 'SP' };
    const inexistente = await api('POST', '/empresa', corpoEmpresa({ endereco: { ...endereco, codigoMunicipio: '3599999', municipio: 'Cidade Inventada' } }));
    expect(inexistente.status).toBe(400);
    expect(inexistente.body.data.campos).toEqual({ 'endereco.municipio': 'o código 3599999 não é um município de SP.' });
    const criada = await api('POST', '/empresa', corpoEmpresa({ endereco: { ...endereco, codigoMunicipio: '3509502', municipio: 'campinas' } }));
    expect(criada.status).toBe(201);
    expect(criada.body.data.endereco).toMatchObject({ codigoMunicipio: '3509502', municipio: 'Campinas' });
  });

  it('refuses a duplicate CNPJ in the group with 409, accepts the alphanumeric CNPJ', async () => {
    const dup = await api('POST', '/empresa', corpoEmpresa({ cnpj: '12.345.678/0001-95' }));
    expect(dup.status).toBe(409);
    expect(dup.body.data.message).toBe("Já existe Empresa com CNPJ '12345678000195'.");
    const alfa = await criar(api, 'empresa', corpoEmpresa({ cnpj: '12.abc.345/01de-35' }));
    expect(alfa.cnpj).toBe('12ABC34501DE35');
  });

  it('refuses trashing the company in use and the last company; a trashed company leaves the switcher and comes back on restore', async () => {
    const emUso = await api('DELETE', `/empresa/${centro}`);
    expect(emUso.status).toBe(409);
    expect(emUso.body.data.message).toBe('A empresa em uso nesta sessão não pode ir para a lixeira: troque para outra empresa antes.');
    const ultima = await vizinho('DELETE', `/empresa/${ctx.seed.vizinho.empresas[0]}`);
    expect(ultima.status).toBe(409);
    const outra = await criar(api, 'empresa', corpoEmpresa({ nomeFantasia: 'Vai para a lixeira' }));
    expect((await api('DELETE', `/empresa/${outra._id}`)).status).toBe(200);
    const nomes = async () => (await api('GET', '/sessao')).body.data.empresas.map((e: { nomeFantasia: string }) => e.nomeFantasia);
    expect(await nomes()).not.toContain('Vai para a lixeira');
    expect((await api('POST', `/empresa/${outra._id}/restaurar`)).status).toBe(200);
    expect(await nomes()).toContain('Vai para a lixeira');
  });

  it('call-center companies: the list refers to companies of the group, only with the flag on, never itself', async () => {
    const cc = await criar(api, 'empresa', corpoEmpresa({ nomeFantasia: 'Central de pedidos' }));
    const semFlag = await api('PUT', `/empresa/${cc._id}`, { version: cc.version, configuracoes: { empresasCallCenter: [centro] } });
    expect(semFlag.status).toBe(400);
    expect(semFlag.body.data.campos).toEqual({ 'configuracoes.empresasCallCenter': 'Marque “Call center” para atender outras empresas.' });
    const deOutroGrupo = await api('PUT', `/empresa/${cc._id}`, { version: cc.version, configuracoes: { callCenter: true, empresasCallCenter: [centro, ctx.seed.vizinho.empresas[0]] } });
    expect(deOutroGrupo.status).toBe(400);
    expect(deOutroGrupo.body.data.message).toBe('Empresas atendidas pelo call center: Empresa não encontrada.');
    const ok = await api('PUT', `/empresa/${cc._id}`, { version: cc.version, configuracoes: { callCenter: true, empresasCallCenter: [centro, shopping] } });
    expect(ok.status).toBe(200);
  });
});

describe('SPEC §7 empresa/getPopulate', () => {
  it('finds the default company by _id, with the body shapes a client sends', async () => {
    for (const body of [
      { filtro: { _id: centro } },
      { filtro: { _id: centro, lixo: false } },
      { filtro: { _id: { $in: [centro] }, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial } },
    ]) {
      const res = await api('POST', '/empresa/getPopulate', body);
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual([centro]);
      expect(res.body.data[0]).toMatchObject({ _id: centro, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, configuracoes: { callCenter: false } });
    }
    // Another group's company by _id: nothing, not an error.
    const alheia = await api('POST', '/empresa/getPopulate', { filtro: { _id: ctx.seed.vizinho.empresas[0] } });
    expect(alheia.body.data).toEqual([]);
  });

  it('finds the call-center companies, and populates the companies they serve', async () => {
    const cc = await criar(api, 'empresa', corpoEmpresa({ nomeFantasia: 'Call center 2', configuracoes: { callCenter: true, empresasCallCenter: [shopping] } }));
    const res = await api('POST', '/empresa/getPopulate', { filtro: { 'configuracoes.callCenter': true, lixo: false }, populate: 'configuracoes.empresasCallCenter' });
    expect(res.status).toBe(200);
    const achado = res.body.data.find((e: { _id: string }) => e._id === cc._id);
    expect(achado.configuracoes.empresasCallCenter).toEqual([expect.objectContaining({ _id: shopping, nomeFantasia: 'Restaurante Demonstração Shopping' })]);
    expect(res.body.data.every((e: { configuracoes: { callCenter: boolean } }) => e.configuracoes.callCenter)).toBe(true);
    const porIds = await api('POST', '/empresa/getPopulate', { filtro: { _id: { $in: [shopping] } } });
    expect(ids(porIds)).toEqual([shopping]);
  });
});

describe('A1 certificate', () => {
  const senha = 'segredo-do-pfx-123';
  let pfx: Buffer;
  beforeAll(() => {
    pfx = gerarPfx({ cnpj: '12345678000195', senha });
  });
  const enviar = (id: string, corpo: Record<string, unknown>, cliente = api) => cliente('POST', `/empresa/${id}/certificado`, corpo);

  it('wrong password → 400 naming the field; not a pfx → 400 naming the file; too big → 413', async () => {
    const errada = await enviar(centro, { arquivo: pfx.toString('base64'), senha: 'outra' });
    expect(errada.status).toBe(400);
    expect(errada.body.data).toEqual({ message: 'Senha do certificado: Senha incorreta para este certificado.', campos: { senha: 'Senha incorreta para este certificado.' } });
    const lixo = await enviar(centro, { arquivo: Buffer.from('não sou um pfx').toString('base64'), senha });
    expect(lixo.status).toBe(400);
    expect(Object.keys(lixo.body.data.campos)).toEqual(['arquivo']);
    const grande = await enviar(centro, { arquivo: Buffer.alloc(70 * 1024, 1).toString('base64'), senha });
    expect(grande.status).toBe(413);
    const enorme = await enviar(centro, { arquivo: 'A'.repeat(400 * 1024), senha });
    expect(enorme.status).toBe(413);
    expect(enorme.body.valido).toBe(false);
  });

  it('refuses an expired certificate and one of another CNPJ root', async () => {
    const vencido = gerarPfx({ cnpj: '12345678000195', senha, inicio: new Date('2020-01-01'), validade: new Date('2021-01-01') });
    const res = await enviar(centro, { arquivo: vencido.toString('base64'), senha });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Arquivo do certificado: o certificado venceu em 01/01/2021.');
    const alheio = gerarPfx({ cnpj: '11222333000181', senha });
    const outro = await enviar(centro, { arquivo: alheio.toString('base64'), senha });
    expect(outro.status).toBe(400);
    expect(outro.body.data.campos.arquivo).toMatch(/CNPJ 11222333000181/);
  });

  it('stores it encrypted; every answer shows only subject, CNPJ and validade, never the file or the password', async () => {
    const res = await enviar(centro, { arquivo: pfx.toString('base64'), senha });
    expect(res.status).toBe(200);
    expect(res.body.data.certificado).toEqual({ subject: 'RESTAURANTE TESTE LTDA:12345678000195', cnpj: '12345678000195', validade: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const version = res.body.data.version;

    // The key file was created in DATA_DIR, readable only by the server's user.
    expect(statSync(path.join(dataDir, ARQUIVO_CHAVE)).mode & 0o777).toBe(0o600);
    // At rest: no plain bytes of the file nor the password.
    const [row] = await ctx.db.select().from(empresaCertificado).where(eq(empresaCertificado.id, centro));
    expect(row!.pfxCifrado).toMatch(/^v1\./);
    expect(row!.pfxCifrado).not.toContain(pfx.toString('base64').slice(0, 40));
    expect(row!.senhaCifrada).not.toContain(senha);
    // The server can read them back (to sign NF-e), with the key.
    const guardado = await ctx.db.transaction((tx) => certificadoGuardado(tx, carregarChave({ secret: null, dataDir }), ctx.seed.demo.grupoEmpresarial, centro));
    expect(guardado!.senha).toBe(senha);
    expect(guardado!.pfx.equals(pfx)).toBe(true);

    // Every read and write answer: no trace of the file or password.
    const put = await api('PUT', `/empresa/${centro}`, { version, inscricaoMunicipal: '12345', certificado: null });
    expect(put.status).toBe(200);
    expect(put.body.data.certificado.cnpj).toBe('12345678000195');
    const respostas = [
      res,
      put,
      await api('GET', `/empresa/${centro}`),
      await api('GET', '/empresa'),
      await api('POST', '/empresa/getPopulate', { filtro: { _id: centro } }),
      await api('POST', '/empresa/getPopulate', { filtro: { 'configuracoes.callCenter': false } }),
      await api('GET', '/sessao'),
    ];
    for (const r of respostas) {
      const texto = JSON.stringify(r.body);
      expect(texto).not.toContain(senha);
      expect(texto).not.toContain(pfx.toString('base64').slice(0, 40));
      expect(texto).not.toContain(row!.pfxCifrado.slice(0, 40));
      expect(texto).not.toMatch(/pfx|senha/i);
    }
  });

  it('a form saved over an older version keeps the certificate; delete removes it', async () => {
    const del = await api('DELETE', `/empresa/${centro}/certificado`);
    expect(del.status).toBe(200);
    expect(del.body.data.certificado).toBeNull();
    expect(await ctx.db.select().from(empresaCertificado).where(eq(empresaCertificado.id, centro))).toEqual([]);
  });

  it('another group can neither send nor remove a certificate of ours', async () => {
    const res = await enviar(centro, { arquivo: pfx.toString('base64'), senha }, vizinho);
    expect(res.status).toBe(404);
    expect((await vizinho('DELETE', `/empresa/${centro}/certificado`)).status).toBe(404);
  });
});

describe('logo storage', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

  it('stores an image, serves it back to the group, refuses another group, a fake type and a big file', async () => {
    const up = await api('POST', '/arquivo', { nome: 'logo.png', tipo: 'image/png', conteudo: png.toString('base64'), recurso: 'empresa', campo: 'logo' });
    expect(up.status).toBe(201);
    const id = up.body.data._id;
    const put = await api('PUT', `/empresa/${shopping}`, { version: (await api('GET', `/empresa/${shopping}`)).body.data.version, logo: id });
    expect(put.body.data.logo).toBe(id);
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const get = await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${id}`, cookies: { retaguarda_sessao: token } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(png)).toBe(true);
    const tokenVizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${id}`, cookies: { retaguarda_sessao: tokenVizinho } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/arquivo/${id}` })).statusCode).toBe(401);
    const falso = await api('POST', '/arquivo', { nome: 'x.png', tipo: 'image/png', conteudo: Buffer.from('<svg onload=alert(1)>').toString('base64'), recurso: 'empresa', campo: 'logo' });
    expect(falso.status).toBe(400);
    const grande = await api('POST', '/arquivo', { nome: 'g.png', tipo: 'image/png', conteudo: Buffer.concat([png, Buffer.alloc(1024 * 1024)]).toString('base64'), recurso: 'empresa', campo: 'logo' });
    expect(grande.status).toBe(413);
  });
});

describe('POST /api/empresaSimplificado', () => {
  it('creates a working company in one call: record, typed row, caixa, PDV on it, NFC-e and NF-e series, payment methods', async () => {
    const cnpj = cnpjNovo();
    const res = await api('POST', '/empresaSimplificado', {
      razaoSocial: 'Padaria Nova Ltda',
      nomeFantasia: 'Padaria Nova',
      cnpj,
      crt: '4',
      endereco: { cep: '30130-010', logradouro: 'Avenida Afonso Pena', numero: '1500', bairro: 'Centro', uf: 'MG', codigoMunicipio: '3106200', municipio: 'Belo Horizonte' },
    });
    expect(res.status).toBe(201);
    const { empresa, caixa, terminal, series, formasPagamento } = res.body.data;
    expect(empresa).toMatchObject({ nomeFantasia: 'Padaria Nova', cnpj, crt: '4', configuracoes: { ambienteNfce: 'Homologação' } });
    expect((await api('GET', '/sessao')).body.data.empresas.map((e: { _id: string }) => e._id)).toContain(empresa._id);
    // In the new company: its own caixa, PDV, series and payment methods.
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    const naNova = apiClient(ctx.app, token);
    expect((await naNova('POST', '/sessao/empresa', { empresa: empresa._id })).status).toBe(200);
    const term = await naNova('POST', '/terminal/getPopulate', { filtro: { _id: terminal }, populate: 'configuracoes.caixa' });
    expect(term.body.data[0]).toMatchObject({ descricao: 'PDV 1', tipo: 'PDV', empresa: empresa._id, configuracoes: { caixa: { _id: caixa, descricao: 'Caixa 1' } } });
    const nums = await naNova('POST', '/empresaNumeroNota/getPopulate', { sort: 'modelo' });
    expect(nums.body.data.map((n: { modelo: string; serie: number; proximoNumero: number; terminal: string | null }) => [n.modelo, n.serie, n.proximoNumero, n.terminal])).toEqual([
      ['55', 1, 1, null],
      ['65', 1, 1, terminal],
    ]);
    expect(series).toHaveLength(2);
    const formas = await naNova('POST', '/formaPagamento/getPopulate', {});
    expect(formas.body.data.map((f: { tipo: string }) => f.tipo).sort()).toEqual(['Cartão de Crédito', 'Cartão de Débito', 'Dinheiro', 'PIX']);
    expect(formasPagamento).toHaveLength(4);
    // The session's company keeps none of them.
    expect((await api('POST', '/terminal/getPopulate', { filtro: { _id: terminal } })).body.data).toEqual([]);
  });

  it('all or nothing: a bad field is 400 naming it, a duplicate CNPJ 409, and nothing is left behind', async () => {
    const conta = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from registro`)).rows[0]!.n;
    const antes = await conta();
    const ruim = await api('POST', '/empresaSimplificado', { ...corpoEmpresa(), crt: '9' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data).toMatchObject({ message: 'Regime tributário (CRT): Escolha o regime tributário.', campos: { crt: 'Escolha o regime tributário.' } });
    const dup = await api('POST', '/empresaSimplificado', corpoEmpresa({ cnpj: '12345678000195' }));
    expect(dup.status).toBe(409);
    expect(await conta()).toBe(antes);
  });
});

describe('migration 0007 on a database created before it', () => {
  it('creates the registro rows of existing groups and companies from their typed rows', async () => {
    const grupo = ctx.seed.vizinho.grupoEmpresarial;
    const id = ctx.seed.vizinho.empresas[0]!;
    // As before the migration: typed rows only.
    await ctx.db.delete(registro).where(and(eq(registro.grupoEmpresarialId, grupo), sql`${registro.recurso} in ('empresa', 'grupoEmpresarial')`));
    await ctx.db.update(empresaTable).set({ configuracoes: { callCenter: true, empresasCallCenter: [], expedicao: { setorImpressaoExpedicao: null }, googleKeyApi: 'k', googleVersaoApi: 'weekly' } }).where(eq(empresaTable.id, id));
    const arquivo = readFileSync(path.join(migrationsFolder, '0007_registro_sessao.sql'), 'utf8');
    const insercoes = arquivo.split('--> statement-breakpoint').filter((s) => s.includes('INSERT INTO "registro"'));
    expect(insercoes).toHaveLength(2);
    for (const comando of insercoes) await ctx.db.execute(sql.raw(comando));
    const emp = (await vizinho('GET', `/empresa/${id}`)).body.data;
    expect(emp).toMatchObject({ _id: id, nomeFantasia: 'Restaurante Vizinho', cnpj: '98765432000198', configuracoes: { callCenter: true, googleKeyApi: 'k', googleVersaoApi: 'weekly', ambienteNfe: 'Homologação' } });
    expect((await vizinho('GET', `/grupoEmpresarial/${grupo}`)).body.data).toMatchObject({ nome: 'Grupo Vizinho' });
    // Fields the typed row never had are asked on the first save.
    const put = await vizinho('PUT', `/empresa/${id}`, { version: emp.version, nomeFantasia: 'Vizinho' });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.data.campos)).toEqual(expect.arrayContaining(['crt', 'endereco']));
    // Running it again adds nothing.
    for (const comando of insercoes) await ctx.db.execute(sql.raw(comando));
    const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from registro where grupo_empresarial_id = ${grupo} and recurso = 'empresa'`);
    expect(n.rows[0]!.n).toBe(1);
  });
});
