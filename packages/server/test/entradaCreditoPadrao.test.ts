import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, comChaveRefeita, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * The per-company default of the tax-credit policy (DOMAIN.md §1, issue 15): a CRT 3 company set to credit
 * gets its notes' landed cost without ICMS, PIS and COFINS when the posting does not choose; the posting's own
 * choice still wins; a Simples Nacional company never credits, whatever the setting says.
 */
let ctx: TestContext;
let pasta: string;
let api: Api;
let empresa: string;
let cnpj: string;
let local: string;
const AMOSTRA = 'nfe55_alimentos_supermercado_icms70.xml';

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-credito-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  empresa = (await api('GET', '/sessao')).body.data.empresa._id;
  cnpj = (await api('GET', `/empresa/${empresa}`)).body.data.cnpj;
  local = (await criar(api, 'estoqueCadastro', { descricao: 'Almoxarifado crédito' }))._id;
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

const configurar = async (crt: string, creditar: boolean) => {
  const atual = (await api('GET', `/empresa/${empresa}`)).body.data;
  const r = await api('PUT', `/empresa/${empresa}`, { version: atual.version, crt, configuracoes: { fiscal: { creditarImpostosEntrada: creditar } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.configuracoes.fiscal).toEqual({ creditarImpostosEntrada: creditar });
};
type Detalhe = { _id: string; creditoPermitido: boolean; creditarImpostos: boolean; itens: { numero: number; custo: number }[] };
const detalhe = async (id: string): Promise<Detalhe> => (await api('GET', `/entradaNotaFiscal/${id}`)).body.data;
/** A copy of the sample as note `numero`, its items matched to new products, ready to post. */
const importarCasada = async (numero: number): Promise<string> => {
  const xml = comChaveRefeita(paraDestinatario(lerAmostraNfe(AMOSTRA), cnpj), { numero });
  const [r] = (await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: `${numero}.xml`, conteudo: base64(xml) }] })).body.data;
  expect(r.situacao, JSON.stringify(r)).toBe('pendente');
  const un = (await api('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]?._id ?? (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
  for (const i of (await detalhe(r.entrada)).itens) {
    const produto = (await criar(api, 'produtoGeral', { descricao: `Item ${i.numero} da nota ${numero}`, unidade: un }))._id;
    expect((await api('POST', `/entradaNotaFiscal/${r.entrada}/itens/${i.numero}`, { produto, fator: '1' })).status).toBe(200);
  }
  return r.entrada;
};
/** What the posting put in the stock ledger, in centavos. */
const valorNoEstoque = async (entrada: string) =>
  Number((await ctx.db.execute<{ v: string }>(sql`select coalesce(sum(valor), 0)::text as v from estoque_movimento where documento_id = ${entrada}`)).rows[0]!.v);
/** The recoverable taxes of the sample's totals (ICMSTot), in centavos. */
const impostos = (() => {
  const tot = /<ICMSTot>([\s\S]*?)<\/ICMSTot>/.exec(lerAmostraNfe(AMOSTRA))![1]!;
  const v = (nome: string) => Math.round(Number(new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(tot)![1]) * 100);
  return v('vICMS') + v('vPIS') + v('vCOFINS');
})();

describe('entradaNotaFiscal: the company default of the tax-credit policy', () => {
  it("a CRT 3 company set to credit posts its notes without ICMS, PIS and COFINS, unless the posting says otherwise", async () => {
    expect(impostos).toBeGreaterThan(0);
    await configurar('3', true);
    const credita = await importarCasada(91001);
    const comCredito = await detalhe(credita);
    expect(comCredito).toMatchObject({ creditoPermitido: true, creditarImpostos: true });
    await configurar('3', false);
    const semCredito = await detalhe(credita);
    expect(semCredito.creditarImpostos).toBe(false);
    const soma = (d: Detalhe) => d.itens.reduce((s, i) => s + i.custo, 0);
    // The items' cost shown follows the default: exactly the note's recoverable taxes apart.
    expect(soma(semCredito) - soma(comCredito)).toBe(impostos);

    await configurar('3', true);
    const r = await api('POST', `/entradaNotaFiscal/${credita}/lancar`, { local });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Unit costs are kept to 4 places: a centavo of rounding per item at most.
    expect(Math.abs((await valorNoEstoque(credita)) - soma(comCredito))).toBeLessThanOrEqual(comCredito.itens.length);

    const escolhe = await importarCasada(91002);
    expect((await api('POST', `/entradaNotaFiscal/${escolhe}/lancar`, { local, creditarImpostos: false })).status).toBe(200);
    expect(Math.abs((await valorNoEstoque(escolhe)) - soma(semCredito))).toBeLessThanOrEqual(semCredito.itens.length);
  });

  it('a Simples Nacional company never credits, whatever its setting says, and may not ask to', async () => {
    await configurar('1', true);
    const nota = await importarCasada(91003);
    expect(await detalhe(nota)).toMatchObject({ creditoPermitido: false, creditarImpostos: false });
    const pedida = await api('POST', `/entradaNotaFiscal/${nota}/lancar`, { local, creditarImpostos: true });
    expect(pedida.status).toBe(400);
    expect(pedida.body.data.message).toContain('CRT 3');
    expect((await api('POST', `/entradaNotaFiscal/${nota}/lancar`, { local })).status).toBe(200);
    const itens = (await detalhe(nota)).itens;
    expect(Math.abs((await valorNoEstoque(nota)) - itens.reduce((s, i) => s + i.custo, 0))).toBeLessThanOrEqual(itens.length);
  });
});
