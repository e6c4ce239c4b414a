import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lerDocumentoDfe, montarChaveAcesso, nsu15 } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';
import { iniciarSefazLocal, resumoDe, type SefazLocal } from './sefazLocal.ts';

let ctx: TestContext;
let pasta: string;
let sefaz: SefazLocal;
let api: Api;
let vizinho: Api;
let cnpj: string;
let chaveMedicos: string;
let chaveAlimentos: string;
const envAntes = { ...process.env };

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-dfe-chave-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const empresaId = (await api('GET', '/sessao')).body.data.empresa._id;
  cnpj = (await api('GET', `/empresa/${empresaId}`)).body.data.cnpj;
  sefaz = await iniciarSefazLocal({ pasta, agora: () => new Date() });
  process.env.SEFAZ_DFE_URL = `${sefaz.url}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`;
  process.env.SEFAZ_EVENTO_URL = `${sefaz.url}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`;
  process.env.SEFAZ_CA = sefaz.caArquivo;
  const pfx = sefaz.emitirPfx(cnpj, 'a1');
  expect((await api('POST', `/empresa/${empresaId}/certificado`, { arquivo: pfx.toString('base64'), senha: 'a1' })).status).toBe(200);

  // Two notes SEFAZ holds for us, as summaries; the company never ran the NSU download.
  const medicos = paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj);
  const alimentos = paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), cnpj);
  chaveMedicos = (lerDocumentoDfe(medicos) as { chave: string }).chave;
  chaveAlimentos = (lerDocumentoDfe(alimentos) as { chave: string }).chave;
  sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(medicos), 3);
  sefaz.publicar(cnpj, 'resNFe_v1.01.xsd', resumoDe(alimentos), 9);
  sefaz.aposCiencia.set(chaveAlimentos, alimentos);
});
afterAll(async () => {
  for (const k of ['SEFAZ_DFE_URL', 'SEFAZ_EVENTO_URL', 'SEFAZ_CA']) if (envAntes[k] === undefined) delete process.env[k];
  await sefaz?.close();
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

const pelaChave = (chave: string, cliente: Api = api) => cliente('POST', '/baixarNotas/chave', { chave });
const doc = async (chave: string, cliente: Api = api) => ((await cliente('POST', '/baixarNotas/lista', {})).body.data as { _id: string; chave: string; situacao: string; nsu: string }[]).find((d) => d.chave === chave);

describe('baixarNotas: one note by its access key (consChNFe) against the local SEFAZ', () => {
  it('brings the summary of a note by its key (typed with spaces), without moving the kept ultNSU', async () => {
    const res = await pelaChave(chaveMedicos.match(/.{4}/g)!.join(' '));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ encontrado: true, cStat: '138', conteudo: 'resumo', restantes: 19 });
    expect(await doc(chaveMedicos)).toMatchObject({ situacao: 'resumo', nsu: nsu15(3) });
    expect(sefaz.chamadas.at(-1)!.corpo).toContain(`<consChNFe><chNFe>${chaveMedicos}</chNFe></consChNFe>`);
    expect((await api('GET', '/baixarNotas/controle')).body.data.ultNSU).toBe(nsu15(0));
  });

  it('after the Ciência the same key brings the full XML', async () => {
    await pelaChave(chaveAlimentos);
    const d = await doc(chaveAlimentos);
    expect((await api('POST', `/baixarNotas/${d!._id}/manifestar`, { tpEvento: '210210' })).body.data).toMatchObject({ aceita: true });
    const res = await pelaChave(chaveAlimentos);
    expect(res.body.data).toMatchObject({ encontrado: true, conteudo: 'completo' });
    expect(await doc(chaveAlimentos)).toMatchObject({ situacao: 'completo' });
  });

  it('a key SEFAZ has nothing for is answered with its cStat and reason; a mistyped key is 400 naming the field, with no call', async () => {
    const outra = montarChaveAcesso({ cUF: 35, anoMes: '2511', emitente: '11222333000181', modelo: '55', serie: 1, numero: 4242, tpEmis: '1', codigo: 12345678 });
    expect((await pelaChave(outra)).body.data).toMatchObject({ encontrado: false, cStat: '137', xMotivo: 'Nenhum documento localizado', documento: null });
    const chamadas = sefaz.chamadas.length;
    const errada = `${outra.slice(0, 43)}${(Number(outra[43]) + 1) % 10}`;
    const res = await pelaChave(errada);
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/^Chave de acesso: /);
    expect(sefaz.chamadas.length).toBe(chamadas);
  });

  it('another group cannot use our certificate nor see the notes we brought', async () => {
    const res = await pelaChave(chaveMedicos, vizinho);
    expect(res.status).toBe(409);
    expect(res.body.data.message).toContain('certificado digital A1');
    expect(await doc(chaveMedicos, vizinho)).toBeUndefined();
  });

  it('SEFAZ allows 20 an hour per CNPJ: the 21st is refused here (429, with when), never sent to become a 656', async () => {
    const feitas = sefaz.chamadas.filter((c) => c.corpo.includes('<consChNFe>')).length;
    for (let i = feitas; i < 20; i++) expect((await pelaChave(chaveMedicos)).status).toBe(200);
    const res = await pelaChave(chaveMedicos);
    expect(res.status).toBe(429);
    expect(res.body.data.message).toMatch(/^A SEFAZ permite 20 consultas por chave por hora e a empresa já fez 20: tente depois das \d\d:\d\d\.$/);
    expect(sefaz.chamadas.filter((c) => c.corpo.includes('<consChNFe>'))).toHaveLength(20);
    expect(sefaz.chamadas.filter((c) => c.cStat === '656')).toEqual([]);
  });
});

