import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * Text sorts as a Brazilian reader expects, on PGlite and on PostgreSQL: accents and case do not
 * change the order ('Água mineral' before 'Xis salada', 'Débito' before 'Dinheiro'), where the
 * databases' byte order put 'Á' after 'z' and 'é' after 'i' (issue 13, item 2).
 */
let ctx: TestContext;
let admin: Api;
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
});
afterAll(async () => ctx?.close());

const posicao = (nomes: string[], lista: string[]) => nomes.map((n) => lista.indexOf(n));

describe('ordem pt-BR', () => {
  it('a list (getPopulate) orders by description with accents and case not changing the order, both ways', async () => {
    for (const descricao of ['Dinheiro ordem', 'débito ordem', 'Débito ordem 2']) await criar(admin, 'formaPagamento', { descricao, tipo: 'Dinheiro' });
    const ler = async (sort: Record<string, 1 | -1>) => {
      const r = await admin('POST', '/formaPagamento/getPopulate', { sort, limit: 1000 });
      expect(r.status).toBe(200);
      return (r.body.data as { descricao: string }[]).map((f) => f.descricao);
    };
    const [a, b, c] = posicao(['débito ordem', 'Débito ordem 2', 'Dinheiro ordem'], await ler({ descricao: 1 }));
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(b!);
    expect(b).toBeLessThan(c!);
    const [d, e, f] = posicao(['débito ordem', 'Débito ordem 2', 'Dinheiro ordem'], await ler({ descricao: -1 }));
    expect(f).toBeLessThan(e!);
    expect(e).toBeLessThan(d!);
  });

  it('a report (relatorioEstoqueSaidaManual by product) puts Água mineral before Xis salada', async () => {
    const un = await criar(admin, 'unidadeMedida', { sigla: 'UNO', descricao: 'Unidade ordem' });
    const local = (await criar(admin, 'estoqueCadastro', { descricao: 'Depósito ordem' }))._id;
    const p: Record<string, string> = {};
    for (const d of ['Xis salada', 'Água mineral', 'abacaxi']) p[d] = (await criar(admin, 'produtoGeral', { descricao: d, unidade: un._id }))._id;
    const doc = async (corpo: Record<string, unknown>) => {
      const r = await admin('POST', '/estoqueDocumento', corpo);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    // The same value out for each, so the description decides the order.
    const itens = (q: string, custo?: string) => Object.values(p).map((produto) => ({ produto, quantidade: q, ...(custo ? { custoUnitario: custo } : {}) }));
    await doc({ tipo: 'entradaManual', local, itens: itens('5', '100') });
    await doc({ tipo: 'saidaManual', local, motivo: 'Perda', itens: itens('1') });
    const r = await admin('POST', '/relatorioEstoqueSaidaManual', { de: hoje, ate: hoje });
    expect(r.status).toBe(200);
    expect((r.body.data.porProduto as { descricao: string }[]).map((x) => x.descricao)).toEqual(['abacaxi', 'Água mineral', 'Xis salada']);
    // The product list reads the same way.
    const lista = await admin('POST', '/produtoGeral/getPopulate', { sort: { descricao: 1 }, limit: 20000 });
    const [x, y, z] = posicao(['abacaxi', 'Água mineral', 'Xis salada'], (lista.body.data as { descricao: string }[]).map((l) => l.descricao));
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThan(y!);
    expect(y).toBeLessThan(z!);
  });
});
