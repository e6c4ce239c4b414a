import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { montarChaveAcesso, nsu15 } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dfeDocumento, dfeEvento, exportacaoFiscal } from '../src/db/schema/index.ts';
import { gerarExportacao } from '../src/fiscal/exportarDados/gerar.ts';
import { lerZip } from '../src/fiscal/entradaNotaFiscal/zip.ts';
import type { SessaoRequest } from '../src/session/requireSession.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { guardarArquivo } from '../src/storage/guardarArquivo.ts';
import { removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { base64, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * exportarDados (issue 15): the accountant's zip of August 2018 for the two stores of Grupo Demonstração,
 * made of two notes entered in store A (one also downloaded by DF-e: one file), a summary only of a note
 * cancelled by an event in store A, a correction letter of an entered note, a DF-e note of store B, a note
 * outside the period and Grupo Vizinho's note of the same month (never in our zip).
 */
let ctx: TestContext;
let pasta: string;
let admin: Api;
let tokenAdmin: string;
let vizinho: Api;
let tokenVizinho: string;
let lojaB: Api;
let tokenLojaB: string;
let empresaA: string;
let empresaB: string;
let cnpjA: string;
let cnpjB: string;

const MEDICOS = '26180875335849000115550010000016871192213331';
const SUPERMERCADO_XML = 'nfe55_alimentos_supermercado_icms70.xml';
const RESUMO_CHAVE = montarChaveAcesso({ cUF: 35, anoMes: '1808', emitente: '45678901000114', modelo: '55', serie: 1, numero: 5521, tpEmis: '1', codigo: 16563 });
const chaveDe = (xml: string) => /<chNFe>([^<]*)<\/chNFe>/.exec(xml)![1]!;

/** A DF-e download kept as the distribution does (its XML in the storage), without calling SEFAZ. */
async function baixado(grupo: string, empresa: string, doc: { chave: string; conteudo: 'resumo' | 'completo'; xml: string; emissao: string; valor: number; nome: string; nsu: number; situacao?: string }) {
  const s = { grupoEmpresarial: grupo, empresa, usuario: 'teste' } as SessaoRequest;
  await guardarArquivo({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) }, s, { nome: `${doc.chave}.xml`, tipo: 'application/xml', bytes: Buffer.from(doc.xml, 'utf8') }, (tx, a) =>
    tx.insert(dfeDocumento).values({ grupoEmpresarialId: grupo, empresaId: empresa, chave: doc.chave, nsu: nsu15(doc.nsu), conteudo: doc.conteudo, emitenteDocumento: '45678901000114', emitenteNome: doc.nome, emissao: new Date(doc.emissao), valor: doc.valor, situacaoNfe: doc.situacao ?? '1', arquivoId: a.id }),
  );
}
async function evento(grupo: string, empresa: string, ev: { chave: string; tpEvento: string; nsu: number; xml: string }) {
  const s = { grupoEmpresarial: grupo, empresa, usuario: 'teste' } as SessaoRequest;
  await guardarArquivo({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) }, s, { nome: `${ev.chave}-${ev.tpEvento}.xml`, tipo: 'application/xml', bytes: Buffer.from(ev.xml, 'utf8') }, (tx, a) =>
    tx.insert(dfeEvento).values({ grupoEmpresarialId: grupo, empresaId: empresa, chave: ev.chave, nsu: nsu15(ev.nsu), tpEvento: ev.tpEvento, descricao: ev.tpEvento === '110111' ? 'Cancelamento' : 'Carta de Correção', dataEvento: new Date('2018-08-21T10:00:00-03:00'), arquivoId: a.id }),
  );
}

