import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, comChaveRefeita, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { contextoEntradaNfe } from './contextoEntradaNfe.ts';
import type { TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * A purchase order received from the supplier's NF-e: items linked by xPed/nItemPed, else by the supplier's
 * oldest open order of the product, or by the user; the note's posting moves the stock once and the orders'
 * received quantities follow with the divergences kept; posting twice (even at once) receives once.
 */
let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cnpj: string;
let local: string;
let fornecedor: string;
let espacador: string;
let cimento: string;
let fechar: () => Promise<void>;

beforeAll(async () => {
  let un: string;
  ({ ctx, api, vizinho, cnpj, local, un, fechar } = await contextoEntradaNfe('Almoxarifado pedido NF-e'));
  const grama = (await criar(api, 'unidadeMedida', { sigla: 'GPN', descricao: 'Grama pedido NF-e', fracionado: true }))._id;
  espacador = (await criar(api, 'produtoGeral', { descricao: 'Espaçador pedido NF-e', unidade: un }))._id;
  cimento = (await criar(api, 'produtoGeral', { descricao: 'Cimento pedido NF-e', unidade: grama }))._id;
  // The medicos note's issuer, already our supplier, with its codes mapped (the cement's UN is 40 g).
  fornecedor = (await criar(api, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '75335849000115', nome: 'Ortopédica Fornecedora Ltda', fornecedor: true }))._id;
  await criar(api, 'estoqueProdutoFornecedor', { fornecedor, codigo: '880945', produto: espacador, unidadeCompra: 'UN' });
  await criar(api, 'estoqueProdutoFornecedor', { fornecedor, codigo: '880930', produto: espacador, unidadeCompra: 'UN' });
  await criar(api, 'estoqueProdutoFornecedor', { fornecedor, codigo: '880200', produto: cimento, unidadeCompra: 'UN', fator: '40' });
});
afterAll(async () => fechar?.());

const pedidoEnviado = async (itens: Record<string, unknown>[]) => {
  const p = await api('POST', '/estoquePedidoCompra', { fornecedor, itens });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return (await api('POST', `/estoquePedidoCompra/${p.body.data._id}/enviar`)).body.data as { _id: string; numero: number };
};
/** The medicos note, as note `numero`, with xPed/nItemPed on the given items. */
const importar = async (numero: number, pedidos: Record<number, [number, number]>) => {
  let n = 0;
  const xml = comChaveRefeita(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj), { numero }).replace(/<indTot>1<\/indTot>/g, (m) => {
    const p = pedidos[++n];
    return p ? `${m}<xPed>${p[0]}</xPed><nItemPed>${p[1]}</nItemPed>` : m;
  });
  const r = await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: `medicos-${numero}.xml`, conteudo: base64(xml) }] });
  expect(r.body.data[0].situacao, JSON.stringify(r.body)).toBe('pendente');
  return r.body.data[0].entrada as string;
};
const posicao = async (produto: string) => ((await api('POST', '/relatorioEstoqueProduto', { local })).body.data as { produto: string; quantidade: string }[]).find((l) => l.produto === produto)?.quantidade;
type Item = { numero: number; pedido: { numero: number; linha: number; quantidadeNota: string; precoNota: string; precoPedido: string; divergencias: Record<string, string> } | null };
const pedidosDosItens = (itens: Item[]) => itens.map((i) => (i.pedido ? [i.numero, i.pedido.numero, i.pedido.linha, i.pedido.quantidadeNota, i.pedido.precoNota, i.pedido.divergencias] : [i.numero, null]));

let p0: { _id: string; numero: number };
let p1: { _id: string; numero: number };

