import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, lerAmostraNfe, paraDestinatario } from './amostrasNfe.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * relatorioEstoqueCompras: a purchase order received by hand and a supplier's NF-e posted to stock, each
 * counted once, with quantities in the stock unit, values, average / first / last unit prices and the
 * price evolution exact; a reversed note leaves the report; other companies and groups see nothing of it.
 */
let ctx: TestContext;
let pasta: string;
let api: Api;
let loja: Api;
let vizinho: Api;
let local: string;
let espacador: string;
let cimento: string;
let notaFornecedor: string;
let outroFornecedor: string;
let entrada: string;

const hoje = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const antes = () => new Date(Date.now() - 2 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  pasta = await mkdtemp(path.join(tmpdir(), 'retaguarda-compras-'));
  ctx = await createTestContext({ STORAGE_DIR: pasta });
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  expect((await loja('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1]! })).status).toBe(200);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const sessao = (await api('GET', '/sessao')).body.data;
  const cnpj = (await api('GET', `/empresa/${sessao.empresa._id}`)).body.data.cnpj;
  local = (await criar(api, 'estoqueCadastro', { descricao: 'Almoxarifado compras' }))._id;
  const un = (await api('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]?._id ?? (await criar(api, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade' }))._id;
  const grama = (await criar(api, 'unidadeMedida', { sigla: 'GRC', descricao: 'Grama compras', fracionado: true }))._id;
  espacador = (await criar(api, 'produtoGeral', { descricao: 'Espaçador de compras', unidade: un }))._id;
  cimento = (await criar(api, 'produtoGeral', { descricao: 'Cimento de compras', unidade: grama }))._id;
  outroFornecedor = (await criar(api, 'pessoa', { tipo: 'Jurídica', cpfCnpj: '47382915000172', nome: 'Distribuidora Paulista Ltda', fornecedor: true }))._id;

  // The medicos note: items 1 and 2 one UN each at R$ 2.490,00, item 3 four UN (of 40 g) for R$ 800,00.
  const importada = await api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'medicos.xml', conteudo: base64(paraDestinatario(lerAmostraNfe('nfe55_medicos_icms40_2dups.xml'), cnpj)) }] });
  entrada = importada.body.data[0].entrada;
  notaFornecedor = (await api('GET', `/entradaNotaFiscal/${entrada}`)).body.data.fornecedor;
  await api('POST', `/entradaNotaFiscal/${entrada}/itens/1`, { produto: espacador });
  await api('POST', `/entradaNotaFiscal/${entrada}/itens/2`, { produto: espacador });
  await api('POST', `/entradaNotaFiscal/${entrada}/itens/3`, { produto: cimento, fator: '40' });

  // Before the note: an order to the same supplier, 1 UN received by hand at R$ 2.400,00 (all of it: the note does not receive it) …
  const pedido = (await api('POST', '/estoquePedidoCompra', { fornecedor: notaFornecedor, itens: [{ produto: espacador, quantidade: '1', precoUnitario: '240000' }] })).body.data;
  const enviado = (await api('POST', `/estoquePedidoCompra/${pedido._id}/enviar`)).body.data;
  const ocorridoEm = new Date(Date.now() - 3_600_000).toISOString();
  expect((await api('POST', `/estoquePedidoCompra/${pedido._id}/receber`, { version: enviado.version, local, ocorridoEm, itens: [{ linha: 0, quantidade: '1' }] })).status).toBe(200);
  // … and another supplier's order: 100 g of cement at R$ 4,5050 a gram.
  const outro = (await api('POST', '/estoquePedidoCompra', { fornecedor: outroFornecedor, itens: [{ produto: cimento, quantidade: '100', precoUnitario: '450.5' }] })).body.data;
  const outroEnviado = (await api('POST', `/estoquePedidoCompra/${outro._id}/enviar`)).body.data;
  expect((await api('POST', `/estoquePedidoCompra/${outro._id}/receber`, { version: outroEnviado.version, local, ocorridoEm, itens: [{ linha: 0, quantidade: '100' }] })).status).toBe(200);
  const lancada = await api('POST', `/entradaNotaFiscal/${entrada}/lancar`, { local });
  expect(lancada.status, JSON.stringify(lancada.body)).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await rm(pasta, { recursive: true, force: true });
});

