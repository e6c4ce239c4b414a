import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lerDocumentoDfe, nsu15 } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baixarDocumentos } from '../src/fiscal/dfe/distribuicao.ts';
import type { EmpresaDfe } from '../src/fiscal/dfe/empresaDfe.ts';
import { enderecosSefaz, gatewaySefaz } from '../src/fiscal/dfe/gateway.ts';
import { dhBrasilia, envEventoManifestacao } from '../src/fiscal/dfe/manifestacao.ts';
import { abrirPfx } from '../src/fiscal/dfe/pfx.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';
import { iniciarSefazLocal, resumoDe, type SefazLocal } from './sefazLocal.ts';

let ctx: TestContext;
let pasta: string;
let sefaz: SefazLocal;
let api: Api;
let cookie: string;
let vizinho: Api;
let cnpj: string;
let empresaId: string;
let pfx: Buffer;
const SENHA = 'senha-do-a1';
/** The test's clock: the double and the download loop read it; it starts at the real now (the routes use the real clock). */
let agora = new Date();
const relogio = () => agora;
const envAntes = { ...process.env };

let alimentos: string;
let chaveAlimentos: string;
let chaveMedicos: string;

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-dfe-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  cookie = await signIn(ctx.app, 'admin@demo.com.br');
  api = apiClient(ctx.app, cookie);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const sessao = (await api('GET', '/sessao')).body.data;
  empresaId = sessao.empresa._id;
  cnpj = (await api('GET', `/empresa/${empresaId}`)).body.data.cnpj;
  sefaz = await iniciarSefazLocal({ pasta, agora: relogio });
  process.env.SEFAZ_DFE_URL = `${sefaz.url}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`;
  process.env.SEFAZ_EVENTO_URL = `${sefaz.url}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`;
  process.env.SEFAZ_CA = sefaz.caArquivo;
  pfx = sefaz.emitirPfx(cnpj, SENHA);
  const envio = await api('POST', `/empresa/${empresaId}/certificado`, { arquivo: pfx.toString('base64'), senha: SENHA });
  expect(envio.status, JSON.stringify(envio.body)).toBe(200);

  // What SEFAZ holds for our CNPJ: two summaries with an NSU gap between them (documents of others), then an event.
  alimentos = paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), cnpj);
  const medicos = paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj);
  chaveAlimentos = (lerDocumentoDfe(alimentos) as { chave: string }).chave;
  chaveMedicos = (lerDocumentoDfe(medicos) as { chave: string }).chave;
  sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(alimentos), 1);
  sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(medicos), 4);
  sefaz.publicar(cnpj, 'procEventoNFe_v1.00.xsd', lerAmostraNfe('evento_procEventoNFe_110110_cce.xml'), 7);
  sefaz.aposCiencia.set(chaveAlimentos, alimentos);
});
afterAll(async () => {
  for (const k of ['SEFAZ_DFE_URL', 'SEFAZ_EVENTO_URL', 'SEFAZ_CA']) if (envAntes[k] === undefined) delete process.env[k];
  await sefaz?.close();
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

type Doc = { _id: string; chave: string; situacao: string; valor: number; emitenteNome: string; nsu: string; manifestacao: { tpEvento: string } | null };
const lista = async (cliente: Api = api): Promise<Doc[]> => (await cliente('POST', '/baixarNotas/lista', {})).body.data;
const nunca656 = () => expect(sefaz.chamadas.filter((c) => c.cStat === '656')).toEqual([]);

describe('baixarNotas: DF-e distribution against the local SEFAZ (mutual TLS, SOAP 1.2)', () => {
  it('downloads from NSU 0 across a gap: two summaries and an event kept, ultNSU saved, then waits the hour', async () => {
    const res = await api('POST', '/baixarNotas/baixar');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ chamadas: 1, novos: 3, ultNSU: nsu15(7), maxNSU: nsu15(7), cStat: '138', adiado: false });
    expect(new Date(res.body.data.aguardarAte).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(sefaz.chamadas[0]!.corpo).toContain(`<distNSU><ultNSU>000000000000000</ultNSU></distNSU>`);
    const docs = await lista();
    expect(docs.map((d) => [d.chave, d.situacao, d.nsu]).sort()).toEqual([[chaveAlimentos, 'resumo', nsu15(1)], [chaveMedicos, 'resumo', nsu15(4)]].sort());
    const a = docs.find((d) => d.chave === chaveAlimentos)!;
    expect(a.valor).toBe((lerDocumentoDfe(alimentos) as { valor: number }).valor);
    const controle = (await api('GET', '/baixarNotas/controle')).body.data;
    expect(controle).toMatchObject({ ultNSU: nsu15(7), cStat: '138', certificado: { cnpj } });
    nunca656();
  });

  it('a second click within the hour does not call SEFAZ (which would answer 656)', async () => {
    const antes = sefaz.chamadas.length;
    const res = await api('POST', '/baixarNotas/baixar');
    expect(res.body.data).toMatchObject({ adiado: true, chamadas: 0, ultNSU: nsu15(7) });
    expect(sefaz.chamadas.length).toBe(antes);
  });

  it('Operação não realizada needs a justification of 15 characters; nothing is sent without it', async () => {
    const [doc] = await lista();
    const antes = sefaz.chamadas.length;
    const res = await api('POST', `/baixarNotas/${doc!._id}/manifestar`, { tpEvento: '210240', justificativa: 'curta' });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('Justificativa: Informe a justificativa com 15 a 255 caracteres.');
    expect(sefaz.chamadas.length).toBe(antes);
  });

  it('Ciência da operação is signed with the A1 and registered (135); the note shows manifestado; a second one is 409', async () => {
    const doc = (await lista()).find((d) => d.chave === chaveAlimentos)!;
    const res = await api('POST', `/baixarNotas/${doc._id}/manifestar`, { tpEvento: '210210' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ aceita: true, cStat: '135', tpEvento: '210210' });
    const enviado = sefaz.chamadas.at(-1)!.corpo;
    expect(enviado).toContain(`<tpEvento>210210</tpEvento>`);
    expect(enviado).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1">');
    expect((await lista()).find((d) => d.chave === chaveAlimentos)).toMatchObject({ situacao: 'manifestado', manifestacao: { tpEvento: '210210' } });
    expect((await api('POST', `/baixarNotas/${doc._id}/manifestar`, { tpEvento: '210210' })).status).toBe(409);
  });

  it('a signature that does not match the content is refused by SEFAZ (297): the double really checks it', async () => {
    const a1 = abrirPfx(pfx, SENHA);
    const gateway = gatewaySefaz(a1);
    const env = envEventoManifestacao({ tpAmb: '1', cnpj, chave: chaveMedicos, tpEvento: '210200', nSeqEvento: 1, dhEvento: dhBrasilia(new Date()) }, a1, '1');
    expect((await gateway.recepcaoEvento(env)).cStat).toBe('135');
    expect((await gateway.recepcaoEvento(env.replace('<tpAmb>1</tpAmb>', '<tpAmb>2</tpAmb>'))).cStat).toBe('297');
  });

  it('a client without a certificate of the CA is refused at the TLS handshake (503, nothing kept)', async () => {
    const outro = await iniciarSefazLocal({ pasta: await mkdtemp(path.join(pasta, 'outra-')), agora: relogio });
    try {
      const estranho = gatewaySefaz(abrirPfx(outro.emitirPfx(cnpj, 'x'), 'x'));
      await expect(estranho.distribuicaoDFe({ tpAmb: '1', cUFAutor: '35', cnpj, consulta: { ultNSU: '0' } })).rejects.toThrow(/SEFAZ/);
    } finally {
      await outro.close();
    }
  });

  it('on the fake clock: nothing before the hour; after it the full procNFe of the Ciência comes, then 137 and another hour', async () => {
    const s = { id: 'teste', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: empresaId, permissoes: { administrador: true, telas: {}, pdv: [] } };
    const a1 = abrirPfx(pfx, SENHA);
    const empresa: EmpresaDfe = { id: empresaId, cnpj, cUFAutor: '35', tpAmb: '1', gateway: gatewaySefaz(a1, enderecosSefaz()), chave: a1 };
    const deps = { db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) };
    const inicio = Date.now();
    const antes = sefaz.chamadas.filter((c) => c.servico === 'distribuicao').length;
    agora = new Date(inicio + 59 * 60_000);
    expect(await baixarDocumentos(deps, s, empresa, relogio)).toMatchObject({ adiado: true, chamadas: 0 });
    agora = new Date(inicio + 61 * 60_000);
    const r = await baixarDocumentos(deps, s, empresa, relogio);
    expect(r).toMatchObject({ adiado: false, chamadas: 1, novos: 1, ultNSU: nsu15(8), cStat: '138' });
    expect(r.aguardarAte).toBe(new Date(agora.getTime() + 3600_000).toISOString());
    expect((await lista()).find((d) => d.chave === chaveAlimentos)).toMatchObject({ situacao: 'completo', nsu: nsu15(8) });
    agora = new Date(agora.getTime() + 3600_000 + 1000);
    expect(await baixarDocumentos(deps, s, empresa, relogio)).toMatchObject({ chamadas: 1, novos: 0, cStat: '137', ultNSU: nsu15(8) });
    expect(sefaz.chamadas.filter((c) => c.servico === 'distribuicao').length).toBe(antes + 2);
    expect(sefaz.chamadas.filter((c) => c.servico === 'distribuicao').at(-1)!.corpo).toContain('<ultNSU>000000000000008</ultNSU>');
    nunca656();
  });

  it('the full XML opens in entradaNotaFiscal (pending entry); a summary only is 409; the XML downloads', async () => {
    const docs = await lista();
    const completo = docs.find((d) => d.chave === chaveAlimentos)!;
    const resumo = docs.find((d) => d.chave === chaveMedicos)!;
    const xml = await ctx.app.inject({ method: 'GET', url: `/api/baixarNotas/${completo._id}/xml`, ...withCookie(cookie) });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`Id="NFe${chaveAlimentos}"`);
    const e = await api('POST', `/baixarNotas/${completo._id}/entrada`);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.data).toMatchObject({ chave: chaveAlimentos, situacao: 'pendente' });
    const r = await api('POST', `/baixarNotas/${resumo._id}/entrada`);
    expect(r.status).toBe(409);
    expect(r.body.data.message).toContain('Ciência da operação');
  });

  it('relatorioDFE: count and value per status', async () => {
    const res = await api('POST', '/relatorioDFE', {});
    expect(res.status).toBe(200);
    const docs = await lista();
    const valor = (c: string) => docs.find((d) => d.chave === c)!.valor;
    expect(res.body.data.totais).toEqual([
      { situacao: 'resumo', quantidade: 1, valor: valor(chaveMedicos) },
      { situacao: 'manifestado', quantidade: 0, valor: 0 },
      { situacao: 'completo', quantidade: 1, valor: valor(chaveAlimentos) },
      { situacao: 'lancado', quantidade: 0, valor: 0 },
    ]);
    expect(res.body.data.total).toEqual({ quantidade: 2, valor: valor(chaveMedicos) + valor(chaveAlimentos) });
    expect((await api('POST', '/relatorioDFE', { situacao: 'zzz' })).status).toBe(400);
  });

  it('the storage sweep keeps the downloaded XMLs (legal documents)', async () => {
    await removerArquivosSemReferencia(ctx.db, armazenamentoEmPasta(pasta), new Date(Date.now() + 3 * 86_400_000));
    for (const d of await lista()) expect((await ctx.app.inject({ method: 'GET', url: `/api/baixarNotas/${d._id}/xml`, ...withCookie(cookie) })).statusCode).toBe(200);
  });

  it('the wall: another group sees none of it and cannot manifest, read or enter our notes', async () => {
    const [doc] = await lista();
    expect(await lista(vizinho)).toEqual([]);
    expect((await vizinho('POST', '/relatorioDFE', {})).body.data.total).toEqual({ quantidade: 0, valor: 0 });
    expect((await vizinho('GET', `/baixarNotas/${doc!._id}/xml`)).status).toBe(404);
    expect((await vizinho('POST', `/baixarNotas/${doc!._id}/entrada`)).status).toBe(404);
    const antes = sefaz.chamadas.length;
    // Its company has no certificate: 409 before any call; with one, the note is still not its (404).
    expect((await vizinho('POST', `/baixarNotas/${doc!._id}/manifestar`, { tpEvento: '210200' })).status).toBe(409);
    expect((await vizinho('POST', '/baixarNotas/baixar')).status).toBe(409);
    expect(sefaz.chamadas.length).toBe(antes);
    expect((await vizinho('GET', '/baixarNotas/controle')).body.data).toMatchObject({ ultNSU: nsu15(0), certificado: null });
  });
});