describe('purchase order received from the supplier NF-e', () => {
  it('links by xPed/nItemPed, else the oldest open order of the product; the posting moves stock once and receives the orders with their divergences', async () => {
    p0 = await pedidoEnviado([{ produto: espacador, unidade: 'UN', quantidade: '1', precoUnitario: '249000' }]);
    // The cement ordered by the box of 40 g (the note's UN), at R$ 200,00.
    p1 = await pedidoEnviado([
      { produto: espacador, unidade: 'UN', quantidade: '3', precoUnitario: '240000' },
      { produto: cimento, unidade: 'CX', fator: '40', quantidade: '10', precoUnitario: '20000' },
    ]);
    const entrada = await importar(1687, { 1: [p1.numero, 1], 3: [p1.numero, 2] });
    const lida = (await api('GET', `/entradaNotaFiscal/${entrada}`)).body.data;
    expect(pedidosDosItens(lida.itens)).toEqual([
      // Item 1 names order p1, line 1: one UN at R$ 2.490,00 against R$ 2.400,00 ordered.
      [1, p1.numero, 0, '1.0000', '249000.0000', { precoUnitario: '249000.0000' }],
      // Item 2 names none: the supplier's oldest open order of the product.
      [2, p0.numero, 0, '1.0000', '249000.0000', {}],
      // 4 UN of 40 g = 160 g = 4 boxes at R$ 200,00.
      [3, p1.numero, 1, '4.0000', '20000.0000', {}],
    ]);

    const lancada = await api('POST', `/entradaNotaFiscal/${entrada}/lancar`, { local });
    expect(lancada.status, JSON.stringify(lancada.body)).toBe(200);
    // The stock came in once, by the note.
    expect(await posicao(espacador)).toBe('2.0000');
    expect(await posicao(cimento)).toBe('160.0000');
    const d1 = (await api('GET', `/estoquePedidoCompra/${p1._id}`)).body.data;
    expect(d1.status).toBe('recebidoParcialmente');
    expect(d1.itens.map((i: { quantidadeRecebida: string }) => i.quantidadeRecebida)).toEqual(['1.0000', '4.0000']);
    expect(d1.recebimentos).toHaveLength(1);
    expect(d1.recebimentos[0]).toMatchObject({ entrada, notaNumero: 1687, valor: 249000 + 80000 });
    expect(d1.recebimentos[0].itens.map((i: { linha: number; quantidade: string; quantidadeEstoque: string; divergencias: unknown }) => [i.linha, i.quantidade, i.quantidadeEstoque, i.divergencias])).toEqual([
      [0, '1.0000', '1.0000', { precoUnitario: '249000.0000' }],
      [1, '4.0000', '160.0000', {}],
    ]);
    expect((await api('GET', `/estoquePedidoCompra/${p0._id}`)).body.data.status).toBe('recebido');
    // The posted note keeps the divergences it caused.
    expect(pedidosDosItens(lancada.body.data.itens)[0]).toEqual([1, p1.numero, 0, '1.0000', '249000.0000', { precoUnitario: '249000.0000' }]);

    // Posting again: 409, nothing more received.
    expect((await api('POST', `/entradaNotaFiscal/${entrada}/lancar`, { local })).status).toBe(409);
    expect((await api('GET', `/estoquePedidoCompra/${p1._id}`)).body.data.recebimentos).toHaveLength(1);
    // The purchases report counts the note once, not the receipts it made.
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const compras = (await api('POST', '/relatorioEstoqueCompras', { de: hoje, ate: hoje, produto: espacador })).body.data;
    expect(compras.totais).toMatchObject({ valor: 498000, compras: 1, notas: 1, pedidos: 0 });
    // Its reversal would leave the orders' quantities behind: refused, naming them.
    const estorno = await api('POST', `/entradaNotaFiscal/${entrada}/estornar`, { motivo: 'Teste' });
    expect(estorno.status).toBe(409);
    expect(estorno.body.data.message).toContain(`nº ${p0.numero}, ${p1.numero}`);
  });

  it('the user chooses another line or none; a line of another product is 400; two postings at once receive once', async () => {
    const entrada = await importar(1689, {});
    const lida = (await api('GET', `/entradaNotaFiscal/${entrada}`)).body.data;
    // p0 is received: both spacers go to p1's open line.
    expect(pedidosDosItens(lida.itens).map((l) => l.slice(0, 3))).toEqual([[1, p1.numero, 0], [2, p1.numero, 0], [3, p1.numero, 1]]);
    const opcoes = (await api('GET', `/entradaNotaFiscal/${entrada}/pedidos`)).body.data as { numero: number; linha: number }[];
    expect(opcoes.map((o) => [o.numero, o.linha])).toEqual([[p1.numero, 0], [p1.numero, 1]]);
    const nenhum = await api('POST', `/entradaNotaFiscal/${entrada}/itens/1/pedido`, { pedido: null });
    expect(nenhum.status, JSON.stringify(nenhum.body)).toBe(200);
    expect(nenhum.body.data.itens[0].pedido).toBeNull();
    const outroProduto = await api('POST', `/entradaNotaFiscal/${entrada}/itens/3/pedido`, { pedido: p1._id, linha: 0 });
    expect(outroProduto.status).toBe(400);
    expect(outroProduto.body.data.message).toContain('Linha do pedido');
    expect((await api('POST', `/entradaNotaFiscal/${entrada}/itens/3/pedido`, { pedido: p0._id })).status).toBe(400);
    // Item 3 matched to the spacer instead: its cement line no longer applies and the spacer's open line is taken; back to the cement, back to its line.
    const trocado = (await api('POST', `/entradaNotaFiscal/${entrada}/itens/3`, { produto: espacador, fator: '1' })).body.data;
    expect(trocado.itens[2].pedido).toMatchObject({ numero: p1.numero, linha: 0 });
    const deVolta = (await api('POST', `/entradaNotaFiscal/${entrada}/itens/3`, { produto: cimento, fator: '40' })).body.data;
    expect(deVolta.itens[2].pedido).toMatchObject({ numero: p1.numero, linha: 1 });
    // Another group reaches neither the link nor the choices.
    expect((await vizinho('POST', `/entradaNotaFiscal/${entrada}/itens/2/pedido`, { pedido: null })).status).toBe(404);
    expect((await vizinho('GET', `/entradaNotaFiscal/${entrada}/pedidos`)).status).toBe(404);
    // Nor another company of the group.
    const loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    expect((await loja('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1]! })).status).toBe(200);
    expect((await loja('GET', `/entradaNotaFiscal/${entrada}/pedidos`)).status).toBe(404);
    expect((await loja('POST', `/entradaNotaFiscal/${entrada}/itens/2/pedido`, { pedido: null })).status).toBe(404);

    const respostas = await Promise.all([api('POST', `/entradaNotaFiscal/${entrada}/lancar`, { local }), api('POST', `/entradaNotaFiscal/${entrada}/lancar`, { local })]);
    expect(respostas.map((r) => r.status).sort()).toEqual([200, 409]);
    const d1 = (await api('GET', `/estoquePedidoCompra/${p1._id}`)).body.data;
    // Item 1 chosen out: only item 2 (one spacer) and item 3 (4 boxes) received, once.
    expect(d1.itens.map((i: { quantidadeRecebida: string }) => i.quantidadeRecebida)).toEqual(['2.0000', '8.0000']);
    expect(d1.recebimentos.map((r: { notaNumero: number }) => r.notaNumero)).toEqual([1687, 1689]);
    expect(await posicao(espacador)).toBe('4.0000');
  });
});
