import { hojeNoFuso } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * Purchase orders (estoquePedidoCompra): a draft in the supplier's unit converted by its factor, sent,
 * received in part and then the rest (stock and average cost exact, divergences kept), the same receipt
 * confirmed twice posting once, 400 naming the field, and the wall between groups.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let fornecedor: string;
let almox: string;
let arroz: string;
let oleo: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KGPC', descricao: 'Quilograma', fracionado: true });
  const lt = await criar(admin, 'unidadeMedida', { sigla: 'LTPC', descricao: 'Litro', fracionado: true });
  fornecedor = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '47382915000172', nome: 'Atacadão Cerealista Ltda', fornecedor: true }))._id;
  almox = (await criar(admin, 'estoqueCadastro', { descricao: 'Depósito de secos' }))._id;
  arroz = (await criar(admin, 'produtoGeral', { descricao: 'Arroz agulhinha', unidade: kg._id }))._id;
  oleo = (await criar(admin, 'produtoGeral', { descricao: 'Óleo de soja', unidade: lt._id }))._id;
  // The supplier sells rice in 5 KG bags: its mapping gives the factor.
  await criar(admin, 'estoqueProdutoFornecedor', { fornecedor, codigo: 'ARZ5', produto: arroz, unidadeCompra: 'FD5', fator: '5' });
});
afterAll(async () => ctx?.close());

const novo = (extra: Record<string, unknown> = {}) => ({
  fornecedor,
  previsaoEntrega: '2026-12-05',
  itens: [
    { produto: arroz, unidade: 'FD5', quantidade: '10', precoUnitario: '2790' },
    { produto: oleo, unidade: 'CX', fator: '9', quantidade: '2', precoUnitario: '6345.5' },
  ],
  ...extra,
});
const abrir = async (api = admin) => {
  const r = await api('POST', '/estoquePedidoCompra', novo());
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; numero: number; status: string; valor: number; version: number; itens: { fator: string; valor: number }[] };
};
const posicao = async (produto: string) =>
  ((await admin('POST', '/relatorioEstoqueProduto', { local: almox })).body.data as { produto: string; quantidade: string; custoMedio: string; valor: number }[]).find((l) => l.produto === produto);

