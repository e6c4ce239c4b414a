import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';

const amostra = readFileSync(fileURLToPath(new URL('../../../fixtures/ibpt/TabelaIBPTax_26.1.E.csv', import.meta.url)));
const cabecalho = 'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';

let ctx: TestContext;
let demo: string;
let vizinho: string;
beforeAll(async () => {
  ctx = await createTestContext();
  demo = await signIn(ctx.app, 'admin@demo.com.br');
  vizinho = await signIn(ctx.app, 'admin@vizinho.com.br');
});
afterAll(async () => ctx?.close());

const importar = (app: FastifyInstance, token: string, bytes: Buffer, query: string) =>
  app.inject({ method: 'POST', url: `/api/olhoNoImposto/importar?${query}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' }, ...withCookie(token) });
const getPopulate = (token: string, body: unknown) => ctx.app.inject({ method: 'POST', url: '/api/olhoNoImposto/getPopulate', payload: body as object, ...withCookie(token) });

describe('De Olho no Imposto (IBPT)', () => {
  it('imports the real sample for a UF and the POS loads the whole table with limit 20000 (SPEC.md §7)', async () => {
    const res = await importar(ctx.app, demo, amostra, 'uf=SP&arquivo=TabelaIBPTax_26.1.E.csv');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ uf: 'SP', versao: '26.1.E', chave: '3CA397', linhas: 11_390, ncm: 10_332, nbs: 860, lc116: 198, vigenciaInicio: '2026-02-20', vigenciaFim: '2026-03-31', atual: true });

    const tudo = await getPopulate(demo, { filtro: { uf: 'SP' }, limit: 20000 });
    expect(tudo.statusCode).toBe(200);
    expect(tudo.json().data).toHaveLength(11_390);
    expect(tudo.headers['x-total-count']).toBe('11390');
  });

  it("gives a known NCM's rates exactly and the accents of the file decoded", async () => {
    const pao = (await getPopulate(demo, { filtro: { codigo: '19059090', ex: '01' } })).json().data;
    expect(pao).toEqual([
      expect.objectContaining({ uf: 'SP', descricao: 'Pao do tipo comum', nacionalfederal: '13.45', importadosfederal: '18.71', estadual: '13.30', municipal: '0.00', versao: '26.1.E', chave: '3CA397', vigenciafim: '2026-03-31' }),
    ]);
    const porTexto = (await getPopulate(demo, { filtro: { busca: 'PÃO comum' } })).json().data;
    expect(porTexto.map((l: { codigo: string }) => l.codigo)).toContain('19059090');
    const atum = (await getPopulate(demo, { filtro: { codigo: '03023500' }, select: 'descricao' })).json().data;
    expect(atum).toEqual([{ _id: expect.any(String), descricao: 'Atuns azuis (thunnus thinnus (…)' }]);
  });

  it('keeps versions: a newer one is in force, the older stays listed and can still be asked for', async () => {
    const nova = `${cabecalho}\r\n19059090;01;0;"Pão do tipo comum";12.00;18.71;13.30;0.00;01/04/2026;30/06/2026;4DB408;26.2.A;IBPT\r\n`;
    expect((await importar(ctx.app, demo, Buffer.from(nova, 'latin1'), 'uf=SP')).statusCode).toBe(201);
    const atual = (await getPopulate(demo, { filtro: { codigo: '19059090' } })).json().data;
    expect(atual.map((l: { versao: string; descricao: string; nacionalfederal: string }) => [l.versao, l.descricao, l.nacionalfederal])).toEqual([['26.2.A', 'Pão do tipo comum', '12.00']]);
    const antiga = (await getPopulate(demo, { filtro: { codigo: '19059090', ex: '01', versao: '26.1.E' } })).json().data;
    expect(antiga[0].nacionalfederal).toBe('13.45');
    const versoes = (await ctx.app.inject({ method: 'GET', url: '/api/olhoNoImposto/versoes', ...withCookie(demo) })).json().data;
    expect(versoes.map((v: { versao: string; atual: boolean }) => [v.versao, v.atual])).toEqual([
      ['26.2.A', true],
      ['26.1.E', false],
    ]);
  });

  it('refuses a wrong file or UF with a message naming the field, and stores nothing', async () => {
    const errado = await importar(ctx.app, demo, Buffer.from('nome;preco\nx;1\n'), 'uf=RJ');
    expect(errado.statusCode).toBe(400);
    expect(errado.json().data.message).toMatch(/^Arquivo: O arquivo não é uma tabela do IBPT/);
    const linhaRuim = `${cabecalho}\n01012100;;0;"Cavalos";13.45;15.45;4.14;0.00;20/02/2026;31/03/2026;X;9;IBPT\n01012900;;0;"Outros";abc;15.45;4.14;0.00;20/02/2026;31/03/2026;X;9;IBPT\n`;
    const ruim = await importar(ctx.app, demo, Buffer.from(linhaRuim), 'uf=RJ');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().data.message).toBe('Arquivo: Linha 3: Percentual federal (nacional) inválido: "abc".');
    const semUf = await importar(ctx.app, demo, amostra, 'uf=XX');
    expect(semUf.statusCode).toBe(400);
    expect(semUf.json().data.campos).toHaveProperty('uf');
    expect((await getPopulate(demo, { filtro: { uf: 'RJ' } })).json().data).toEqual([]);
    const desconhecido = await getPopulate(demo, { filtro: { preco: 1 } });
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json().data.message).toBe('Campo desconhecido em filtro: preco');
    expect((await getPopulate(demo, { limit: 20001 })).statusCode).toBe(400);
  });

  it("shows another group nothing of this group's table", async () => {
    expect((await getPopulate(vizinho, { limit: 20000 })).json().data).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/olhoNoImposto/versoes', ...withCookie(vizinho) })).json().data).toEqual([]);
  });
});
