import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONDICAO_USO_CCE, eventosDoXml, montarChaveAcesso } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arquivo, notaFiscalEmitida, notaFiscalEvento } from '../src/db/schema/index.ts';
import { enviarEventoEmitente } from '../src/fiscal/eventos/eventosEmitente.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { removerArquivosSemReferencia } from '../src/storage/limpeza.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';
import { iniciarSefazLocal, type SefazLocal } from './sefazLocal.ts';

let ctx: TestContext;
let pasta: string;
let sefaz: SefazLocal;
let api: Api;
let vizinho: Api;
let cnpj: string;
let empresaId: string;
let grupo: string;
const envAntes = { ...process.env };
let numero = 100;

/** An issued note as F1's issuing leaves it once authorised (the issuing flow itself is emissao's). */
async function notaAutorizada(autorizadaEm: Date, situacao = 'autorizada') {
  numero++;
  const chave = montarChaveAcesso({ cUF: 35, anoMes: '2611', emitente: cnpj, modelo: '55', serie: 1, numero, tpEmis: '1', codigo: 10_000_000 + numero });
  const [n] = await ctx.db
    .insert(notaFiscalEmitida)
    .values({ grupoEmpresarialId: grupo, empresaId, serie: 1, numero, chave, tipo: 'transferencia', naturezaOperacao: 'Transferência de mercadoria', destinatario: { nome: 'Loja 2' }, itens: [], totais: {}, valorTotal: 10_000, situacao, protocolo: `13526000000${numero}`, emitidaEm: autorizadaEm, autorizadaEm })
    .returning({ id: notaFiscalEmitida.id });
  return { id: n!.id, chave, protocolo: `13526000000${numero}` };
}

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-eventos-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const sessao = (await api('GET', '/sessao')).body.data;
  empresaId = sessao.empresa._id;
  grupo = ctx.seed.demo.grupoEmpresarial;
  cnpj = (await api('GET', `/empresa/${empresaId}`)).body.data.cnpj;
  sefaz = await iniciarSefazLocal({ pasta, agora: () => new Date() });
  process.env.SEFAZ_EVENTO_AUTORIZADORA_URL = `${sefaz.url}/ws/recepcaoevento4.asmx`;
  process.env.SEFAZ_CA = sefaz.caArquivo;
  expect((await api('POST', `/empresa/${empresaId}/certificado`, { arquivo: sefaz.emitirPfx(cnpj, 'a1').toString('base64'), senha: 'a1' })).status).toBe(200);
});
afterAll(async () => {
  for (const k of ['SEFAZ_EVENTO_AUTORIZADORA_URL', 'SEFAZ_CA']) if (envAntes[k] === undefined) delete process.env[k];
  await sefaz?.close();
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

const eventosDe = async (id: string, cliente: Api = api) => (await cliente('GET', `/emissaoNotaFiscal/${id}/eventos`)).body.data;
const situacao = async (id: string) => (await ctx.db.select({ s: notaFiscalEmitida.situacao }).from(notaFiscalEmitida).where(eq(notaFiscalEmitida.id, id)))[0]!.s;

describe('events of an issued note (cancellation 110111, correction letter 110110) against the local SEFAZ', () => {
  it('a correction letter is signed, registered (135) with sequence 1, its procEventoNFe kept; the next one is sequence 2', async () => {
    const nota = await notaAutorizada(new Date());
    const res = await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'Endereço de entrega: Rua das Flores, 120, fundos.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ tpEvento: '110110', nSeqEvento: 1, registrado: true, cStat: '135' });
    const enviado = sefaz.chamadas.at(-1)!;
    expect(enviado.servico).toBe('evento');
    expect(enviado.corpo).toContain(`<cOrgao>35</cOrgao>`);
    expect(enviado.corpo).toContain(`<xCondUso>${CONDICAO_USO_CCE}</xCondUso>`);
    expect(enviado.corpo).toContain('<Signature');
    expect((await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'Volumes: 3 caixas de papelão, não 2.' })).body.data).toMatchObject({ nSeqEvento: 2, registrado: true });

    const [linha] = await ctx.db.select().from(notaFiscalEvento).where(and(eq(notaFiscalEvento.notaId, nota.id), eq(notaFiscalEvento.nSeqEvento, 1)));
    const [guardado] = await ctx.db.select().from(arquivo).where(eq(arquivo.id, linha!.arquivoId!));
    const proc = (await armazenamentoEmPasta(pasta).ler(guardado!.chave))!.toString('utf8');
    expect(proc).toMatch(/^<procEventoNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="1.00"><evento /);
    expect(eventosDoXml(proc)).toEqual([expect.objectContaining({ tpEvento: '110110', cStat: '135', protocolo: res.body.data.protocolo })]);
    expect((await eventosDe(nota.id)).map((e: { nSeqEvento: number; descricao: string; cStat: string }) => [e.nSeqEvento, e.descricao, e.cStat])).toEqual([
      [1, 'Carta de Correção', '135'],
      [2, 'Carta de Correção', '135'],
    ]);
    expect(await situacao(nota.id)).toBe('autorizada');
    // The storage sweep keeps the kept events (legal documents), even past the grace period.
    await removerArquivosSemReferencia(ctx.db, armazenamentoEmPasta(pasta), new Date(Date.now() + 3 * 86_400_000));
    expect(await armazenamentoEmPasta(pasta).ler(guardado!.chave)).not.toBeNull();
  });

  it('the correction text needs 15 to 1000 characters (400 naming the field, nothing sent); the 21st letter is 409', async () => {
    const nota = await notaAutorizada(new Date());
    const chamadas = sefaz.chamadas.length;
    const curta = await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'curta' });
    expect(curta.status).toBe(400);
    expect(curta.body.data.message).toBe('Correção: A correção precisa de 15 a 1.000 caracteres.');
    expect((await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'x'.repeat(1001) })).status).toBe(400);
    expect(sefaz.chamadas.length).toBe(chamadas);
    // Twenty registered letters (written as SEFAZ would have them), then the 21st is refused before sending.
    for (let n = 1; n <= 20; n++) await ctx.db.insert(notaFiscalEvento).values({ grupoEmpresarialId: grupo, id: `cce-${nota.id}-${n}`, empresaId, notaId: nota.id, chave: nota.chave, tpEvento: '110110', nSeqEvento: n, texto: 'Correção anterior da nota', cStat: '135', xMotivo: 'Evento registrado', protocolo: `1${n}` });
    const vinteEUma = await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'Mais uma correção do endereço.' });
    expect(vinteEUma.status).toBe(409);
    expect(vinteEUma.body.data.message).toBe('A nota já tem 20 cartas de correção, o máximo que a SEFAZ aceita.');
    expect(sefaz.chamadas.length).toBe(chamadas);
  });

  it('cancellation within 24 hours: registered, the note cancelada; again is 409; a correction letter on it is 409', async () => {
    const nota = await notaAutorizada(new Date(Date.now() - 23 * 3600_000));
    expect((await api('POST', `/emissaoNotaFiscal/${nota.id}/cancelar`, { justificativa: 'curta' })).status).toBe(400);
    const res = await api('POST', `/emissaoNotaFiscal/${nota.id}/cancelar`, { justificativa: 'Mercadoria não saiu: transferência desfeita.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ tpEvento: '110111', nSeqEvento: 1, registrado: true, cStat: '135' });
    expect(sefaz.chamadas.at(-1)!.corpo).toContain(`<nProt>${nota.protocolo}</nProt><xJust>Mercadoria não saiu: transferência desfeita.</xJust>`);
    expect(await situacao(nota.id)).toBe('cancelada');
    const outra = await api('POST', `/emissaoNotaFiscal/${nota.id}/cancelar`, { justificativa: 'Mercadoria não saiu: transferência desfeita.' });
    expect(outra.status).toBe(409);
    expect(outra.body.data.message).toBe('A nota já está cancelada.');
    expect((await api('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'Endereço de entrega corrigido.' })).status).toBe(409);
  });

  it('after 24 hours the cancellation is refused before sending, saying until when it was possible', async () => {
    const nota = await notaAutorizada(new Date('2026-11-20T13:00:00Z'));
    const chamadas = sefaz.chamadas.length;
    const res = await api('POST', `/emissaoNotaFiscal/${nota.id}/cancelar`, { justificativa: 'Mercadoria não saiu: transferência desfeita.' });
    expect(res.status).toBe(409);
    expect(res.body.data.message).toBe('O prazo de cancelamento (24 horas da autorização) terminou em 21/11/2026, 10:00: emita uma nota de entrada para anular esta.');
    expect(sefaz.chamadas.length).toBe(chamadas);
  });

  it('SEFAZ refusing the event (a signature that does not match, 297) is recorded, and the note stays authorised', async () => {
    const nota = await notaAutorizada(new Date());
    const s = { id: 't', usuario: ctx.seed.demo.admin, grupoEmpresarial: grupo, empresa: empresaId, permissoes: { administrador: true, telas: {}, pdv: [] } };
    const deps = { db: ctx.db, armazenamento: armazenamentoEmPasta(pasta), chaveSegredos: chavePreguicosa(ctx.config) };
    const r = await enviarEventoEmitente(deps, s, nota.id, { tipo: 'cancelamento', justificativa: 'Mercadoria não saiu: transferência desfeita.' }, {
      gatewayDe: () => ({
        distribuicaoDFe: () => Promise.reject(new Error('não usado')),
        recepcaoEvento: async () => ({ cStat: '297', xMotivo: 'Rejeicao: Assinatura difere do calculado', protocolo: null, xml: null }),
        autorizacao: () => Promise.reject(new Error('não usado')),
        retAutorizacao: () => Promise.reject(new Error('não usado')),
      }),
    });
    expect(r).toMatchObject({ registrado: false, cStat: '297' });
    expect(await situacao(nota.id)).toBe('autorizada');
    expect((await eventosDe(nota.id)).map((e: { cStat: string; registrado: boolean }) => [e.cStat, e.registrado])).toEqual([['297', false]]);
  });

  it('the wall: another group can neither list, cancel nor correct our note', async () => {
    const nota = await notaAutorizada(new Date());
    expect((await vizinho('GET', `/emissaoNotaFiscal/${nota.id}/eventos`)).status).toBe(404);
    expect((await vizinho('POST', `/emissaoNotaFiscal/${nota.id}/cancelar`, { justificativa: 'Tentativa de outro grupo empresarial.' })).status).toBe(404);
    expect((await vizinho('POST', `/emissaoNotaFiscal/${nota.id}/cartaCorrecao`, { correcao: 'Tentativa de outro grupo empresarial.' })).status).toBe(404);
    expect(await situacao(nota.id)).toBe('autorizada');
  });
});
