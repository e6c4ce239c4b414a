import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherDemo } from '../src/seed/demoAoIniciar.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

type Linha = { descricao: string; fornecedorNome: string | null; sugerido: string; necessidade: string; consumoDia: string; prazoEntrega: number | null; maximo: string | null };

describe('the demonstration shows an order suggestion', () => {
  it('the first store suggests ingredients from several suppliers, by the consumption of its sales, and lists the breads without a supplier; a restart adds nothing', async () => {
    await preencherDemo(ctx.db, { dias: 3 });
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    const ler = async () => (await api('POST', '/estoqueSugestaoPedido', {})).body.data.linhas as Linha[];
    const linhas = await ler();
    const aComprar = linhas.filter((l) => Number(l.sugerido) > 0);
    expect(new Set(aComprar.map((l) => l.fornecedorNome)).size).toBeGreaterThanOrEqual(3);
    expect(aComprar.length).toBeGreaterThanOrEqual(8);
    expect(linhas.find((l) => l.descricao === 'Queijo muçarela')).toMatchObject({ fornecedorNome: 'Laticínios Serra Azul S.A.', prazoEntrega: 2, });
    expect(Number(linhas.find((l) => l.descricao === 'Arroz agulhinha')!.consumoDia)).toBeGreaterThan(0);
    expect(linhas.filter((l) => l.fornecedorNome === null).map((l) => l.descricao)).toContain('Pão de hambúrguer');
    await preencherDemo(ctx.db, { dias: 1 });
    expect((await ler()).length).toBe(linhas.length);
  }, 240_000);
});
