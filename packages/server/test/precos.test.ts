import { mensagens, produtosRemovidos } from '@retaguarda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registro } from '../src/db/schema/index.ts';
import { novoProduto } from './amostrasPrecos.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** Promotions, combos and price tables: SPEC.md §7 calls, money in centavos, exact percentages. */
let ctx: TestContext;
let api: Api;
let outraEmpresa: Api;
beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  const token = await signIn(ctx.app, 'admin@demo.com.br');
  const troca = await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) });
  expect(troca.statusCode).toBe(200);
  outraEmpresa = apiClient(ctx.app, token);
});
afterAll(async () => ctx?.close());

const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);
const etapa = (produtos: string[], extra: Record<string, unknown> = {}) => ({ descricao: 'Escolha', produtos, ...extra });

describe('produtoCombo/getPopulate (SPEC.md §7)', () => {
  it('{filtro: {habilitado: true}, sort: {desconto: -1}, populate: agrupadores.produtos}: enabled combos, biggest discount first, each step with its products', async () => {
    const burger = await novoProduto(api, 'Burger');
    const suco = await novoProduto(api, 'Suco');
    const corpo = (descricao: string, desconto: string, extra: Record<string, unknown> = {}) => ({
      descricao,
      tipoPreco: 'Desconto',
      desconto,
      agrupadores: [etapa([burger._id]), etapa([suco._id, burger._id], { minimo: 0, maximo: 2 })],
      ...extra,
    });
    // As text '5.00' would sort above '12.50': the order must be numeric.
    const cinco = await criar(api, 'produtoCombo', corpo('Combo cinco', '5'));
    const dozeEMeio = await criar(api, 'produtoCombo', corpo('Combo doze e meio', '12,5'));
    const fixo = await criar(api, 'produtoCombo', { descricao: 'Combo fixo', preco: 3990, agrupadores: [etapa([burger._id])] });
    await criar(api, 'produtoCombo', corpo('Combo desligado', '50', { habilitado: false }));
    await criar(outraEmpresa, 'produtoCombo', corpo('Combo da outra loja', '30'));

    const res = await api('POST', '/produtoCombo/getPopulate', { filtro: { habilitado: true }, sort: { desconto: -1 }, populate: 'agrupadores.produtos' });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([dozeEMeio._id, cinco._id, fixo._id]);
    expect(res.body.data.map((c: { desconto: string }) => c.desconto)).toEqual(['12.50', '5.00', '0.00']);
    const [primeiro] = res.body.data;
    expect(primeiro.agrupadores[1].produtos.map((p: { _id: string; descricao: string }) => [p._id, p.descricao])).toEqual([
      [suco._id, suco.descricao],
      [burger._id, burger.descricao],
    ]);
    expect(res.body.data[2]).toMatchObject({ tipoPreco: 'Preço fixo', preco: 3990 });
  });

  it('keeps money in whole centavos and names the field of a bad step', async () => {
    const p = await novoProduto(api, 'Refri');
    const quebrado = await api('POST', '/produtoCombo', { descricao: 'Centavos quebrados', preco: 39.9, agrupadores: [etapa([p._id])] });
    expect(quebrado.status).toBe(400);
    expect(quebrado.body.data.message).toBe('Preço do combo: Informe o preço em centavos.');
    const semPreco = await api('POST', '/produtoCombo', { descricao: 'Sem preço', agrupadores: [etapa([p._id])] });
    expect(semPreco.body.data).toMatchObject({ message: 'Preço do combo: Informe o preço do combo.', campos: { preco: 'Informe o preço do combo.' } });
    const sumido = await api('POST', '/produtoCombo', { descricao: 'Produto sumido', preco: 100, agrupadores: [etapa([p._id, 'nao-existe'])] });
    expect(sumido.status).toBe(400);
    expect(Object.keys(sumido.body.data.campos)).toEqual(['agrupadores.0.produtos']);
    const demais = await api('POST', '/produtoCombo', { descricao: 'Desconto demais', tipoPreco: 'Desconto', desconto: '100.01', agrupadores: [etapa([p._id])] });
    expect(demais.body.data.message).toBe('Desconto (%): O desconto deve ser no máximo 100.');
  });

  it("takes as the combo's own product only one of tipoProduto combo, naming the field", async () => {
    const lanche = await novoProduto(api, 'Lanche avulso');
    const combo = await novoProduto(api, 'Combo do dia', { tipoProduto: 'combo' });
    const errado = await api('POST', '/produtoCombo', { descricao: 'Combo com produto normal', produto: lanche._id, preco: 2500, agrupadores: [etapa([lanche._id])] });
    expect(errado.status).toBe(400);
    expect(errado.body.data.campos).toEqual({ produto: `O produto ${lanche.codigo} - ${lanche.descricao} é do tipo normal; o produto do combo precisa ser do tipo combo.` });
    expect(errado.body.data.message).toMatch(/^Produto do combo: O produto /);
    const certo = await criar(api, 'produtoCombo', { descricao: 'Combo com produto combo', produto: combo._id, preco: 2500, agrupadores: [etapa([lanche._id])] });
    expect(certo.produto).toBe(combo._id);
    // Changing the combo to a normal product later is refused the same way.
    const troca = await api('PUT', `/produtoCombo/${certo._id}`, { version: certo.version, produto: lanche._id });
    expect(troca.status).toBe(400);
    expect(Object.keys(troca.body.data.campos)).toEqual(['produto']);
  });
});