describe('baixarNotas: when SEFAZ answers 656 anyway', () => {
  it('(another system used the CNPJ within the hour) the loop stops at once, keeps its ultNSU and waits the hour', async () => {
    const s = { id: 'teste', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: empresaId, permissoes: { administrador: true, telas: {}, pdv: [] } };
    const a1 = abrirPfx(pfx, SENHA);
    const empresa: EmpresaDfe = { id: empresaId, cnpj, cUFAutor: '35', tpAmb: '1', gateway: gatewaySefaz(a1, enderecosSefaz()), chave: a1 };
    const deps = { db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) };
    // Another system calls SEFAZ for the same CNPJ: nothing new (137), so SEFAZ starts its hour.
    agora = new Date(agora.getTime() + 3 * 3600_000);
    expect((await empresa.gateway.distribuicaoDFe({ tpAmb: '1', cUFAutor: '35', cnpj, consulta: { ultNSU: '8' } })).cStat).toBe('137');
    const r = await baixarDocumentos(deps, s, empresa, relogio);
    expect(r).toMatchObject({ chamadas: 1, cStat: '656', ultNSU: nsu15(8), novos: 0 });
    expect(r.aguardarAte).toBe(new Date(agora.getTime() + 3600_000).toISOString());
    expect(await baixarDocumentos(deps, s, empresa, relogio)).toMatchObject({ adiado: true, chamadas: 0 });
  });
});
