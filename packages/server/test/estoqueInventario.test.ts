import { gtinCheckDigit } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn, withCookie } from './http.ts';
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

  it('adds a product found on the shelf that was not frozen, by barcode, code or search: it starts at 0 and a gain is valued at the average, else the last cost, else the registered cost', async () => {
    const un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const gtin = `789100000123${gtinCheckDigit('789100000123')}`;
    const azeite = await criar(admin, 'produtoGeral', { descricao: 'Azeite extravirgem', unidade: un._id, gtin });
    const sal = await criar(admin, 'produtoGeral', { descricao: 'Sal grosso', unidade: un._id, codigo: 'SAL-01' });
    const vinagre = await criar(admin, 'produtoGeral', { descricao: 'Vinagre', unidade: un._id });
    // The olive oil was only ever bought by the other store of the group; the salt has a registered cost here.
    const token = await signIn(ctx.app, 'admin@demo.com.br');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/sessao/empresa', payload: { empresa: ctx.seed.demo.empresas[1] }, ...withCookie(token) })).statusCode).toBe(200);
    const outraLoja = apiClient(ctx.app, token);
    const despensa = await criar(outraLoja, 'estoqueCadastro', { descricao: 'Despensa' });
    expect((await outraLoja('POST', '/estoqueDocumento', { tipo: 'entradaManual', local: despensa._id, itens: [{ produto: azeite._id, quantidade: '6', custoUnitario: '4500' }] })).status).toBe(201);
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: sal._id, preco: 0, custo: 250, modosVenda: [] });

    const inv = (await admin('POST', '/estoqueInventario', { descricao: 'Achados na câmara', locais: [camara._id] })).body.data;
    const incluir = (body: Record<string, unknown>) => admin('POST', `/estoqueInventario/${inv._id}/itens`, body);
    // A GTIN-13 read as GTIN-14 (a leading zero) finds it; the count can come with it.
    const porBarras = await incluir({ local: camara._id, codigo: `0${gtin}`, contado: '2' });
    expect(porBarras.status).toBe(200);
    expect(porBarras.body.data.incluida).toEqual({ local: camara._id, produto: azeite._id });
    expect((await incluir({ local: camara._id, codigo: 'sal-01', contado: '3' })).status).toBe(200);
    expect((await incluir({ local: camara._id, produto: vinagre._id, contado: '1' })).status).toBe(200);
    // Rice has an average in this company (bought for the dry store): the gain in the cold room is valued at it.
    const arroz = await incluir({ local: camara._id, produto: p.Arroz });
    expect(arroz.status).toBe(200);
    const linha = (detalhe: { itens: Record<string, unknown>[] }, produto: string) => detalhe.itens.find((i) => i.produto === produto)!;
    expect(linha(arroz.body.data, p.Arroz!)).toMatchObject({ congelado: '0.0000', contado: null, custoMedio: '589.0000', custoOrigem: 'medio', incluidoPor: 'Administrador Demonstração', contadoPor: null });
    expect((await admin('POST', `/estoqueInventario/${inv._id}/contagem`, { itens: [{ local: camara._id, produto: p.Arroz, contado: '1' }] })).status).toBe(200);

    const detalhe = (await admin('GET', `/estoqueInventario/${inv._id}`)).body.data;
    const resumo = (produto: string) => {
      const l = linha(detalhe, produto);
      return [l.descricao, l.congelado, l.contado, l.custoMedio, l.custoOrigem, l.valor, l.incluidoEm !== null];
    };
    expect([resumo(azeite._id), resumo(sal._id), resumo(vinagre._id), resumo(p.Arroz!), resumo(p.Alcatra!)]).toEqual([
      ['Azeite extravirgem', '0.0000', '2.0000', '4500.0000', 'ultimo', 9000, true],
      ['Sal grosso', '0.0000', '3.0000', '250.0000', 'cadastro', 750, true],
      ['Vinagre', '0.0000', '1.0000', '0.0000', 'semCusto', 0, true],
      ['Arroz', '0.0000', '1.0000', '589.0000', 'medio', 589, true],
      ['Alcatra', '8.5000', null, '4500.0000', 'medio', null, false],
    ]);

    // Every refusal names its field; a line already there is a conflict.
    const erros = await Promise.all([
      incluir({ local: camara._id, produto: 'nao-existe' }),
      incluir({ local: camara._id, codigo: '0000' }),
      incluir({ local: seco._id, produto: vinagre._id }),
      incluir({ local: camara._id }),
      incluir({ local: camara._id, produto: vinagre._id, contado: '-1' }),
    ]);
    expect(erros.map((r) => [r.status, Object.keys(r.body.data.campos ?? {})])).toEqual([
      [400, ['produto']],
      [400, ['codigo']],
      [400, ['local']],
      [400, ['produto']],
      [400, ['contado']],
    ]);
    expect(erros.map((r) => r.body.data.message)).toEqual([
      'Produto: Produto não encontrado.',
      'Código: Nenhum produto com o código ou código de barras 0000.',
      'Local: Este local não está neste inventário.',
      'Produto: Escolha o produto ou informe o código.',
      expect.stringMatching(/^Quantidade contada: /),
    ]);
    const repetido = await incluir({ local: camara._id, produto: p.Alcatra });
    expect([repetido.status, repetido.body.data.message]).toEqual([409, 'Alcatra já está neste inventário em Câmara fria: conte-o na linha dele.']);

    // Another group cannot add to it, nor find this group's products from its own count; the cashier may not.
    expect((await vizinho('POST', `/estoqueInventario/${inv._id}/itens`, { local: camara._id, produto: vinagre._id })).status).toBe(404);
    const un2 = await criar(vizinho, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const depositoVizinho = await criar(vizinho, 'estoqueCadastro', { descricao: 'Depósito' });
    await criar(vizinho, 'produtoGeral', { descricao: 'Produto do vizinho', unidade: un2._id });
    const invVizinho = (await vizinho('POST', '/estoqueInventario', { descricao: 'Deles', locais: [depositoVizinho._id] })).body.data;
    const alheio = await vizinho('POST', `/estoqueInventario/${invVizinho._id}/itens`, { local: depositoVizinho._id, produto: vinagre._id });
    expect([alheio.status, alheio.body.data.campos]).toEqual([400, { produto: 'Produto não encontrado.' }]);
    expect((await vizinho('POST', `/estoqueInventario/${invVizinho._id}/itens`, { local: depositoVizinho._id, codigo: gtin })).status).toBe(400);
    expect((await caixa('POST', `/estoqueInventario/${inv._id}/itens`, { local: camara._id, produto: vinagre._id })).status).toBe(403);

    // Approval posts the gains at those costs: the olive oil and the salt come in at their own cost, the rice at the average.
    expect((await admin('POST', `/estoqueInventario/${inv._id}/aprovar`)).status).toBe(200);
    const posicao = Object.fromEntries(((await admin('POST', '/relatorioEstoqueProduto', { local: camara._id })).body.data as { descricao: string; quantidade: string; custoMedio: string; valor: number }[]).map((l) => [l.descricao, [l.quantidade, l.custoMedio, l.valor]]));
    expect([posicao['Azeite extravirgem'], posicao['Sal grosso'], posicao.Vinagre, posicao.Arroz]).toEqual([
      ['2.0000', '4500.0000', 9000],
      ['3.0000', '250.0000', 750],
      ['1.0000', '0.0000', 0],
      ['1.0000', '589.0000', 589],
    ]);
    const fechado = await incluir({ local: camara._id, produto: vinagre._id });
    expect([fechado.status, fechado.body.data.message]).toEqual([409, expect.stringMatching(/^Este inventário já foi aprovado em /)]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });
});