type Evento = { tpEvento: string; descricao: string; em: string | null; protocolo: string | null; cStat: string | null; origem: string };

describe('events of a note on its screens', () => {
  it('baixarNotas: the Ciência sent (135, protocol) and a correction letter DF-e delivered, with their cStat and protocol', async () => {
    const cce = lerAmostraNfe('evento_procEventoNFe_110110_cce.xml').replaceAll('53181011028793000173550010000066701204276800', chaveMedicos);
    sefaz.publicar(cnpj, 'procEventoNFe_v1.00.xsd', cce, 12);
    expect((await api('POST', '/baixarNotas/baixar')).body.data).toMatchObject({ cStat: '138' });
    const medicos = await doc(chaveMedicos);
    const eventos = (await api('GET', `/baixarNotas/${medicos!._id}/eventos`)).body.data as Evento[];
    expect(eventos.map((e) => [e.tpEvento, e.descricao, e.em, e.protocolo, e.cStat, e.origem])).toEqual([['110110', 'Carta de Correção', '2018-10-05T20:34:36.000Z', '353180043800804', '135', 'sefaz']]);
    const alimentos = await doc(chaveAlimentos);
    const ciencia = (await api('GET', `/baixarNotas/${alimentos!._id}/eventos`)).body.data as Evento[];
    expect(ciencia).toHaveLength(1);
    expect(ciencia[0]).toMatchObject({ tpEvento: '210210', descricao: 'Ciência da Operação', cStat: '135', origem: 'enviado' });
    expect(ciencia[0]!.protocolo).toMatch(/^9912600000\d{5}$/);
    expect((await vizinho('GET', `/baixarNotas/${alimentos!._id}/eventos`)).status).toBe(404);
  });

  it('entradaNotaFiscal: the cancellation appended to the supplier file (110111, its protocol and cStat); another group gets 404', async () => {
    const xml = paraDestinatario(lerAmostraNfe('nfe55_CANCELADA_tecidos_1dup_tpag99.xml'), cnpj);
    const [r] = (await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'cancelada.xml', conteudo: Buffer.from(xml).toString('base64') }] })).body.data;
    expect(r).toMatchObject({ situacao: 'cancelada' });
    const eventos = (await api('GET', `/entradaNotaFiscal/${r.entrada}/eventos`)).body.data as Evento[];
    expect(eventos.map((e) => [e.tpEvento, e.descricao, e.em, e.protocolo, e.cStat, e.origem])).toEqual([['110111', 'Cancelamento', '2021-02-04T18:15:09.000Z', '135210128997350', '135', 'arquivo']]);
    expect((await vizinho('GET', `/entradaNotaFiscal/${r.entrada}/eventos`)).status).toBe(404);
  });
});
