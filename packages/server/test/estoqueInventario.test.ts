import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/** A stock count: frozen balances, counts by several people, approval posting exact differences once. */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let caixa: Api;
let camara: { _id: string };
let seco: { _id: string };
const p: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
  camara = await criar(admin, 'estoqueCadastro', { descricao: 'Câmara fria' });
  seco = await criar(admin, 'estoqueCadastro', { descricao: 'Estoque seco' });
  for (const d of ['Alcatra', 'Picanha', 'Arroz', 'Feijão']) p[d] = (await criar(admin, 'produtoGeral', { descricao: d, unidade: kg._id }))._id;
  const entrada = (local: string, itens: [string, string, string][]) =>
    admin('POST', '/estoqueDocumento', { tipo: 'entradaManual', local, itens: itens.map(([produto, quantidade, custoUnitario]) => ({ produto: p[produto], quantidade, custoUnitario })) });
  await entrada(camara._id, [['Alcatra', '10', '4500'], ['Picanha', '5', '8990']]);
  await entrada(seco._id, [['Arroz', '50', '589'], ['Feijão', '30', '849']]);
});
afterAll(async () => ctx?.close());

const saldo = async (produto: string, local: string) =>
  ((await admin('POST', '/relatorioEstoqueProduto', { local })).body.data as { produto: string; quantidade: string }[]).find((l) => l.produto === p[produto])?.quantidade;

