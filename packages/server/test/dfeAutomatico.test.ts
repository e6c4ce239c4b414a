import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nsu15 } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baixarDfeDasEmpresas, intervaloDfeMin } from '../src/fiscal/dfe/segundoPlano.ts';
import { empresaDfe } from '../src/fiscal/dfe/empresaDfe.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
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
let nosso: { id: string; cnpj: string };
let deles: { id: string; cnpj: string };
/** The fake clock the rounds and the double read. */
let agora = new Date('2026-11-28T12:00:00Z');
const relogio = () => agora;
const envAntes = { ...process.env };

async function comCertificado(cliente: Api, cnpjSeFaltar: string) {
  const id = (await cliente('GET', '/sessao')).body.data.empresa._id as string;
  let cnpj = (await cliente('GET', `/empresa/${id}`)).body.data.cnpj as string | undefined;
  if (!cnpj) {
    const atual = (await cliente('GET', `/empresa/${id}`)).body.data;
    expect((await cliente('PUT', `/empresa/${id}`, { ...atual, cnpj: cnpjSeFaltar })).status).toBe(200);
    cnpj = cnpjSeFaltar;
  }
  const envio = await cliente('POST', `/empresa/${id}/certificado`, { arquivo: sefaz.emitirPfx(cnpj, 'a1').toString('base64'), senha: 'a1' });
  expect(envio.status, JSON.stringify(envio.body)).toBe(200);
  return { id, cnpj };
}

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-dfe-auto-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  sefaz = await iniciarSefazLocal({ pasta, agora: relogio });
  process.env.SEFAZ_DFE_URL = `${sefaz.url}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`;
  process.env.SEFAZ_EVENTO_URL = `${sefaz.url}/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx`;
  process.env.SEFAZ_CA = sefaz.caArquivo;
  nosso = await comCertificado(api, '11222333000181');
  deles = await comCertificado(vizinho, '11444777000161');
  // Two notes for us (an NSU gap between them), one for the neighbour group's company.
  sefaz.publicar(nosso.cnpj, 'resNFe_v1.01.xsd', resumoDe(paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), nosso.cnpj)), 2);
  sefaz.publicar(nosso.cnpj, 'resNFe_v1.01.xsd', resumoDe(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), nosso.cnpj)), 5);
  sefaz.publicar(deles.cnpj, 'resNFe_v1.01.xsd', resumoDe(paraDestinatario(lerAmostraNfe('nfe55_alimentos_supermercado_icms70.xml'), deles.cnpj)), 1);
});
afterAll(async () => {
  for (const k of ['SEFAZ_DFE_URL', 'SEFAZ_EVENTO_URL', 'SEFAZ_CA']) if (envAntes[k] === undefined) delete process.env[k];
  await sefaz?.close();
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

/** What the task gets from the app's context: the same database, storage and secrets key the routes use. */
const deps = () => ({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta), chaveSegredos: chavePreguicosa(ctx.config) });
const rodada = async () => (await baixarDfeDasEmpresas(deps(), relogio)).filter((f) => f.empresa === nosso.id || f.empresa === deles.id);
const chamadasDe = (cnpj: string) => sefaz.chamadas.filter((c) => c.servico === 'distribuicao' && c.corpo.includes(`<CNPJ>${cnpj}</CNPJ>`));
const notas = async (cliente: Api) => ((await cliente('POST', '/baixarNotas/lista', {})).body.data as { chave: string }[]).length;

describe('background DF-e download (the periodic task) on a fake clock against the local SEFAZ', () => {
  it('one round downloads for every company with an A1, each into its own group, and saves ultNSU', async () => {
    const feitos = await rodada();
    expect(feitos.map((f) => [f.empresa, f.resultado?.novos, f.resultado?.ultNSU, f.resultado?.cStat, f.erro]).sort()).toEqual(
      [
        [nosso.id, 2, nsu15(5), '138', null],
        [deles.id, 1, nsu15(1), '138', null],
      ].sort(),
    );
    expect(await notas(api)).toBe(2);
    expect(await notas(vizinho)).toBe(1);
    expect((await api('GET', '/baixarNotas/controle')).body.data).toMatchObject({ ultNSU: nsu15(5), maxNSU: nsu15(5), proximaConsulta: '2026-11-28T13:00:00.000Z' });
  });

  it('within the hour after ultNSU = maxNSU no company is called; after it the call continues from the kept ultNSU', async () => {
    const antes = sefaz.chamadas.length;
    agora = new Date('2026-11-28T12:59:00Z');
    expect(await rodada()).toEqual([]);
    expect(sefaz.chamadas.length).toBe(antes);

    sefaz.publicar(nosso.cnpj, 'resNFe_v1.01.xsd', resumoDe(paraDestinatario(lerAmostraNfe('nfe55_reforma_ibscbs_icms10_3dups.xml'), nosso.cnpj)), 9);
    agora = new Date('2026-11-28T13:00:30Z');
    const feitos = await rodada();
    expect(feitos.find((f) => f.empresa === nosso.id)?.resultado).toMatchObject({ novos: 1, ultNSU: nsu15(9), cStat: '138' });
    expect(feitos.find((f) => f.empresa === deles.id)?.resultado).toMatchObject({ novos: 0, cStat: '137', aguardarAte: '2026-11-28T14:00:30.000Z' });
    expect(chamadasDe(nosso.cnpj).at(-1)!.corpo).toContain(`<ultNSU>${nsu15(5)}</ultNSU>`);
    expect(chamadasDe(deles.cnpj).at(-1)!.corpo).toContain(`<ultNSU>${nsu15(1)}</ultNSU>`);
    expect(await notas(api)).toBe(3);
  });

  it('a company that fails (its gateway cannot be built) is reported and the others still download; no 656 ever', async () => {
    agora = new Date('2026-11-28T15:00:00Z');
    const feitos = await baixarDfeDasEmpresas(deps(), relogio, async (s) => {
      if (s.empresa === deles.id) throw new Error('certificado ilegível');
      return empresaDfe(deps(), s);
    });
    expect(feitos.find((f) => f.empresa === deles.id)).toMatchObject({ resultado: null, erro: 'certificado ilegível' });
    expect(feitos.find((f) => f.empresa === nosso.id)?.resultado).toMatchObject({ cStat: '137', novos: 0 });
    expect(sefaz.chamadas.filter((c) => c.cStat === '656')).toEqual([]);
  });

  it('SEFAZ_DFE_INTERVALO_MIN sets the minutes between rounds; 0 turns the background off', () => {
    expect(intervaloDfeMin({})).toBe(15);
    expect(intervaloDfeMin({ SEFAZ_DFE_INTERVALO_MIN: '30' })).toBe(30);
    expect(intervaloDfeMin({ SEFAZ_DFE_INTERVALO_MIN: '0' })).toBe(0);
  });
});
