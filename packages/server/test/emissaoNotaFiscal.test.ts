import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conferirChaveAcesso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processarFilaNfe } from '../src/fiscal/emissao/emitir.ts';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { armazenamentoEmPasta } from '../src/storage/armazenamento.ts';
import { avisosDoEsquema } from '../src/fiscal/esquemaNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, empresasDaSessao, type Api } from './resourceApi.ts';
import { iniciarSefazLocal, type SefazLocal } from './sefazLocal.ts';

let ctx: TestContext;
let pasta: string;
let sefaz: SefazLocal;
let api: Api;
let cookie: string;
let vizinho: Api;
let empresaId: string;
let outraLoja: string;
let produtos: string[];
const SENHA = 'senha-do-a1';
const envAntes = { ...process.env };
const VARIAVEIS = ['SEFAZ_AUTORIZACAO_URL', 'SEFAZ_RET_AUTORIZACAO_URL', 'SEFAZ_CA', 'SEFAZ_FILA_INTERVALO_S'];

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-emissao-'));
  sefaz = await iniciarSefazLocal({ pasta, agora: () => new Date() });
  process.env.SEFAZ_AUTORIZACAO_URL = `${sefaz.url}/ws/NFeAutorizacao4.asmx`;
  process.env.SEFAZ_RET_AUTORIZACAO_URL = `${sefaz.url}/ws/NFeRetAutorizacao4.asmx`;
  process.env.SEFAZ_CA = sefaz.caArquivo;
  // The test runs the queue's rounds itself (the same function the periodic task calls).
  process.env.SEFAZ_FILA_INTERVALO_S = '0';
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  cookie = await signIn(ctx.app, 'admin@demo.com.br');
  api = apiClient(ctx.app, cookie);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const sessao = (await api('GET', '/sessao')).body.data;
  empresaId = sessao.empresa._id;
  outraLoja = (await empresasDaSessao(api)).find((e) => e !== empresaId)!;
  const cnpj = (await api('GET', `/empresa/${empresaId}`)).body.data.cnpj;
  await ctx.db.execute(sql`update registro set dados = dados || '{"inscricaoEstadual":"110042490114"}'::jsonb where id = ${empresaId}`);
  const envio = await api('POST', `/empresa/${empresaId}/certificado`, { arquivo: sefaz.emitirPfx(cnpj, SENHA).toString('base64'), senha: SENHA });
  expect(envio.status, JSON.stringify(envio.body)).toBe(200);

  await criar(api, 'empresaNumeroNota', { modelo: '55', serie: 7, proximoNumero: 1001 });
  const estadual = await criar(api, 'configuracaoImposto', { descricao: 'Simples – crédito', icms: [{ uf: 'SP', cfop: '5102', csosn: '101', aliquota: '2.5600' }], ibsCbs: { cst: '000', cClassTrib: '000001' } });
  const federal = await criar(api, 'configuracaoImpostoFederal', { descricao: 'Simples – PIS/COFINS', cstPis: '49', cstCofins: '49' });
  const un = await criar(api, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma emissão' });
  produtos = [];
  for (const [descricao, ncm] of [['Muçarela fatiada', '04061010'], ['Farinha de trigo 00', '11010010']] as const) {
    const p = await criar(api, 'produtoGeral', { descricao, unidade: un._id, ncm });
    await criar(api, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 1000, configuracaoImposto: estadual._id, impostoFederal: federal._id });
    produtos.push(p._id);
  }
});