describe('estoquePedidoCompra', () => {
  it('opens a draft with the factor from the supplier mapping and exact totals, sends it, receives part and then the rest into the stock', async () => {
    const pedido = await abrir();
    expect(pedido.status).toBe('rascunho');
    // 10 × R$ 27,90 + 2 × R$ 63,455 = 279,00 + 126,91
    expect(pedido.itens.map((i) => [i.fator, i.valor])).toEqual([['5.000000', 27900], ['9.000000', 12691]]);
    expect(pedido.valor).toBe(40591);
    const recusado = await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: pedido.version, local: almox, itens: [{ linha: 0, quantidade: '4' }] });
    expect(recusado.status).toBe(409);
    const enviado = await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`);
    expect(enviado.status).toBe(200);
    expect(enviado.body.data.status).toBe('enviado');

    // 4 bags now, at a higher price than ordered: 20 KG in at 28,50 ÷ 5 = 5,70 per KG.
    const parte = await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: enviado.body.data.version, local: almox, itens: [{ linha: 0, quantidade: '4', precoUnitario: '2850' }] });
    expect(parte.status, JSON.stringify(parte.body)).toBe(200);
    expect(parte.body.data.pedido.status).toBe('recebidoParcialmente');
    expect(await posicao(arroz)).toMatchObject({ quantidade: '20.0000', custoMedio: '570.0000', valor: 11400 });
    expect(parte.body.data.pedido.recebimentos[0].itens[0].divergencias).toEqual({ precoUnitario: '2850.0000' });
    // The supplier's mapping keeps the last price paid per bag.
    const mapeamento = async () => ((await admin('POST', '/estoqueProdutoFornecedor/getPopulate', { filtro: { produto: arroz }, limit: 10, skip: 0 })).body.data as { _id: string; ultimoPreco: number | null; ultimaCompraEm: string | null; version: number }[])[0]!;
    expect(await mapeamento()).toMatchObject({ ultimoPreco: 2850, ultimaCompraEm: hojeNoFuso(new Date()) });

    // The same confirmation sent again (same version read) posts nothing.
    const deNovo = await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: enviado.body.data.version, local: almox, itens: [{ linha: 0, quantidade: '4', precoUnitario: '2850' }] });
    expect(deNovo.status).toBe(409);
    expect((await posicao(arroz))!.quantidade).toBe('20.0000');

    // The rest: 6 bags at the order's price, and the oil with one box more than ordered.
    const resto = await admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, {
      version: parte.body.data.pedido.version,
      local: almox,
      itens: [{ linha: 0, quantidade: '6' }, { linha: 1, quantidade: '3' }],
    });
    expect(resto.status, JSON.stringify(resto.body)).toBe(200);
    expect(resto.body.data.pedido.status).toBe('recebido');
    expect((await mapeamento()).ultimoPreco).toBe(2790);
    // Written by the receipts only: a client's value is ignored.
    const m = await mapeamento();
    const editado = await admin('PUT', `/estoqueProdutoFornecedor/${m._id}`, { fornecedor, codigo: 'ARZ5', produto: arroz, unidadeCompra: 'FD5', fator: '5', prazoEntrega: 2, ultimoPreco: 1, ultimaCompraEm: '2000-01-01', version: m.version });
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    expect(await mapeamento()).toMatchObject({ ultimoPreco: 2790, ultimaCompraEm: hojeNoFuso(new Date()) });
    // 20 KG at 5,70 + 30 KG at 5,58 = 50 KG, average (114 + 167,40) ÷ 50 = 5,628.
    expect(await posicao(arroz)).toMatchObject({ quantidade: '50.0000', custoMedio: '562.8000', valor: 28140 });
    // 3 boxes × 9 L at 63,455 ÷ 9 per L.
    expect(await posicao(oleo)).toMatchObject({ quantidade: '27.0000', valor: 19037 });
    const detalhe = (await admin('GET', `/estoquePedidoCompra/${pedido._id}`)).body.data;
    expect(detalhe.itens.map((i: Record<string, unknown>) => [i.descricao, i.quantidadeRecebida])).toEqual([['Arroz agulhinha', '10.0000'], ['Óleo de soja', '3.0000']]);
    expect(detalhe.recebimentos[1].itens[1].divergencias).toEqual({ quantidade: '1.0000' });
    expect((await admin('POST', `/estoquePedidoCompra/${pedido._id}/cancelar`, { motivo: 'Desistimos' })).status).toBe(409);
    // The stock report names the movements by the order's number.
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const movs = (await admin('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje })).body.data.linhas as Record<string, unknown>[];
    const doPedido = movs.filter((m) => m.documentoTipo === 'pedidoCompra' && m.documentoNumero === pedido.numero);
    expect(doPedido.map((m) => [m.descricao, m.quantidade]).sort()).toEqual([['Arroz agulhinha', '20.0000'], ['Arroz agulhinha', '30.0000'], ['Óleo de soja', '27.0000']]);
    const lista = (await admin('POST', '/estoquePedidoCompra/lista', { status: 'recebido' })).body.data as { _id: string; fornecedorNome: string }[];
    expect(lista.find((l) => l._id === pedido._id)?.fornecedorNome).toBe('Atacadão Cerealista Ltda');
  });

  it('posts once when two confirmations of the same receipt arrive at once', async () => {
    const pedido = await abrir();
    const enviado = (await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`)).body.data;
    const antes = (await posicao(oleo))!.quantidade;
    const corpo = { version: enviado.version, local: almox, itens: [{ linha: 1, quantidade: '1' }] };
    const respostas = await Promise.all([admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, corpo), admin('POST', `/estoquePedidoCompra/${pedido._id}/receber`, corpo)]);
    expect(respostas.map((r) => r.status).sort()).toEqual([200, 409]);
    // One box of 9 L, once.
    expect(Number((await posicao(oleo))!.quantidade) - Number(antes)).toBe(9);
    expect((await admin('GET', `/estoquePedidoCompra/${pedido._id}`)).body.data.recebimentos).toHaveLength(1);
  });

  it('answers 400 naming the field, and cancels a draft', async () => {
    const semPreco = await admin('POST', '/estoquePedidoCompra', novo({ itens: [{ produto: arroz, quantidade: '1' }] }));
    expect(semPreco.status).toBe(400);
    expect(semPreco.body.data.message).toContain('Item 1, preço unitário');
    const float = await admin('POST', '/estoquePedidoCompra', novo({ itens: [{ produto: arroz, quantidade: '1.00001', precoUnitario: '10' }] }));
    expect(float.status).toBe(400);
    expect(float.body.data.message).toContain('Item 1, quantidade');
    const semFornecedor = await admin('POST', '/estoquePedidoCompra', novo({ fornecedor: almox }));
    expect(semFornecedor.status).toBe(400);
    expect(semFornecedor.body.data.message).toContain('Fornecedor');
    const pedido = await abrir();
    const cancelado = await admin('POST', `/estoquePedidoCompra/${pedido._id}/cancelar`, { motivo: 'Pedido em duplicidade' });
    expect(cancelado.body.data.status).toBe('cancelado');
    expect((await admin('POST', `/estoquePedidoCompra/${pedido._id}/enviar`)).status).toBe(409);
  });

  it('keeps the orders behind the wall between groups', async () => {
    const pedido = await abrir();
    expect((await vizinho('GET', `/estoquePedidoCompra/${pedido._id}`)).status).toBe(404);
    expect((await vizinho('POST', `/estoquePedidoCompra/${pedido._id}/enviar`)).status).toBe(404);
    expect((await vizinho('POST', `/estoquePedidoCompra/${pedido._id}/cancelar`, { motivo: 'Invasão' })).status).toBe(404);
    const lista = (await vizinho('POST', '/estoquePedidoCompra/lista', {})).body.data as { _id: string }[];
    expect(lista.some((l) => l._id === pedido._id)).toBe(false);
    // Another group's supplier cannot be used either.
    expect((await vizinho('POST', '/estoquePedidoCompra', novo())).status).toBe(400);
    expect((await admin('GET', `/estoquePedidoCompra/${pedido._id}`)).body.data.status).toBe('rascunho');
  });
});
