import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { amostras, apiClient, cnpjNovo, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

/**
 * The order suggestion (estoqueSugestaoPedido) on a hand-computed case: a pizza's recipe lowers flour
 * and cheese; two weeks of sales (one cancelled, one before the window, one today) give the consumption;
 * an open draft counts as on order; then the edited suggestion becomes one draft per supplier. And the
 * walls: another store of the group and another group see none of it.
 */
let ctx: TestContext;
let admin: Api;
let loja2: Api;
let vizinho: Api;
let vendas: CenarioVendas;
const id: Record<string, string> = {};

const dias = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
let seq = 0;
const vender = async (quantidade: string, quando: string) => {
  const pedidoId = `SUG-${++seq}`;
  const r = await vendas.enviar({
    pedidoId,
    canal: 'Balcão',
    abertoEm: quando,
    fechadoEm: quando,
    itens: [{ produto: id.pizza, quantidade, precoUnitario: 100 }],
    pagamentos: [{ formaPagamento: vendas.ids.dinheiro, tPag: '01', valor: Number(quantidade) * 100, troco: 0 }],
    total: Number(quantidade) * 100,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return pedidoId;
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  loja2 = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  expect((await loja2('POST', '/sessao/empresa', { empresa: ctx.seed.demo.empresas[1] })).status).toBe(200);
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  vendas = await prepararVendas(ctx, admin);
  const kg = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'KG' } })).body.data[0]._id;
  const un = (await admin('POST', '/unidadeMedida/getPopulate', { filtro: { sigla: 'UN' } })).body.data[0]._id;
  id.cozinha = (await criar(admin, 'estoqueCadastro', { descricao: 'Cozinha', baixaVendas: true }))._id;
  id.moinho = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: cnpjNovo(), nome: 'Moinho Paulista Ltda', fornecedor: true }))._id;
  id.laticinio = (await criar(admin, 'pessoa', { tipo: 'Jurídica', cpfCnpj: cnpjNovo(), nome: 'Laticínios Serra Azul', fornecedor: true }))._id;
  id.farinha = (await criar(admin, 'produtoGeral', { descricao: 'Farinha de trigo', unidade: kg, tipoProduto: 'insumo' }))._id;
  id.queijo = (await criar(admin, 'produtoGeral', { descricao: 'Queijo muçarela', unidade: kg, tipoProduto: 'insumo' }))._id;
  id.sal = (await criar(admin, 'produtoGeral', { descricao: 'Sal refinado', unidade: kg, tipoProduto: 'insumo' }))._id;
  id.pizza = (await criar(admin, 'produtoGeral', { descricao: 'Pizza muçarela', unidade: un }))._id;
  expect((await admin('POST', '/estoqueFichaTecnica', { produto: id.pizza, rendimento: '1', itens: [{ produto: id.farinha, quantidade: '0.25' }, { produto: id.queijo, quantidade: '0.2' }] })).status).toBe(201);
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: id.pizza, preco: 100 });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: id.farinha, preco: 0, controlaEstoque: true, estoqueMinimo: '5', estoqueMaximo: '12' });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: id.queijo, preco: 0, controlaEstoque: true, estoqueMinimo: '2' });
  await criar(admin, 'produtoGeralEmpresa', { produtoGeral: id.sal, preco: 0, controlaEstoque: true, estoqueMinimo: '1' });
  // Flour in 5 kg bags, 3 days to deliver; cheese in 2 kg pieces, 2 days; salt has no supplier.
  await criar(admin, 'estoqueProdutoFornecedor', { fornecedor: id.moinho, codigo: 'FT5', produto: id.farinha, unidadeCompra: 'SC5', fator: '5', prazoEntrega: 3 });
  await criar(admin, 'estoqueProdutoFornecedor', { fornecedor: id.laticinio, codigo: 'MUS2', produto: id.queijo, unidadeCompra: 'PC', fator: '2', prazoEntrega: 2 });
  const entrada = await admin('POST', '/estoqueDocumento', {
    tipo: 'entradaManual',
    local: id.cozinha,
    ocorridoEm: dias(30),
    itens: [{ produto: id.farinha, quantidade: '20', custoUnitario: '450' }, { produto: id.queijo, quantidade: '15', custoUnitario: '3200' }],
  });
  expect(entrada.status, JSON.stringify(entrada.body)).toBe(201);
  // Inside the two weeks: 30 + 26 pizzas, and 8 more cancelled. Before them: 4. Today (not a whole day yet): 4.
  await vender('30', dias(3));
  await vender('26', dias(10));
  const cancelada = await vender('8', dias(5));
  expect((await vendas.enviar({ usuario: 'gerente', motivo: 'Lançada em dobro', em: dias(5) }, vendas.token, `/api/vendas/${cancelada}/cancelar`)).status).toBe(200);
  await vender('4', dias(20));
  await vender('4', new Date().toISOString());
  // An open draft: one bag of flour (5 kg) already on order, bought at R$ 23,50 a bag.
  expect((await admin('POST', '/estoquePedidoCompra', { fornecedor: id.moinho, itens: [{ produto: id.farinha, unidade: 'SC5', quantidade: '1', precoUnitario: '2350' }] })).status).toBe(201);
});
afterAll(async () => ctx?.close());