const importar = async (nome: string, cnpj: string) => {
  const r = await admin('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome, conteudo: base64(paraDestinatario(lerAmostraNfe(nome), cnpj)) }] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data[0].situacao, JSON.stringify(r.body.data[0])).toBe('pendente');
};

const baixarZip = async (token: string, id: string) => ctx.app.inject({ method: 'GET', url: `/api/exportarDados/${id}/zip`, ...withCookie(token) });

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-exportacao-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  tokenAdmin = await signIn(ctx.app, 'admin@demo.com.br');
  admin = apiClient(ctx.app, tokenAdmin);
  tokenVizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
  vizinho = apiClient(ctx.app, tokenVizinho);
  [empresaA, empresaB] = ctx.seed.demo.empresas as [string, string];
  cnpjA = (await admin('GET', `/empresa/${empresaA}`)).body.data.cnpj;
  cnpjB = (await admin('GET', `/empresa/${empresaB}`)).body.data.cnpj;
  expect(cnpjA && cnpjB && cnpjA !== cnpjB).toBeTruthy();

  await importar('nfe55_medicos_icms40_2dups.xml', cnpjA);
  await importar(SUPERMERCADO_XML, cnpjA);
  await importar('nfe55_reforma_ibscbs_icms10_3dups.xml', cnpjA); // July 2025: outside the period
  const boleto = paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), cnpjB);
  // Store A: DF-e brought the entered note too (one file in the zip), a summary of a note later cancelled, and a correction letter.
  await baixado(ctx.seed.demo.grupoEmpresarial, empresaA, { chave: MEDICOS, conteudo: 'completo', xml: '<nfeProc>cópia do DF-e</nfeProc>', emissao: '2018-08-16T16:28:18-03:00', valor: 1, nome: 'ignorado', nsu: 10 });
  await baixado(ctx.seed.demo.grupoEmpresarial, empresaA, { chave: RESUMO_CHAVE, conteudo: 'resumo', xml: '<resNFe/>', emissao: '2018-08-20T07:40:00-03:00', valor: 84230, nome: 'Hortifruti Bom Preço Ltda', nsu: 11 });
  await evento(ctx.seed.demo.grupoEmpresarial, empresaA, { chave: RESUMO_CHAVE, tpEvento: '110111', nsu: 12, xml: '<procEventoNFe>cancelamento</procEventoNFe>' });
  await evento(ctx.seed.demo.grupoEmpresarial, empresaA, { chave: MEDICOS, tpEvento: '110110', nsu: 13, xml: '<procEventoNFe>carta de correção</procEventoNFe>' });
  // Store B: a full note by DF-e only; its first day of the month at 00:30 in São Paulo (03:30 UTC) is in August.
  await baixado(ctx.seed.demo.grupoEmpresarial, empresaB, { chave: chaveDe(boleto), conteudo: 'completo', xml: boleto, emissao: '2018-08-01T00:30:00-03:00', valor: 123456, nome: 'Distribuidora Boleto Ltda', nsu: 20 });
  // Grupo Vizinho's note of the same month, with the same key as one of ours.
  await baixado(ctx.seed.vizinho.grupoEmpresarial, ctx.seed.vizinho.empresas[0]!, { chave: MEDICOS, conteudo: 'completo', xml: '<nfeProc>do vizinho</nfeProc>', emissao: '2018-08-16T16:28:18-03:00', valor: 999, nome: 'Vizinho', nsu: 30 });

  // A user of store B only, with the export screen.
  const perfil = await criar(admin, 'acessoSistema', { nome: 'Contábil loja B', telas: { exportarDados: ['ver', 'criar'] } });
  await criar(admin, 'usuario', { nome: 'Auxiliar da loja B', login: 'auxiliar.b@demo.com.br', atribuicaoSistema: 'Caixa', acessoSistema: perfil._id, empresas: [empresaB], senha: 'senha1234' });
  tokenLojaB = await signIn(ctx.app, 'auxiliar.b@demo.com.br', 'senha1234');
  lojaB = apiClient(ctx.app, tokenLojaB);
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

const gerar = async (api: Api, corpo: Record<string, unknown>) => {
  const r = await api('POST', '/exportarDados', corpo);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.situacao).toBe('processando');
  await ctx.app.outbox.drain();
  return r.body.data._id as string;
};