const relatorio = async (cliente: Api, filtro: Record<string, unknown> = {}) => {
  const r = await cliente('POST', '/relatorioEstoqueCompras', { de: antes(), ate: hoje(), ...filtro });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
type Produto = { produto: string; quantidade: string; valor: number; compras: number; precoMedio: string; primeiroPreco: string; ultimoPreco: string; variacao: number | null };

describe('relatorioEstoqueCompras', () => {
  it('sums receipts by hand and posted notes once each, by product and supplier, with exact prices', async () => {
    const r = await relatorio(api);
    const nossos = (r.porProduto as Produto[]).filter((p) => p.produto === espacador || p.produto === cimento);
    expect(nossos.map((p) => [p.produto, p.quantidade, p.valor, p.compras, p.precoMedio, p.primeiroPreco, p.ultimoPreco, p.variacao])).toEqual([
      // 1 UN at 2.400,00 by hand + 2 UN at 2.490,00 by the note = 7.380,00 for 3 UN: 2.460,00 each; +3,75 % → 4 %.
      [espacador, '3.0000', 738000, 2, '246000.0000', '240000.0000', '249000.0000', 4],
      // 100 g at 4,505 (450,50 centavos) + 160 g for 800,00 (500 a gram): 1.250,50 for 260 g.
      [cimento, '260.0000', 125050, 2, '480.9615', '450.5000', '500.0000', 11],
    ]);
    const porFornecedor = (r.porFornecedor as { fornecedor: string; compras: number; produtos: number; valor: number }[]).filter((f) => f.fornecedor === notaFornecedor || f.fornecedor === outroFornecedor);
    expect(porFornecedor.map((f) => [f.fornecedor, f.compras, f.produtos, f.valor])).toEqual([
      [notaFornecedor, 2, 2, 240000 + 578000],
      [outroFornecedor, 1, 1, 45050],
    ]);
    const linhasNota = (r.linhas as { origem: string; documento: number; produto: string; quantidade: string; valor: number }[]).filter((l) => l.origem === 'nota' && l.documento === 1687);
    expect(linhasNota.map((l) => [l.produto, l.quantidade, l.valor]).sort()).toEqual([
      [cimento, '160.0000', 80000],
      [espacador, '1.0000', 249000],
      [espacador, '1.0000', 249000],
    ].sort());
  });

  it('follows one product\'s price over the period, oldest first, and filters by supplier', async () => {
    const r = await relatorio(api, { produto: espacador });
    expect(r.totais).toMatchObject({ valor: 738000, compras: 2, fornecedores: 1, produtos: 1, pedidos: 1, notas: 1 });
    expect(r.evolucao.pontos.map((p: { precoUnitario: string; origem: string }) => [p.origem, p.precoUnitario])).toEqual([
      ['pedido', '240000.0000'],
      ['nota', '249000.0000'],
      ['nota', '249000.0000'],
    ]);
    const doOutro = await relatorio(api, { fornecedor: outroFornecedor });
    expect(doOutro.totais).toMatchObject({ valor: 45050, compras: 1, fornecedores: 1 });
    expect(doOutro.evolucao.produto).toBe(cimento);
  });

  it('400 naming the field for a period the wrong way round', async () => {
    const r = await api('POST', '/relatorioEstoqueCompras', { de: hoje(), ate: antes() });
    expect(r.status).toBe(400);
    expect(r.body.data.message).toContain('Até');
  });

  it('shows nothing of these purchases to another company of the group nor to another group', async () => {
    for (const cliente of [loja, vizinho]) {
      const r = await relatorio(cliente);
      expect((r.porProduto as Produto[]).some((p) => p.produto === espacador || p.produto === cimento)).toBe(false);
      const opcoes = (await cliente('GET', '/relatorioEstoqueCompras/opcoes')).body.data;
      expect(opcoes.fornecedores.some((f: { _id: string }) => f._id === notaFornecedor || f._id === outroFornecedor)).toBe(false);
    }
    expect((await api('GET', '/relatorioEstoqueCompras/opcoes')).body.data.fornecedores.map((f: { _id: string }) => f._id)).toEqual(expect.arrayContaining([notaFornecedor, outroFornecedor]));
  });

  it('leaves a reversed note out', async () => {
    expect((await api('POST', `/entradaNotaFiscal/${entrada}/estornar`, { motivo: 'Nota lançada por engano' })).status).toBe(200);
    const r = await relatorio(api, { produto: espacador });
    expect(r.totais).toMatchObject({ valor: 240000, compras: 1, notas: 0 });
  });
});