afterAll(async () => {
  for (const k of VARIAVEIS) if (envAntes[k] === undefined) delete process.env[k];
  await sefaz?.close();
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

/** What the periodic task is given: the database, the storage of this run and the secrets key. */
const deps = () => ({ db: ctx.db, armazenamento: armazenamentoEmPasta(pasta), chaveSegredos: chavePreguicosa(ctx.config) });

const transferencia = (extra: Record<string, unknown> = {}) => ({
  tipo: 'transferencia',
  serie: 7,
  destinatarioEmpresa: outraLoja,
  itens: [
    { produto: produtos[0], quantidade: '2.5', valorUnitario: '38.90' },
    { produto: produtos[1], quantidade: '25', valorUnitario: '4.1234' },
  ],
  ...extra,
});

async function rascunho(cliente: Api = api) {
  const res = await cliente('POST', '/emissaoNotaFiscal', transferencia());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; situacao: string; valorTotal: number; itens: { valor: number; cfop: string }[]; numero: number | null; version: number };
}

describe('emissaoNotaFiscal: drafts, numbering, signature and authorisation against the local SEFAZ', () => {
  it('a draft has the items valued to the centavo, CFOP 5152 within SP, and no number yet', async () => {
    const n = await rascunho();
    expect(n.situacao).toBe('rascunho');
    expect(n.numero).toBeNull();
    // 2,5 × 38,90 = 97,25; 25 × 4,1234 = 103,085 → 103,09.
    expect(n.itens.map((i) => [i.valor, i.cfop])).toEqual([[9725, '5152'], [10309, '5152']]);
    expect(n.valorTotal).toBe(9725 + 10309);
  });

  it('bad input is 400 naming the field in Portuguese; nothing is written', async () => {
    const antes = (await api('POST', '/emissaoNotaFiscal/lista', {})).body.data.length;
    const semDestino = await api('POST', '/emissaoNotaFiscal', transferencia({ destinatarioEmpresa: null }));
    expect(semDestino.status).toBe(400);
    expect(semDestino.body.data.message).toContain('Loja de destino');
    const quantidade = await api('POST', '/emissaoNotaFiscal', transferencia({ itens: [{ produto: produtos[0], quantidade: '0', valorUnitario: '1' }] }));
    expect(quantidade.status).toBe(400);
    expect(quantidade.body.data.message).toContain('Item 1, Quantidade');
    const devolucao = await api('POST', '/emissaoNotaFiscal', { ...transferencia(), tipo: 'devolucao', destinatarioPessoa: null, referencia: '123' });
    expect(devolucao.status).toBe(400);
    expect((await api('POST', '/emissaoNotaFiscal/lista', {})).body.data.length).toBe(antes);
  });

  it('Emitir numbers it from empresaNumeroNota, signs it, and SEFAZ authorises it (100 with protocol); the procNFe is kept and valid against PL_010', async () => {
    const n = await rascunho();
    const res = await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const nota = res.body.data;
    expect(nota).toMatchObject({ situacao: 'autorizada', cStat: '100', xMotivo: 'Autorizado o uso da NF-e' });
    expect(nota.protocolo).toMatch(/^\d{15}$/);
    expect(conferirChaveAcesso(nota.chave, { modelo: '55', serie: 7, numero: nota.numero })).toBeNull();
    const proc = await ctx.app.inject({ method: 'GET', url: `/api/emissaoNotaFiscal/${n._id}/procNFe`, ...withCookie(cookie) });
    expect(proc.statusCode).toBe(200);
    expect(proc.headers['content-disposition']).toContain(`${nota.chave}-procNFe.xml`);
    const xml = proc.body;
    expect(xml).toContain(`<nProt>${nota.protocolo}</nProt>`);
    expect(avisosDoEsquema(Buffer.from(xml))).toEqual([]);
    const danfe = await ctx.app.inject({ method: 'GET', url: `/api/emissaoNotaFiscal/${n._id}/danfe`, ...withCookie(cookie) });
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
    expect(danfe.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`);
    expect(again.status).toBe(409);
  });

  it('20 notes issued at once get 20 consecutive numbers, none repeated or skipped', async () => {
    const antes = ((await api('GET', '/empresaNumeroNota')).body.data as { serie: number; proximoNumero: number }[]).find((s) => s.serie === 7)!.proximoNumero;
    const notas = [];
    for (let i = 0; i < 20; i++) notas.push(await rascunho());
    const emitidas = await Promise.all(notas.map((n) => api('POST', `/emissaoNotaFiscal/${n._id}/emitir`)));
    expect(emitidas.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numeros = emitidas.map((r) => r.body.data.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => antes + i));
    expect(emitidas.every((r) => r.body.data.situacao === 'autorizada')).toBe(true);
    const depois = ((await api('GET', '/empresaNumeroNota')).body.data as { serie: number; proximoNumero: number }[]).find((s) => s.serie === 7)!.proximoNumero;
    expect(depois).toBe(antes + 20);
  });

  it('a rejection keeps cStat and xMotivo, the note stays editable and, corrected, is sent again with the same number', async () => {
    const n = await rascunho();
    sefaz.autorizacao.proxima = { cStat: '778', xMotivo: 'Rejeicao: Informado NCM inexistente' };
    const rejeitada = (await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`)).body.data;
    expect(rejeitada).toMatchObject({ situacao: 'rejeitada', cStat: '778', xMotivo: 'Rejeicao: Informado NCM inexistente', protocolo: null });
    const editada = await api('PUT', `/emissaoNotaFiscal/${n._id}`, transferencia({ informacoesComplementares: 'Corrigida', version: rejeitada.version }));
    expect(editada.status, JSON.stringify(editada.body)).toBe(200);
    const autorizada = (await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`)).body.data;
    expect(autorizada).toMatchObject({ situacao: 'autorizada', numero: rejeitada.numero });
    expect((await api('PUT', `/emissaoNotaFiscal/${n._id}`, transferencia())).status).toBe(409);
  });

  it('SEFAZ unreachable: the note waits in the queue (contingência); once SEFAZ is back the periodic round authorises it', async () => {
    const n = await rascunho();
    await sefaz.parar();
    try {
      const res = await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ situacao: 'contingencia', tentativas: 1 });
      expect(res.body.data.ultimoErro).toContain('SEFAZ');
      const lista = (await api('POST', '/emissaoNotaFiscal/lista', { situacao: 'contingencia' })).body.data;
      expect(lista.map((x: { _id: string }) => x._id)).toContain(n._id);
      // A round while SEFAZ is still down leaves it waiting longer.
      await processarFilaNfe(deps(), () => new Date(Date.now() + 2 * 60_000));
      expect((await api('GET', `/emissaoNotaFiscal/${n._id}`)).body.data).toMatchObject({ situacao: 'contingencia', tentativas: 2 });
    } finally {
      await sefaz.retomar();
    }
    const feitos = await processarFilaNfe(deps(), () => new Date(Date.now() + 60 * 60_000));
    expect(feitos.find((f) => f.id === n._id)).toMatchObject({ situacao: 'autorizada', erro: null });
    expect((await api('GET', `/emissaoNotaFiscal/${n._id}`)).body.data).toMatchObject({ situacao: 'autorizada', cStat: '100' });
  });

  it('an asynchronous batch (103 with receipt) is answered later through NFeRetAutorizacao4', async () => {
    const n = await rascunho();
    sefaz.autorizacao.assincrono = true;
    try {
      const enviada = (await api('POST', `/emissaoNotaFiscal/${n._id}/emitir`)).body.data;
      expect(enviada).toMatchObject({ situacao: 'enviada', cStat: '103' });
    } finally {
      sefaz.autorizacao.assincrono = false;
    }
    await processarFilaNfe(deps(), () => new Date(Date.now() + 60_000));
    expect((await api('GET', `/emissaoNotaFiscal/${n._id}`)).body.data).toMatchObject({ situacao: 'autorizada', cStat: '100' });
    expect(sefaz.chamadas.some((c) => c.servico === 'retAutorizacao' && c.cStat === '100')).toBe(true);
  });

  it('the wall: another group neither sees, edits, issues nor downloads the notes', async () => {
    const n = await rascunho();
    expect((await vizinho('GET', `/emissaoNotaFiscal/${n._id}`)).status).toBe(404);
    expect((await vizinho('PUT', `/emissaoNotaFiscal/${n._id}`, transferencia())).status).toBeGreaterThanOrEqual(400);
    expect((await vizinho('POST', `/emissaoNotaFiscal/${n._id}/emitir`)).status).toBeGreaterThanOrEqual(400);
    expect((await vizinho('GET', `/emissaoNotaFiscal/${n._id}/xml`)).status).toBeGreaterThanOrEqual(400);
    const lista = (await vizinho('POST', '/emissaoNotaFiscal/lista', {})).body.data as { _id: string }[];
    expect(lista.map((x) => x._id)).not.toContain(n._id);
    // Nor issue to one of our stores with our products.
    const alheia = await vizinho('POST', '/emissaoNotaFiscal', transferencia());
    expect(alheia.status).toBeGreaterThanOrEqual(400);
    expect(alheia.status).toBeLessThan(500);
    expect((await api('GET', `/emissaoNotaFiscal/${n._id}`)).body.data.situacao).toBe('rascunho');
  });
});