describe('produtoPromocao/getPopulate (SPEC.md §7) and the warning of SPEC.md §5', () => {
  it('{filtro: {habilitado: true}, populate: produtos.produto}: enabled promotions of the company with their products', async () => {
    const pizza = await novoProduto(api, 'Pizza');
    const refri = await novoProduto(api, 'Refrigerante');
    const terca = await criar(api, 'produtoPromocao', {
      descricao: 'Terça da pizza',
      validoDe: '2026-11-01',
      diasSemana: ['Terça'],
      horaInicio: '18:00',
      horaFim: '23:00',
      canais: ['Delivery', 'App'],
      produtos: [{ produto: pizza._id, precoPromocional: 3990 }],
    });
    const porcento = await criar(api, 'produtoPromocao', { descricao: 'Refri 15%', tipo: 'Percentual de desconto', percentual: '15', validoDe: '2026-11-01', produtos: [{ produto: refri._id }] });
    await criar(api, 'produtoPromocao', { descricao: 'Desligada', validoDe: '2026-11-01', produtos: [{ produto: pizza._id, precoPromocional: 100 }], habilitado: false });
    await criar(outraEmpresa, 'produtoPromocao', { descricao: 'Da outra loja', validoDe: '2026-11-01', produtos: [{ produto: pizza._id, precoPromocional: 100 }] });

    const res = await api('POST', '/produtoPromocao/getPopulate', { filtro: { habilitado: true }, populate: 'produtos.produto' });
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([terca._id, porcento._id].sort());
    const achada = res.body.data.find((p: { _id: string }) => p._id === terca._id);
    expect(achada.produtos).toEqual([{ produto: expect.objectContaining({ _id: pizza._id, descricao: pizza.descricao, lixo: false }), precoPromocional: 3990 }]);
    expect(achada).toMatchObject({ diasSemana: ['Terça'], horaInicio: '18:00', horaFim: '23:00', canais: ['Delivery', 'App'], percentual: null });
    expect(res.body.data.find((p: { _id: string }) => p._id === porcento._id)).toMatchObject({ percentual: '15.00', produtos: [{ precoPromocional: null }] });
  });

  it('a product trashed or deleted after it was listed comes back so the warning can be shown', async () => {
    const fica = await novoProduto(api, 'Fica');
    const lixo = await novoProduto(api, 'Vai para a lixeira');
    const apagado = await novoProduto(api, 'Apagado');
    const promo = await criar(api, 'produtoPromocao', {
      descricao: 'Com produtos removidos',
      validoDe: '2026-11-01',
      produtos: [fica, lixo, apagado].map((p) => ({ produto: p._id, precoPromocional: 500 })),
    });
    expect((await api('DELETE', `/produtoGeral/${lixo._id}`)).status).toBe(200);
    // Records are never deleted by the API; a record gone from the database (a manual cleanup) must not break the list.
    await ctx.db.delete(registro).where(and(eq(registro.id, apagado._id), eq(registro.recurso, 'produtoGeral')));

    const res = await api('POST', '/produtoPromocao/getPopulate', { filtro: { _id: promo._id, habilitado: true }, populate: 'produtos.produto' });
    const produtos = res.body.data[0].produtos;
    expect(produtos.map((p: { produto: { _id: string; lixo: boolean } | null }) => p.produto && [p.produto._id, p.produto.lixo])).toEqual([[fica._id, false], [lixo._id, true], null]);
    expect(produtosRemovidos(produtos)).toEqual([1, 2]);
    expect(mensagens.promocaoProdutoRemovido).toBe('Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo');
    // Saving it again asks for the products to be reviewed, naming each row.
    const salvar = await api('PUT', `/produtoPromocao/${promo._id}`, { descricao: 'Revisada', version: promo.version });
    expect(salvar.status).toBe(400);
    expect(Object.keys(salvar.body.data.campos)).toEqual(['produtos.1.produto', 'produtos.2.produto']);
  });

  it('prices in centavos and exact percentages, with the rules named by field', async () => {
    const p = await novoProduto(api, 'Lasanha');
    const base = { descricao: 'Regras', validoDe: '2026-11-01', produtos: [{ produto: p._id, precoPromocional: 2990 }] };
    const casos: [Record<string, unknown>, string, string][] = [
      [{ produtos: [{ produto: p._id, precoPromocional: 29.9 }] }, 'produtos.0.precoPromocional', 'Produtos: Informe o preço promocional em centavos.'],
      [{ tipo: 'Percentual de desconto', percentual: '12.345' }, 'percentual', 'Desconto (%): O percentual de desconto: use no máximo 2 casas decimais.'],
      [{ tipo: 'Percentual de desconto' }, 'percentual', 'Desconto (%): Informe o percentual de desconto.'],
      [{ validoAte: '2026-10-01' }, 'validoAte', 'Válido até: O fim da validade não pode ser antes do início.'],
      [{ horaInicio: '18:00' }, 'horaFim', 'Até: Informe as duas horas, ou nenhuma para valer o dia todo.'],
      [{ diasSemana: [] }, 'diasSemana', 'Dias da semana: Escolha ao menos um dia da semana.'],
      [{ canais: ['Fax'] }, 'canais.0', 'Canais: Canal desconhecido.'],
      [{ produtos: [] }, 'produtos', 'Produtos: Inclua ao menos um produto.'],
      [{ produtos: [{ produto: p._id, precoPromocional: 1 }, { produto: p._id, precoPromocional: 2 }] }, 'produtos.1.produto', 'Produtos: Este produto já está na promoção.'],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const res = await api('POST', '/produtoPromocao', { ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.data.message).toBe(mensagem);
      expect(Object.keys(res.body.data.campos)).toContain(campo);
    }
    const ok = await criar(api, 'produtoPromocao', { ...base, tipo: 'Percentual de desconto', percentual: '12,5' });
    expect(ok).toMatchObject({ percentual: '12.50', produtos: [{ produto: p._id, precoPromocional: 2990 }] });
  });
});

describe('tabelaVenda and tabelaPrecoTransferenciasLojas', () => {
  it('a fixed price in centavos or an exact % per product, sorted by priority as a number', async () => {
    const p = await novoProduto(api, 'Pizza da tabela');
    const ifood = await criar(api, 'tabelaVenda', { descricao: 'iFood', validoDe: '2026-11-01', canais: ['App'], prioridade: 10, itens: [{ produto: p._id, tipo: 'Percentual', percentual: '-7,5' }] });
    const balcao = await criar(api, 'tabelaVenda', { descricao: 'Balcão', validoDe: '2026-11-01', prioridade: 9, itens: [{ produto: p._id, preco: 4590 }] });
    expect(ifood.itens).toEqual([{ produto: p._id, tipo: 'Percentual', preco: null, percentual: '-7.50' }]);
    expect(balcao.itens).toEqual([{ produto: p._id, tipo: 'Preço fixo', preco: 4590, percentual: null }]);
    const res = await api('POST', '/tabelaVenda/getPopulate', { filtro: { _id: { $in: [ifood._id, balcao._id] } }, sort: { prioridade: -1 }, populate: 'itens.produto' });
    expect(ids(res)).toEqual([ifood._id, balcao._id]);
    expect(res.body.data[0].itens[0].produto).toMatchObject({ _id: p._id, descricao: p.descricao });
    const semValor = await api('POST', '/tabelaVenda', { descricao: 'Sem valor', validoDe: '2026-11-01', itens: [{ produto: p._id, tipo: 'Percentual' }] });
    expect(semValor.body.data).toMatchObject({ message: 'Preços por produto: Informe o ajuste (%).', campos: { 'itens.0.percentual': 'Informe o ajuste (%).' } });
    expect(await criar(outraEmpresa, 'tabelaVenda', { descricao: 'iFood', validoDe: '2026-11-01', itens: [{ produto: p._id, preco: 1 }] })).toMatchObject({ descricao: 'iFood' });
  });

  it('transfer prices name stores of the group only', async () => {
    const p = await novoProduto(api, 'Massa fresca');
    const res = await api('POST', '/tabelaPrecoTransferenciasLojas', { descricao: 'Loja estranha', empresaOrigem: 'nao-existe', validoDe: '2026-11-01', itens: [{ produto: p._id, preco: 800 }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.campos)).toEqual(['empresaOrigem']);
    const semNada = await api('POST', '/tabelaPrecoTransferenciasLojas', { descricao: 'Vazia', empresaOrigem: ctx.seed.demo.empresas[0], validoDe: '2026-11-01' });
    expect(semNada.body.data.message).toBe('Preços por produto: Inclua produtos com preço ou informe a margem sobre o custo.');
  });
});

describe('access', () => {
  it('a view-only profile reads promotions but may not create one (403 naming screen and action)', async () => {
    const caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
    const p = await novoProduto(api, 'Produto do caixa');
    const res = await caixa('POST', '/produtoPromocao', { descricao: 'Do caixa', validoDe: '2026-11-01', produtos: [{ produto: p._id, precoPromocional: 100 }] });
    expect(res.status).toBe(403);
    expect((await caixa('POST', '/produtoPromocao/getPopulate', { filtro: { habilitado: true }, populate: 'produtos.produto' })).status).toBe(200);
  });
});
