import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
let documento: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>> };
let texto: string;
beforeAll(async () => {
  ctx = await createTestContext({});
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  texto = res.body;
  documento = res.json();
});
afterAll(async () => ctx?.close());

const operacoes = () => Object.entries(documento.paths).flatMap(([caminho, item]) => Object.entries(item).map(([metodo, op]) => ({ caminho, metodo, op })));

/** What integrators generate clients from: it must stay clean as routes are added. */
describe('the OpenAPI document (/api/docs/json)', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    // A proprietary licence has a name and no public page to link to.
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license-strict': 'off' } });
    const problemas = await lintFromString({ source: texto, absoluteRef: 'openapi.json', config });
    expect(problemas.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  }, 60_000);

  it('names every operation uniquely, for client generators', () => {
    const ids = operacoes().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(documento.paths['/api/login']?.post?.operationId).toBe('postLogin');
  });

  it('says which credential each operation takes, and documents its failures in the error envelope', () => {
    for (const { caminho, metodo, op } of operacoes()) {
      expect(op.security, `${metodo} ${caminho}`).toBeDefined();
      expect(op.responses['400'], `${metodo} ${caminho}`).toEqual({ $ref: '#/components/responses/Invalido' });
    }
    const login = documento.paths['/api/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.responses['429']).toEqual({ $ref: '#/components/responses/MuitasTentativas' });
    const sessao = documento.paths['/api/sessao']!.get!;
    expect(sessao.security).toEqual([{ sessao: [] }]);
    expect(sessao.responses['401']).toEqual({ $ref: '#/components/responses/NaoAutenticado' });
  });
});