describe('estoqueInventario', () => {
  it('freezes, takes counts from two people at once, values the differences, and approval posts them at the freeze; approving again is 409', async () => {
    const aberto = await admin('POST', '/estoqueInventario', { descricao: 'Contagem mensal', locais: [camara._id, seco._id] });
    expect(aberto.status).toBe(200);
    const inv = aberto.body.data;
    expect(inv).toMatchObject({ numero: 1, status: 'aberto', totais: { linhas: 4, contadas: 0 } });
    expect(inv.itens.map((i: Record<string, unknown>) => [i.localDescricao, i.descricao, i.congelado])).toEqual([
      ['Câmara fria', 'Alcatra', '10.0000'],
      ['Câmara fria', 'Picanha', '5.0000'],
      ['Estoque seco', 'Arroz', '50.0000'],
      ['Estoque seco', 'Feijão', '30.0000'],
    ]);

    // A sale-like exit after the freeze: the count is of the frozen moment, so it stays on top.
    await admin('POST', '/estoqueDocumento', { tipo: 'saidaManual', local: camara._id, motivo: 'Consumo interno', itens: [{ produto: p.Alcatra, quantidade: '1' }] });

    const [a, b] = await Promise.all([
      admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: camara._id, produto: p.Alcatra, contado: '9,5' }, { local: camara._id, produto: p.Picanha, contado: '5' }] }),
      admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: seco._id, produto: p.Arroz, contado: '48.250' }] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const detalhe = (await admin('GET', `/estoqueInventario/${inv._id}`)).body.data;
    expect(detalhe.itens.map((i: Record<string, unknown>) => [i.descricao, i.contado, i.diferenca, i.valor])).toEqual([
      ['Alcatra', '9.5000', '-0.5000', -2250],
      ['Picanha', '5.0000', '0.0000', 0],
      ['Arroz', '48.2500', '-1.7500', -1031],
      ['Feijão', null, null, null],
    ]);
    expect(detalhe.totais).toMatchObject({ contadas: 3, faltas: -3281, sobras: 0, diferenca: -3281 });

    const aprovado = await admin('POST', `/estoqueInventario/${inv._id}/aprovar`);
    expect(aprovado.status).toBe(200);
    expect(aprovado.body.data.status).toBe('aprovado');
    // Counted 9,5 at the freeze, 1 left since: 8,5. Uncounted lines do not move.
    expect([await saldo('Alcatra', camara._id), await saldo('Picanha', camara._id), await saldo('Arroz', seco._id), await saldo('Feijão', seco._id)]).toEqual(['8.5000', '5.0000', '48.2500', '30.0000']);
    const denovo = await Promise.all([admin('POST', `/estoqueInventario/${inv._id}/aprovar`), admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: seco._id, produto: p.Arroz, contado: '1' }] })]);
    expect(denovo.map((r) => r.status)).toEqual([409, 409]);
    expect(denovo[0].body.data.message).toMatch(/^Este inventário já foi aprovado em /);
    expect(await saldo('Arroz', seco._id)).toBe('48.2500');
    const lista = (await admin('POST', '/estoqueInventario/lista')).body.data;
    expect(lista[0]).toMatchObject({ numero: 1, status: 'aprovado', linhas: 4, contadas: 3, diferenca: -3281 });
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('shows every wrong line at once, and a product counted that was not frozen joins with its balance at the freeze', async () => {
    const inv = (await admin('POST', '/estoqueInventario', { descricao: 'Só a câmara', locais: [camara._id], produtos: [p.Alcatra] })).body.data;
    expect(inv.itens).toHaveLength(1);
    const erros = await admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: camara._id, produto: p.Alcatra, contado: '-1' }, { local: camara._id, produto: p.Picanha, contado: '1.23456' }] });
    expect(erros.status).toBe(400);
    expect(Object.keys(erros.body.data.campos)).toEqual(['itens.0.contado', 'itens.1.contado']);
    expect(erros.body.data.message).toMatch(/^2 linhas com erro\. Linha 1, quantidade contada: /);
    const fora = await admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: seco._id, produto: p.Arroz, contado: '1' }] });
    expect([fora.status, fora.body.data.message]).toEqual([400, 'Linha 1, local: Este local não está neste inventário.']);
    const novo = await admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: camara._id, produto: p.Picanha, contado: '4' }] });
    expect(novo.body.data.itens.find((i: Record<string, unknown>) => i.produto === p.Picanha)).toMatchObject({ congelado: '5.0000', diferenca: '-1.0000' });
    expect((await admin('POST', `/estoqueInventario/${inv._id}/cancelar`)).body.data.status).toBe('cancelado');
    expect((await admin('POST', `/estoqueInventario/${inv._id}/aprovar`)).status).toBe(409);
    expect(await saldo('Picanha', camara._id)).toBe('5.0000');
  });

  it('relatorioMovimentacaoProdutos lists the period’s movements by kind with totals, filtered by kind and location', async () => {
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const todos = (await admin('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje })).body.data;
    const porTipo = Object.fromEntries(todos.totais.map((t: { tipo: string; movimentos: number }) => [t.tipo, t.movimentos]));
    expect(porTipo).toMatchObject({ entrada: 4, saidaManual: 1, ajusteInventario: 2 });
    expect(todos.truncado).toBe(false);
    const ajustes = (await admin('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje, tipos: ['ajusteInventario'], local: camara._id })).body.data;
    expect(ajustes.linhas.map((l: Record<string, unknown>) => [l.descricao, l.quantidade, l.valor, l.documentoNumero, l.localDescricao])).toEqual([['Alcatra', '-0.5000', -2250, 1, 'Câmara fria']]);
    const errado = await admin('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje, tipos: ['furto'] });
    expect([errado.status, errado.body.data.message]).toEqual([400, 'Tipos de movimento: Tipo de movimento desconhecido.']);
  });

  it('another group and a profile without the screen see and change nothing', async () => {
    const inv = (await admin('POST', '/estoqueInventario', { descricao: 'Privado', locais: [seco._id] })).body.data;
    expect((await vizinho('GET', `/estoqueInventario/${inv._id}`)).status).toBe(404);
    expect((await vizinho('POST', `/estoqueInventario/${inv._id}/aprovar`)).status).toBe(404);
    expect((await vizinho('POST', '/estoqueInventario/lista')).body.data).toEqual([]);
    expect((await vizinho('POST', '/estoqueInventario', { descricao: 'Invasão', locais: [seco._id] })).status).toBe(400);
    expect((await caixa('POST', '/estoqueInventario/lista')).status).toBe(403);
    expect((await caixa('POST', `/estoqueInventario/${inv._id}/aprovar`)).status).toBe(403);
  });
});