type Linha = Record<string, unknown> & { produto: string; descricao: string; sugerido: string };
const sugestao = async (api: Api, filtro: Record<string, unknown> = {}) => {
  const r = await api('POST', '/estoqueSugestaoPedido', { semanas: 2, ...filtro });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { dias: number; linhas: Linha[] };
};

describe('estoqueSugestaoPedido', () => {
  it('computes each product from min/max, the consumption by recipe of the window, open orders and lead time (hand-computed)', async () => {
    const s = await sugestao(admin);
    expect(s.dias).toBe(14);
    const por = Object.fromEntries(s.linhas.map((l) => [l.descricao, l]));
    // Flour: 56 pizzas × 0.25 = 14 kg in 14 days = 1/day; balance 20 − 14 − 1 − 1 = 4; coverage 1 × (3 + 7) = 10;
    // target max(12, 5 + 10) = 15; need 15 − 4 − 5 on order = 6 kg = 1.2 bags → 2 bags of 5 kg, at the last price.
    expect(por['Farinha de trigo']).toMatchObject({
      saldo: '4.0000', minimo: '5.0000', maximo: '12.0000', consumo: '14.0000', consumoDia: '1.0000', emPedido: '5.0000', prazoEntrega: 3,
      alvo: '15.0000', necessidade: '6.0000', fornecedorNome: 'Moinho Paulista Ltda', unidadeCompra: 'SC5', fator: '5.000000', precoUnitario: '2350.0000', sugerido: '2.0000',
    });
    // Cheese: 56 × 0.2 = 11.2 kg = 0.8/day; balance 15 − 11.2 − 0.8 − 0.8 = 2.2; no maximum: target 2 + 0.8 × (2 + 7) = 9.2;
    // need 9.2 − 2.2 = 7 kg = 3.5 pieces of 2 kg → 4; no order yet: priced at the average cost × 2 (R$ 64,00).
    expect(por['Queijo muçarela']).toMatchObject({ saldo: '2.2000', consumoDia: '0.8000', emPedido: '0.0000', alvo: '9.2000', necessidade: '7.0000', unidadeCompra: 'PC', precoUnitario: '6400.0000', sugerido: '4.0000' });
    // Salt: below its minimum but no supplier: the need is said, nothing suggested; listed last.
    expect(por['Sal refinado']).toMatchObject({ necessidade: '1.0000', fornecedor: null, sugerido: '0.0000' });
    expect(s.linhas.at(-1)!.descricao).toBe('Sal refinado');
    // The dish itself is not bought.
    expect(por['Pizza muçarela']).toBeUndefined();
  });

  it('filters by supplier, by location and by product group; longer review days ask for more; bad input is a 400 naming the field', async () => {
    expect((await sugestao(admin, { fornecedor: id.laticinio })).linhas.map((l) => l.descricao)).toEqual(['Queijo muçarela']);
    const outro = await criar(admin, 'estoqueCadastro', { descricao: 'Depósito' });
    const noDeposito = await sugestao(admin, { local: outro._id });
    expect(noDeposito.linhas.find((l) => l.descricao === 'Farinha de trigo')).toMatchObject({ saldo: '0.0000', consumo: '0.0000' });
    expect((await sugestao(admin, { agrupador: 'nenhum' })).linhas).toEqual([]);
    // 14 review days: cheese coverage 0.8 × 16 = 12.8 → need 2 + 12.8 − 2.2 = 12.6 → 6.3 → 7 pieces.
    expect((await sugestao(admin, { revisao: 14 })).linhas.find((l) => l.descricao === 'Queijo muçarela')).toMatchObject({ necessidade: '12.6000', sugerido: '7.0000' });
    const ruim = await admin('POST', '/estoqueSugestaoPedido', { semanas: 0 });
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toContain('Semanas de consumo');
  });

  it('turns the edited lines into one draft order per supplier in one transaction; a product not bought from that supplier refuses all', async () => {
    const antes = (await admin('POST', '/estoquePedidoCompra/lista', {})).body.data.length;
    const errado = await admin('POST', '/estoqueSugestaoPedido/gerar', { itens: [{ produto: id.farinha, fornecedor: id.moinho, quantidade: '3' }, { produto: id.sal, fornecedor: id.moinho, quantidade: '1' }] });
    expect(errado.status).toBe(400);
    expect(errado.body.data.message).toContain('Item 2, fornecedor');
    expect((await admin('POST', '/estoquePedidoCompra/lista', {})).body.data.length).toBe(antes);

    const r = await admin('POST', '/estoqueSugestaoPedido/gerar', { itens: [{ produto: id.farinha, fornecedor: id.moinho, quantidade: '3' }, { produto: id.queijo, fornecedor: id.laticinio, quantidade: '4' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const pedidos = r.body.data.pedidos as { _id: string; fornecedorNome: string; valor: number }[];
    expect(pedidos.map((p) => [p.fornecedorNome, p.valor]).sort()).toEqual([['Laticínios Serra Azul', 25600], ['Moinho Paulista Ltda', 7050]]);
    const farinha = (await admin('GET', `/estoquePedidoCompra/${pedidos.find((p) => p.fornecedorNome.startsWith('Moinho'))!._id}`)).body.data;
    expect(farinha).toMatchObject({ status: 'rascunho' });
    expect(farinha.itens[0]).toMatchObject({ unidade: 'SC5', fator: '5.000000', quantidade: '3.0000', precoUnitario: '2350.0000' });
    // The drafts now count as on order: the flour needs nothing more (6 − 15 kg), the cheese 7 − 8 kg.
    const depois = Object.fromEntries((await sugestao(admin)).linhas.map((l) => [l.descricao, l]));
    expect(depois['Farinha de trigo']).toMatchObject({ emPedido: '20.0000', sugerido: '0.0000' });
    expect(depois['Queijo muçarela']).toMatchObject({ emPedido: '8.0000', sugerido: '0.0000' });
  });

  it('walls: another store of the group has its own (empty) suggestion; another group sees nothing and cannot order our products', async () => {
    expect((await sugestao(loja2)).linhas.map((l) => l.descricao)).not.toContain('Farinha de trigo');
    expect((await sugestao(vizinho)).linhas.map((l) => l.descricao)).not.toContain('Farinha de trigo');
    const r = await vizinho('POST', '/estoqueSugestaoPedido/gerar', { itens: [{ produto: id.farinha, fornecedor: id.moinho, quantidade: '1' }] });
    expect(r.status).toBe(400);
    const semPermissao = await apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'))('POST', '/estoqueSugestaoPedido', {});
    expect(semPermissao.status).toBe(403);
    // Who may use the suggestion but not open purchase orders sees it and cannot turn it into orders.
    const perfil = await criar(admin, 'acessoSistema', { nome: 'Só sugestão', telas: { estoqueSugestaoPedido: ['ver', 'criar'], estoquePedidoCompra: ['ver'] } });
    const corpo = (await amostras.usuario.corpos(admin))[0] as { login: string; senha: string };
    await criar(admin, 'usuario', { ...corpo, acessoSistema: perfil._id });
    const soSugestao = apiClient(ctx.app, await signIn(ctx.app, corpo.login, corpo.senha));
    expect((await soSugestao('POST', '/estoqueSugestaoPedido', {})).status).toBe(200);
    expect((await soSugestao('POST', '/estoqueSugestaoPedido/gerar', { itens: [{ produto: id.farinha, fornecedor: id.moinho, quantidade: '1' }] })).status).toBe(403);
  });
});