describe('exportarDados: the zip', () => {
  let id: string;
  it('zips every received XML of the period once, the events and the summary CSV, foldered by company', async () => {
    id = await gerar(admin, { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA, empresaB], eventos: true });
    const pronta = (await admin('GET', `/exportarDados/${id}`)).body.data;
    // Files: three notes (the summary-only one has none) and two events.
    expect(pronta).toMatchObject({ situacao: 'concluida', total: 5, feitos: 5, notas: 4, erro: null });
    expect(Date.parse(pronta.expiraEm) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const res = await baixarZip(tokenAdmin, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="notas-fiscais_2018-08-01_2018-08-31.zip"');
    expect(Number(res.headers['content-length'])).toBe(pronta.tamanho);
    const arquivos = lerZip(res.rawPayload, { maxArquivos: 100, maxBytes: 10_000_000 });
    const supermercado = chaveDe(lerAmostraNfe(SUPERMERCADO_XML));
    const boleto = chaveDe(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'));
    const [primeiro, segundo] = [cnpjA, cnpjB].sort();
    const pastas = (cnpj: string) => (cnpj === cnpjA ? [`${cnpjA}/recebidas/${supermercado}.xml`, `${cnpjA}/recebidas/${MEDICOS}.xml`] : [`${cnpjB}/recebidas/${boleto}.xml`]);
    expect(arquivos.map((a) => a.nome)).toEqual([...pastas(primeiro!), ...pastas(segundo!), `${cnpjA}/eventos/${MEDICOS}-110110-000000000000013.xml`, `${cnpjA}/eventos/${RESUMO_CHAVE}-110111-000000000000012.xml`, 'resumo.csv']);
    // The entered note's XML is the supplier's file (with our CNPJ as recipient), not DF-e's copy.
    expect(arquivos.find((a) => a.nome.endsWith(`${MEDICOS}.xml`))!.bytes.toString()).toBe(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpjA));
    expect(arquivos.find((a) => a.nome.includes('110110'))!.bytes.toString()).toBe('<procEventoNFe>carta de correção</procEventoNFe>');

    const csv = arquivos.at(-1)!.bytes.toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const linhas = csv.slice(1).split('\r\n');
    expect(linhas[0]).toBe('Empresa (CNPJ);Chave de acesso;Modelo;Número;Série;CNPJ/CPF do emitente;Emitente;Emissão;Valor total;Situação;Origem');
    expect(linhas.at(-1)).toBe('');
    const porChave = Object.fromEntries(linhas.slice(1, -1).map((l) => [l.split(';')[1], l]));
    expect(Object.keys(porChave).sort()).toEqual([MEDICOS, supermercado, RESUMO_CHAVE, boleto].sort());
    expect(porChave[RESUMO_CHAVE]).toBe(`${cnpjA};${RESUMO_CHAVE};55;5521;1;45678901000114;Hortifruti Bom Preço Ltda;20/08/2018;842,30;Cancelada;Só resumo (sem XML)`);
    expect(porChave[boleto]).toBe(`${cnpjB};${boleto};55;${Number(boleto.slice(25, 34))};${Number(boleto.slice(22, 25))};45678901000114;Distribuidora Boleto Ltda;01/08/2018;1234,56;Autorizada;DF-e`);
    expect(porChave[MEDICOS]).toMatch(new RegExp(`^${cnpjA};${MEDICOS};55;1687;1;75335849000115;[^;]+;16/08/2018;\\d+,\\d\\d;Autorizada;Entrada de nota$`));
  });

  it('without events, only the notes and the CSV; one company, only its folder', async () => {
    const so = await gerar(admin, { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaB], eventos: false });
    const nomes = lerZip((await baixarZip(tokenAdmin, so)).rawPayload, { maxArquivos: 100, maxBytes: 10_000_000 }).map((a) => a.nome);
    expect(nomes).toEqual([`${cnpjB}/recebidas/${chaveDe(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'))}.xml`, 'resumo.csv']);
  });

  it('an empty period gives a zip with the CSV header only', async () => {
    const vazio = await gerar(admin, { inicio: '2019-01-01', fim: '2019-01-31', empresas: [empresaA] });
    const arquivos = lerZip((await baixarZip(tokenAdmin, vazio)).rawPayload, { maxArquivos: 100, maxBytes: 10_000_000 });
    expect(arquivos.map((a) => a.nome)).toEqual(['resumo.csv']);
    expect((await admin('GET', `/exportarDados/${vazio}`)).body.data).toMatchObject({ situacao: 'concluida', notas: 0, total: 0 });
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const fimAntes = await admin('POST', '/exportarDados', { inicio: '2018-08-31', fim: '2018-08-01', empresas: [empresaA] });
    expect(fimAntes.status).toBe(400);
    expect(fimAntes.body.data.message).toContain('Período até');
    const semEmpresa = await admin('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [] });
    expect(semEmpresa.status).toBe(400);
    expect(semEmpresa.body.data.message).toContain('Empresas');
    const email = await admin('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA], email: 'contador' });
    expect(email.status).toBe(400);
    expect(email.body.data.message).toContain('E-mail do contador');
    const ano = await admin('POST', '/exportarDados', { inicio: '2017-01-01', fim: '2018-08-31', empresas: [empresaA] });
    expect(ano.status).toBe(400);
  });

  it('e-mails the zip attached to the accountant', async () => {
    await gerar(admin, { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaB], eventos: true, email: 'contador@escritorio.com.br' });
    await ctx.outbox();
    const enviado = ctx.mailer.enviados.find((m) => m.para === 'contador@escritorio.com.br')!;
    expect(enviado.assunto).toBe('Notas fiscais de 01/08/2018 a 31/08/2018 — Grupo Demonstração');
    expect(enviado.texto).toContain('1 nota(s)');
    expect(enviado.anexos?.[0]).toMatchObject({ nome: 'notas-fiscais_2018-08-01_2018-08-31.zip', tipo: 'application/zip' });
    expect(lerZip(Buffer.from(enviado.anexos![0]!.base64, 'base64'), { maxArquivos: 10, maxBytes: 1_000_000 }).map((a) => a.nome).at(-1)).toBe('resumo.csv');
  });

  it('e-mails the screen\'s address instead when the zip is bigger than an attachment may be', async () => {
    const [x] = await ctx.db
      .insert(exportacaoFiscal)
      .values({ grupoEmpresarialId: ctx.seed.demo.grupoEmpresarial, empresas: [empresaA], inicio: '2018-08-01', fim: '2018-08-31', eventos: true, email: 'grande@escritorio.com.br', situacao: 'processando', usuarioId: ctx.seed.demo.admin })
      .returning();
    const refs = await gerarExportacao({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta), config: ctx.config }, ctx.seed.demo.grupoEmpresarial, x!.id, { anexoMaximo: 100 });
    ctx.app.outbox.dispatch(refs);
    await ctx.outbox();
    const enviado = ctx.mailer.enviados.find((m) => m.para === 'grande@escritorio.com.br')!;
    expect(enviado.anexos ?? []).toEqual([]);
    expect(enviado.texto).toContain('é grande demais para o e-mail: ele fica em http://retaguarda.test/exportarDados até ');
  });

  it('lists the exports with state, size and expiry, newest first', async () => {
    const lista = (await admin('POST', '/exportarDados/lista', {})).body.data as { _id: string; situacao: string; tamanho: number; empresas: string[]; usuario: string }[];
    expect(lista.length).toBe(5);
    expect(lista.at(-1)).toMatchObject({ _id: id, situacao: 'concluida', usuario: expect.any(String) });
    expect(lista.at(-1)!.tamanho).toBeGreaterThan(0);
    expect(lista.at(-1)!.empresas).toHaveLength(2);
  });

  it('keeps the zip in the storage until it expires, then the sweep removes it and the export shows expirada', async () => {
    const antes = await armazenamentoEmPasta(pasta).listar(`${ctx.seed.demo.grupoEmpresarial}/`);
    expect(await removerArquivosSemReferencia(ctx.db, armazenamentoEmPasta(pasta), new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await armazenamentoEmPasta(pasta).listar(`${ctx.seed.demo.grupoEmpresarial}/`)).toEqual(antes);
    expect(await removerArquivosSemReferencia(ctx.db, armazenamentoEmPasta(pasta), new Date(Date.now() + 8 * 86_400_000))).toBe(5);
    // The notes' XMLs are legal documents: they stay.
    expect((await armazenamentoEmPasta(pasta).listar(`${ctx.seed.demo.grupoEmpresarial}/`)).length).toBe(antes.length - 5);
    await ctx.db.execute(sql`update exportacao_fiscal set expira_em = now() - interval '1 minute' where id = ${id}`);
    expect((await admin('GET', `/exportarDados/${id}`)).body.data.situacao).toBe('expirada');
    const expirada = await baixarZip(tokenAdmin, id);
    expect(expirada.statusCode).toBe(404);
    expect(expirada.json().data.message).toBe('Esta exportação expirou: gere de novo.');
  });
});

describe('exportarDados: the wall between groups and companies', () => {
  it('another group cannot see, poll or download an export, nor export our companies', async () => {
    const lista = await admin('POST', '/exportarDados/lista', {});
    const alvo = lista.body.data[0]._id as string;
    expect((await vizinho('POST', '/exportarDados/lista', {})).body.data).toEqual([]);
    expect((await vizinho('GET', `/exportarDados/${alvo}`)).status).toBe(404);
    const zip = await baixarZip(tokenVizinho, alvo);
    expect(zip.statusCode).toBe(404);
    expect(zip.headers['content-type']).toContain('application/json');
    const alheia = await vizinho('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA] });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.message).toContain('Empresas');
  });

  it("a user of store B sees only exports of store B, and cannot export store A", async () => {
    const lista = (await lojaB('POST', '/exportarDados/lista', {})).body.data as { empresas: string[] }[];
    expect(lista.length).toBe(2);
    const deA = ((await admin('POST', '/exportarDados/lista', {})).body.data as { _id: string; empresas: string[] }[]).find((x) => x.empresas.length === 2)!;
    expect((await lojaB('GET', `/exportarDados/${deA._id}`)).status).toBe(404);
    expect((await baixarZip(tokenLojaB, deA._id)).statusCode).toBe(404);
    expect((await lojaB('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA] })).status).toBe(400);
    const minha = await gerar(lojaB, { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaB] });
    expect((await baixarZip(tokenLojaB, minha)).statusCode).toBe(200);
  });

  it('a profile without the screen gets 403', async () => {
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    expect((await caixa('POST', '/exportarDados/lista', {})).status).toBe(403);
    expect((await caixa('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA] })).status).toBe(403);
  });
});
