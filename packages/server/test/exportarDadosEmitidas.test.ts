import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { montarChaveAcesso } from '@retaguarda/domain';
import { newId } from '../src/ids.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notaFiscalEmitida, notaFiscalEvento } from '../src/db/schema/index.ts';
import { lerZip } from '../src/fiscal/entradaNotaFiscal/zip.ts';
import type { SessaoRequest } from '../src/session/requireSession.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { guardarArquivo } from '../src/storage/guardarArquivo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, type Api } from './resourceApi.ts';

/**
 * exportarDados with the notes the stores issued (emissaoNotaFiscal): the authorised procNFe under
 * <CNPJ>/emitidas/, a cancelled one marked and its registered cancellation with the events, never a draft,
 * a rejected note or another group's.
 */
let ctx: TestContext;
let pasta: string;
let admin: Api;
let token: string;
let empresaA: string;
let cnpjA: string;

const chave = (cnpj: string, numero: number) => montarChaveAcesso({ cUF: 35, anoMes: '1808', emitente: cnpj, modelo: '55', serie: 1, numero, tpEmis: '1', codigo: 12345 });

/** An issued note as emissaoNotaFiscal leaves it after SEFAZ answered (its procNFe in the storage). */
async function emitida(grupo: string, empresa: string, n: { numero: number; chave: string; situacao: string; emitidaEm: string; valor: number; proc: string | null }) {
  const s = { grupoEmpresarial: grupo, empresa, usuario: 'teste' } as SessaoRequest;
  const base = { grupoEmpresarialId: grupo, empresaId: empresa, serie: 1, numero: n.numero, chave: n.chave, tipo: 'transferencia', naturezaOperacao: 'Transferência', destinatario: {}, itens: [], totais: {}, valorTotal: n.valor, situacao: n.situacao, emitidaEm: new Date(n.emitidaEm) };
  const id = newId();
  if (!n.proc) await ctx.db.insert(notaFiscalEmitida).values({ ...base, id });
  else await guardarArquivo({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) }, s, { nome: `${n.chave}-procNFe.xml`, tipo: 'application/xml', bytes: Buffer.from(n.proc, 'utf8') }, (tx, a) => tx.insert(notaFiscalEmitida).values({ ...base, id, arquivoProcId: a.id }));
  return id;
}

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-exportacao-emitidas-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  token = await signIn(ctx.app, 'admin@demo.com.br');
  admin = apiClient(ctx.app, token);
  empresaA = ctx.seed.demo.empresas[0]!;
  cnpjA = (await admin('GET', `/empresa/${empresaA}`)).body.data.cnpj;
  const grupo = ctx.seed.demo.grupoEmpresarial;
  await emitida(grupo, empresaA, { numero: 10, chave: chave(cnpjA, 10), situacao: 'autorizada', emitidaEm: '2018-08-10T09:00:00-03:00', valor: 152_340, proc: '<nfeProc>nota 10</nfeProc>' });
  const cancelada = await emitida(grupo, empresaA, { numero: 11, chave: chave(cnpjA, 11), situacao: 'cancelada', emitidaEm: '2018-08-11T09:00:00-03:00', valor: 5_000, proc: '<nfeProc>nota 11</nfeProc>' });
  const s = { grupoEmpresarial: grupo, empresa: empresaA, usuario: 'teste' } as SessaoRequest;
  await guardarArquivo({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta) }, s, { nome: 'cancelamento.xml', tipo: 'application/xml', bytes: Buffer.from('<procEventoNFe>cancelamento 11</procEventoNFe>', 'utf8') }, (tx, a) =>
    tx.insert(notaFiscalEvento).values({ grupoEmpresarialId: grupo, id: newId(), empresaId: empresaA, notaId: cancelada, chave: chave(cnpjA, 11), tpEvento: '110111', nSeqEvento: 1, texto: 'Mercadoria não saiu da loja', cStat: '135', xMotivo: 'Evento registrado e vinculado a NF-e', protocolo: '135180000000001', arquivoId: a.id }),
  );
  // A refused cancellation attempt of the same note: SEFAZ registered nothing, so nothing goes to the accountant.
  await ctx.db.insert(notaFiscalEvento).values({ grupoEmpresarialId: grupo, id: newId(), empresaId: empresaA, notaId: cancelada, chave: chave(cnpjA, 11), tpEvento: '110111', nSeqEvento: 1, texto: 'Tentativa fora do prazo', cStat: '501', xMotivo: 'Prazo de cancelamento superior ao previsto na Legislação' });
  await emitida(grupo, empresaA, { numero: 12, chave: chave(cnpjA, 12), situacao: 'rejeitada', emitidaEm: '2018-08-12T09:00:00-03:00', valor: 7_000, proc: null });
  await emitida(grupo, empresaA, { numero: 13, chave: chave(cnpjA, 13), situacao: 'autorizada', emitidaEm: '2018-09-01T09:00:00-03:00', valor: 9_000, proc: '<nfeProc>nota 13, setembro</nfeProc>' });
  const vizinho = ctx.seed.vizinho.empresas[0]!;
  await emitida(ctx.seed.vizinho.grupoEmpresarial, vizinho, { numero: 10, chave: chave('11222333000181', 10), situacao: 'autorizada', emitidaEm: '2018-08-10T09:00:00-03:00', valor: 1, proc: '<nfeProc>do vizinho</nfeProc>' });
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

describe('exportarDados: the notes the stores issued', () => {
  it('zips each authorised or cancelled note of the period under emitidas/, its registered events, and lists it in the CSV as Emitida', async () => {
    const r = await admin('POST', '/exportarDados', { inicio: '2018-08-01', fim: '2018-08-31', empresas: [empresaA], eventos: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await ctx.app.outbox.drain();
    const id = r.body.data._id as string;
    expect((await admin('GET', `/exportarDados/${id}`)).body.data).toMatchObject({ situacao: 'concluida', notas: 2, total: 3 });
    const zip = await ctx.app.inject({ method: 'GET', url: `/api/exportarDados/${id}/zip`, ...withCookie(token) });
    expect(zip.statusCode).toBe(200);
    const arquivos = lerZip(zip.rawPayload, { maxArquivos: 20, maxBytes: 1_000_000 });
    expect(arquivos.map((a) => a.nome)).toEqual([`${cnpjA}/emitidas/${chave(cnpjA, 10)}.xml`, `${cnpjA}/emitidas/${chave(cnpjA, 11)}.xml`, `${cnpjA}/eventos/${chave(cnpjA, 11)}-110111-1.xml`, 'resumo.csv']);
    expect(arquivos[0]!.bytes.toString()).toBe('<nfeProc>nota 10</nfeProc>');
    expect(arquivos[2]!.bytes.toString()).toBe('<procEventoNFe>cancelamento 11</procEventoNFe>');
    const linhas = arquivos.at(-1)!.bytes.toString('utf8').slice(1).split('\r\n').slice(1, -1);
    const razao = (await admin('GET', `/empresa/${empresaA}`)).body.data.razaoSocial as string;
    expect(linhas).toEqual([
      `${cnpjA};${chave(cnpjA, 10)};55;10;1;${cnpjA};${razao};10/08/2018;1523,40;Autorizada;Emitida`,
      `${cnpjA};${chave(cnpjA, 11)};55;11;1;${cnpjA};${razao};11/08/2018;50,00;Cancelada;Emitida`,
    ]);
  });
});
