import { custo } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalcularEstoque } from '../src/stock/recalcular.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

/**
 * Production orders (estoqueProducaoProdutos): the ingredients consumed by recipe (a sub-recipe with
 * its yield and a loss factor) at the average cost, the product in at their cost to the centavo,
 * partial postings, finishing short, reversal, negative stock refused, the central kitchen sending to
 * another store at the production's cost, and the wall between groups.
 */
let ctx: TestContext;
let admin: Api;
/** The same admin signed in with the group's second company active (the store the kitchen sends to). */
let loja: Api;
let vizinho: Api;
let caixa: Api;
type Nome = 'Farinha' | 'Ovo' | 'Queijo' | 'Tomate' | 'Massa fresca' | 'Lasanha' | 'Molho de tomate' | 'Sal';
const p = {} as Record<Nome, string>;
let almox: string;
let camara: string;
let lojaLocal: string;
let empresaLoja: string;
let balde: string;
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  loja = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  empresaLoja = ctx.seed.demo.empresas[1]!;
  expect((await loja('POST', '/sessao/empresa', { empresa: empresaLoja })).status).toBe(200);
  const kg = await criar(admin, 'unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
  const un = await criar(admin, 'unidadeMedida', { sigla: 'UN', descricao: 'Unidade', fracionado: false });
  balde = (await criar(admin, 'unidadeMedida', { sigla: 'BD', descricao: 'Balde', fracionado: false }))._id;
  almox = (await criar(admin, 'estoqueCadastro', { descricao: 'Almoxarifado' }))._id;
  camara = (await criar(admin, 'estoqueCadastro', { descricao: 'Câmara fria' }))._id;
  lojaLocal = (await criar(loja, 'estoqueCadastro', { descricao: 'Estoque da loja', baixaVendas: true }))._id;
  for (const [d, u] of [['Farinha', kg], ['Ovo', un], ['Queijo', kg], ['Tomate', kg], ['Massa fresca', kg], ['Lasanha', un], ['Molho de tomate', kg], ['Sal', kg]] as const) {
    p[d] = (await criar(admin, 'produtoGeral', { descricao: d, unidade: u._id }))._id;
  }
  // Massa: 2 KG from 1,2 KG of flour and 4 eggs. Lasanha: 10 portions from 1,5 KG of massa and 0,8 KG of cheese (10% lost).
  await criar(admin, 'estoqueFichaTecnica', { produto: p['Massa fresca'], rendimento: '2', itens: [{ produto: p.Farinha, quantidade: '1.2' }, { produto: p.Ovo, quantidade: '4' }] });
  await criar(admin, 'estoqueFichaTecnica', { produto: p.Lasanha, rendimento: '10', itens: [{ produto: p['Massa fresca'], quantidade: '1.5' }, { produto: p.Queijo, quantidade: '0.8', perda: '10' }] });
  // Molho: 5 KG from 6 KG of tomatoes and 0,05 KG of salt; a bucket (BD) holds 5 KG.
  await criar(admin, 'estoqueFichaTecnica', { produto: p['Molho de tomate'], rendimento: '5', itens: [{ produto: p.Tomate, quantidade: '6' }, { produto: p.Sal, quantidade: '0.05' }] });
  await criar(admin, 'estoqueProdutoFatorConversao', { produto: p['Molho de tomate'], unidade: balde, fator: '5' });
  const entrada = await admin('POST', '/estoqueDocumento', {
    tipo: 'entradaManual',
    local: almox,
    itens: [
      { produto: p.Farinha, quantidade: '20', custoUnitario: '450' },
      { produto: p.Ovo, quantidade: '60', custoUnitario: '75' },
      { produto: p.Queijo, quantidade: '10', custoUnitario: '4290' },
      { produto: p.Tomate, quantidade: '30', custoUnitario: '699' },
      { produto: p.Sal, quantidade: '1', custoUnitario: '300' },
    ],
  });
  expect(entrada.status).toBe(201);
});
afterAll(async () => ctx?.close());

const pedido = (extra: Record<string, unknown> = {}) => ({ produto: p.Lasanha, quantidade: '10', localOrigem: almox, localDestino: camara, dataPlanejada: hoje, ...extra });
const abrir = async (extra: Record<string, unknown> = {}) => {
  const r = await admin('POST', '/estoqueProducaoProdutos', pedido(extra));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; numero: number; status: string };
};
const apontar = (id: string, body: Record<string, unknown>, api = admin) => api('POST', `/estoqueProducaoProdutos/${id}/apontar`, body);
const posicao = async (api: Api, produto: string, local: string) =>
  ((await api('POST', '/relatorioEstoqueProduto', { local })).body.data as { produto: string; quantidade: string; custoMedio: string; valor: number }[]).find((l) => l.produto === produto);
const movimentos = async (api: Api, documentoId: string) =>
  ((await api('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje })).body.data.linhas as Record<string, unknown>[])
    .filter((m) => m.documentoId === documentoId)
    .map((m) => [m.tipo, m.descricao, m.localDescricao, m.quantidade, m.custoUnitario, m.valor])
    .sort((x, y) => String(x[1]).localeCompare(String(y[1])) || String(x[0]).localeCompare(String(y[0])));

describe('estoqueProducaoProdutos', () => {
  it('previews the ingredients through the sub-recipe with balances and costs, posts partially twice at exact cost, and finishes short of the plan', async () => {
    const previa = await admin('POST', '/estoqueProducaoProdutos/previa', { produto: p.Lasanha, quantidade: '3', localOrigem: almox });
    expect(previa.status, JSON.stringify(previa.body)).toBe(200);
    // 3 portions: 0,45 KG of massa → 0,27 KG of flour and 0,9 egg; cheese 0,8 ÷ 0,9 × 0,3 = 0,2667 KG.
    expect(previa.body.data.ingredientes.map((i: Record<string, unknown>) => [i.descricao, i.receita, i.saldo, i.falta, i.custoMedio, i.valor, i.unidade])).toEqual([
      ['Farinha', '0.2700', '20.0000', '0.0000', '450.0000', 122, 'KG'],
      ['Ovo', '0.9000', '60.0000', '0.0000', '75.0000', 68, 'UN'],
      ['Queijo', '0.2667', '10.0000', '0.0000', '4290.0000', 1144, 'KG'],
    ]);
    expect(previa.body.data).toMatchObject({ quantidade: '3.0000', custoTotal: 1334, custoUnitario: '444.6667', faltas: 0, permiteNegativo: true, unidade: 'UN' });

    const ordem = await abrir();
    expect(ordem).toMatchObject({ status: 'planejada', quantidadePlanejada: '10.0000', quantidadeProduzida: '0.0000', localOrigemDescricao: 'Almoxarifado', localDestinoDescricao: 'Câmara fria' });
    const segunda = await abrir({ quantidade: '1' });
    expect(segunda.numero).toBe(ordem.numero + 1);

    const iniciada = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/iniciar`);
    expect(iniciada.body.data.status).toBe('iniciada');
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/iniciar`)).status).toBe(409);

    const primeiro = await apontar(ordem._id, { quantidade: '3' });
    expect(primeiro.status, JSON.stringify(primeiro.body)).toBe(200);
    const ap1 = primeiro.body.data.apontamentos[0];
    expect(ap1).toMatchObject({ numero: 1, quantidade: '3.0000', custoUnitario: '444.6667', valor: 1334, estornadoEm: null });
    expect(ap1.consumos.map((c: Record<string, unknown>) => [c.descricao, c.quantidade, c.valor]).sort()).toEqual([
      ['Farinha', '0.2700', 122],
      ['Ovo', '0.9000', 68],
      ['Queijo', '0.2667', 1144],
    ]);
    // The ledger: each ingredient out at its average, the product in at what they cost, to the centavo.
    const linhas = await movimentos(admin, ap1._id);
    expect(linhas).toEqual([
      ['producaoConsumo', 'Farinha', 'Almoxarifado', '-0.2700', '450.0000', -122],
      ['producao', 'Lasanha', 'Câmara fria', '3.0000', '444.6667', 1334],
      ['producaoConsumo', 'Ovo', 'Almoxarifado', '-0.9000', '75.0000', -68],
      ['producaoConsumo', 'Queijo', 'Almoxarifado', '-0.2667', '4290.0000', -1144],
    ]);
    expect(linhas.reduce((s, l) => s + Number(l[5]), 0)).toBe(0);
    // The movements and the kardex name the order they came from.
    const daOrdem = (await admin('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje, tipos: ['producao'], produto: p.Lasanha })).body.data.linhas;
    expect(daOrdem.map((m: Record<string, unknown>) => [m.documentoTipo, m.documentoNumero])).toEqual([['producao', ordem.numero]]);
    const kardex = (await admin('POST', '/relatorioEstoqueFluxo', { produto: p.Lasanha, de: hoje, ate: hoje })).body.data.linhas;
    expect(kardex.map((l: Record<string, unknown>) => [l.tipo, l.documentoNumero, l.quantidade, l.custoUnitario])).toEqual([['producao', ordem.numero, '3.0000', '444.6667']]);

    const segundo = await apontar(ordem._id, { quantidade: '4', finalizar: true, observacao: 'Acabou o queijo' });
    expect(segundo.status).toBe(200);
    // 4 portions: flour 0,36 × 4,50 = 1,62; eggs 1,2 × 0,75 = 0,90; cheese 0,3556 × 42,90 = 15,26 → R$ 17,78 ÷ 4.
    expect(segundo.body.data).toMatchObject({ status: 'finalizada', quantidadeProduzida: '7.0000', valorProduzido: 1334 + 1778 });
    expect(segundo.body.data.apontamentos[1]).toMatchObject({ numero: 2, quantidade: '4.0000', valor: 1778, custoUnitario: '444.5000', finalizou: true, observacao: 'Acabou o queijo' });
    expect(await posicao(admin, p.Lasanha, camara)).toMatchObject({ quantidade: '7.0000', custoMedio: '444.5714', valor: 3112 });
    expect(await posicao(admin, p.Queijo, almox)).toMatchObject({ quantidade: '9.3777', custoMedio: '4290.0000' });
    expect(await posicao(admin, p['Massa fresca'], almox)).toBeUndefined();
    expect((await apontar(ordem._id, { quantidade: '1' })).status).toBe(409);
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/cancelar`)).body.data.message).toMatch(/^Esta ordem já foi finalizada em /);

    const lista = (await admin('POST', '/estoqueProducaoProdutos/lista', { status: ['finalizada'], de: hoje, ate: hoje, produto: p.Lasanha })).body.data;
    expect(lista.map((o: Record<string, unknown>) => [o.numero, o.quantidadeProduzida, o.valorProduzido])).toEqual([[ordem.numero, '7.0000', 3112]]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('an order typed in another unit, actual consumption typed per ingredient, and a sub-recipe kept in stock consumed from the shelf', async () => {
    const ordem = await abrir({ produto: p['Molho de tomate'], quantidade: '2', unidade: balde });
    expect(ordem).toMatchObject({ quantidadePlanejada: '10.0000', quantidadeInformada: '2.0000', unidadeInformadaSigla: 'BD', unidade: 'KG' });
    // One bucket (5 KG) made with 7 KG of tomatoes instead of 6, the salt as the recipe says.
    const previa = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/previa`, { quantidade: '1', unidade: balde, consumos: [{ produto: p.Tomate, quantidade: '7' }] });
    expect(previa.body.data.ingredientes.map((i: Record<string, unknown>) => [i.descricao, i.receita, i.quantidade, i.valor])).toEqual([
      ['Sal', '0.0500', '0.0500', 15],
      ['Tomate', '6.0000', '7.0000', 4893],
    ]);
    const r = await apontar(ordem._id, { quantidade: '1', unidade: balde, consumos: [{ produto: p.Tomate, quantidade: '7' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.apontamentos[0]).toMatchObject({ quantidade: '5.0000', valor: 4908, custoUnitario: '981.6000' });
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/finalizar`)).body.data).toMatchObject({ status: 'finalizada', quantidadeProduzida: '5.0000' });

    // The kitchen keeps massa on the shelf (made ahead): a lasanha then takes massa, not flour and eggs.
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p['Massa fresca'], preco: 0, controlaEstoque: true, modosVenda: [] });
    const massa = await abrir({ produto: p['Massa fresca'], quantidade: '2', localDestino: almox });
    expect((await apontar(massa._id, { quantidade: '2', finalizar: true })).body.data.apontamentos[0]).toMatchObject({ valor: 540 + 300, custoUnitario: '420.0000' });
    const previa2 = await admin('POST', '/estoqueProducaoProdutos/previa', { produto: p.Lasanha, quantidade: '10', localOrigem: almox });
    expect(previa2.body.data.ingredientes.map((i: Record<string, unknown>) => [i.descricao, i.quantidade, i.saldo, i.falta, i.intermediario])).toEqual([
      ['Massa fresca', '1.5000', '2.0000', '0.0000', true],
      ['Queijo', '0.8889', '9.3777', '0.0000', false],
    ]);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('reverses a posting (twice is 409), reopens a finished order, and cancels only when nothing posted stands', async () => {
    const ordem = await abrir({ quantidade: '2' });
    const antes = await posicao(admin, p.Queijo, almox);
    const ap = (await apontar(ordem._id, { quantidade: '2', finalizar: true })).body.data.apontamentos[0];
    expect((await posicao(admin, p.Lasanha, camara))!.quantidade).toBe('9.0000');
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/cancelar`)).status).toBe(409);

    const motivo = { motivo: 'Apontado na ordem errada' };
    const estorno = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/apontamentos/${ap._id}/estornar`, motivo);
    expect(estorno.status, JSON.stringify(estorno.body)).toBe(200);
    expect(estorno.body.data).toMatchObject({ status: 'iniciada', quantidadeProduzida: '0.0000', valorProduzido: 0, finalizadaEm: null });
    expect(estorno.body.data.apontamentos[0]).toMatchObject({ motivoEstorno: 'Apontado na ordem errada', estornadoPor: expect.any(String) });
    expect((await posicao(admin, p.Lasanha, camara))!.quantidade).toBe('7.0000');
    expect((await posicao(admin, p.Queijo, almox))!.quantidade).toBe(antes!.quantidade);
    const denovo = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/apontamentos/${ap._id}/estornar`, motivo);
    expect([denovo.status, denovo.body.data.message]).toEqual([409, expect.stringMatching(/^Este apontamento já foi estornado em /)]);
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/apontamentos/${ap._id}/estornar`, { motivo: 'x' })).body.data.message).toBe('Motivo: Informe o motivo (ao menos 3 letras).');

    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/finalizar`)).body.data.message).toBe('Nada foi produzido nesta ordem: aponte a produção antes de finalizar, ou cancele a ordem.');
    const cancelada = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/cancelar`, { motivo: 'Não era para hoje' });
    expect(cancelada.body.data).toMatchObject({ status: 'cancelada', motivoCancelamento: 'Não era para hoje' });
    expect((await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/iniciar`)).status).toBe(409);
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('a company that refuses negative stock gets 409 naming the product and the location, and nothing is posted', async () => {
    const empresa = (await admin('GET', `/empresa/${ctx.seed.demo.empresas[0]}`)).body.data;
    const mudar = (permitirNegativo: boolean, version: number) => admin('PUT', `/empresa/${empresa._id}`, { configuracoes: { ...empresa.configuracoes, estoque: { permitirNegativo } }, version });
    const recusando = await mudar(false, empresa.version);
    expect(recusando.status).toBe(200);
    try {
      const ordem = await abrir({ quantidade: '200' });
      const previa = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/previa`, { quantidade: '200' });
      expect(previa.body.data).toMatchObject({ faltas: 2, permiteNegativo: false });
      expect(previa.body.data.ingredientes.find((i: Record<string, unknown>) => i.descricao === 'Queijo').falta).toBe('8.4001'); // 0,8 ÷ 0,9 × 20 = 17,7778 − 9,3777 (and massa: 30 − 2 on the shelf)
      const queijo = await posicao(admin, p.Queijo, almox);
      const r = await apontar(ordem._id, { quantidade: '200' });
      expect(r.status).toBe(409);
      expect(r.body.data.message).toMatch(/^Estoque insuficiente: (Massa fresca|Queijo) ficaria com -[\d,]+ em Almoxarifado, e esta empresa não permite estoque negativo\.$/);
      expect(await posicao(admin, p.Queijo, almox)).toEqual(queijo);
      expect((await admin('GET', `/estoqueProducaoProdutos/${ordem._id}`)).body.data).toMatchObject({ status: 'planejada', apontamentos: [] });
      expect((await apontar(ordem._id, { quantidade: '1' })).status).toBe(200);
    } finally {
      await mudar(true, recusando.body.data.version);
    }
  });

  it('a central kitchen order sends what it produces to another store at the production cost, and its reversal takes it back from both', async () => {
    const destinos = (await admin('GET', '/estoqueProducaoProdutos/destinos')).body.data;
    expect(destinos.map((d: { _id: string }) => d._id)).toEqual([empresaLoja]);
    expect(destinos[0].locais).toEqual([{ _id: lojaLocal, descricao: 'Estoque da loja' }]);

    const ordem = await abrir({ produto: p['Molho de tomate'], quantidade: '5', empresaDestino: empresaLoja });
    expect(ordem).toMatchObject({ empresaDestino: empresaLoja, localEmpresaDestino: lojaLocal, localEmpresaDestinoDescricao: 'Estoque da loja' });
    const cozinhaAntes = await posicao(admin, p['Molho de tomate'], camara);
    const r = await apontar(ordem._id, { quantidade: '2.5' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ap = r.body.data.apontamentos[0];
    // 2,5 KG: 3 KG of tomatoes (R$ 20,97 at the average) and 0,025 KG of salt (R$ 0,08).
    expect(ap).toMatchObject({ quantidade: '2.5000', valor: 2105 });
    // The kitchen's balance is as before and its average within the last place (mixed in, then out, at the production's cost): the molho passed through.
    const cozinha = (await posicao(admin, p['Molho de tomate'], camara))!;
    expect([cozinha.quantidade, cozinha.valor]).toEqual([cozinhaAntes?.quantidade ?? '0.0000', cozinhaAntes?.valor ?? 0]);
    if (cozinhaAntes) expect(Math.abs(Number(custo(cozinha.custoMedio) - custo(cozinhaAntes.custoMedio)))).toBeLessThanOrEqual(1);
    expect(await posicao(loja, p['Molho de tomate'], lojaLocal)).toMatchObject({ quantidade: '2.5000', custoMedio: ap.custoUnitario, valor: 2105 });
    expect((await movimentos(admin, ap._id)).filter((l) => l[1] === 'Molho de tomate')).toEqual([
      ['producao', 'Molho de tomate', 'Câmara fria', '2.5000', ap.custoUnitario, 2105],
      ['transferencia', 'Molho de tomate', 'Câmara fria', '-2.5000', ap.custoUnitario, -2105],
    ]);
    expect(await movimentos(loja, ap._id)).toEqual([['transferencia', 'Molho de tomate', 'Estoque da loja', '2.5000', ap.custoUnitario, 2105]]);

    const estorno = await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/apontamentos/${ap._id}/estornar`, { motivo: 'Não foi enviado' });
    expect(estorno.status, JSON.stringify(estorno.body)).toBe(200);
    expect((await posicao(loja, p['Molho de tomate'], lojaLocal))!.quantidade).toBe('0.0000');
    expect((await posicao(admin, p['Molho de tomate'], camara))!.quantidade).toBe(cozinhaAntes?.quantidade ?? '0.0000');
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });

  it('refuses bad input naming the field', async () => {
    const empresaVizinho = ctx.seed.vizinho.empresas[0]!;
    const casos: [Record<string, unknown>, string][] = [
      [pedido({ produto: p.Queijo }), 'Produto: Este produto não tem ficha técnica ativa: cadastre a receita dele em Fichas técnicas.'],
      [pedido({ produto: 'nao-existe' }), 'Produto: Produto não encontrado.'],
      [pedido({ quantidade: '0' }), 'Quantidade: A quantidade deve ser maior que 0.'],
      [pedido({ quantidade: '1.23456' }), 'Quantidade: A quantidade: use no máximo 4 casas decimais.'],
      [pedido({ quantidade: 'dez' }), 'Quantidade: Informe a quantidade (número).'],
      [pedido({ unidade: balde }), 'Unidade: Sem fator de conversão de BD para este produto: cadastre-o em Fatores de conversão.'],
      [pedido({ localOrigem: 'x' }), 'Local dos ingredientes: Local de estoque não encontrado nesta empresa (ou inativo).'],
      [pedido({ localDestino: lojaLocal }), 'Local do produto: Local de estoque não encontrado nesta empresa (ou inativo).'],
      [pedido({ dataPlanejada: '31/12/2026' }), 'Data planejada: Informe a data planejada (dd/mm/aaaa).'],
      [pedido({ empresaDestino: empresaVizinho }), 'Loja de destino: Empresa não encontrada entre as que você pode usar neste grupo.'],
      [pedido({ empresaDestino: ctx.seed.demo.empresas[0] }), 'Loja de destino: A loja de destino deve ser outra empresa: nesta, o produto já entra no local do produto.'],
      [pedido({ empresaDestino: empresaLoja, localEmpresaDestino: almox }), 'Local na loja de destino: Local de estoque não encontrado na loja de destino (ou inativo).'],
      [pedido({ localEmpresaDestino: lojaLocal }), 'Local na loja de destino: Escolha antes a loja de destino.'],
      [{}, 'Produto: Escolha o produto.'],
    ];
    for (const [body, mensagem] of casos) {
      const r = await admin('POST', '/estoqueProducaoProdutos', body);
      expect([r.status, r.body.data.message], JSON.stringify(body)).toEqual([400, mensagem]);
    }
    const ordem = await abrir();
    const apontamentos: [Record<string, unknown>, string][] = [
      [{ quantidade: '1', consumos: [{ produto: p.Queijo, quantidade: '1' }, { produto: 'x', quantidade: '1' }] }, 'Ingrediente 2, produto: Produto não encontrado.'],
      [{ quantidade: '1', consumos: [{ produto: p.Queijo, quantidade: '-1' }] }, 'Ingrediente 1, quantidade consumida: A quantidade consumida deve ser no mínimo 0.'],
      [{ quantidade: '-1' }, 'Quantidade: A quantidade deve ser maior que 0.'],
      [{ quantidade: '1', consumos: [{ produto: p.Lasanha, quantidade: '1' }] }, 'Ingrediente 1, produto: O produto da ordem não pode ser ingrediente dele mesmo.'],
      [{ quantidade: '1', finalizar: 'sim' }, 'Finalizar: Finalizar: sim ou não.'],
    ];
    for (const [body, mensagem] of apontamentos) {
      const r = await apontar(ordem._id, body);
      expect([r.status, r.body.data.message], JSON.stringify(body)).toEqual([400, mensagem]);
    }
    expect((await admin('GET', `/estoqueProducaoProdutos/${ordem._id}`)).body.data.apontamentos).toEqual([]);
    const lista = await admin('POST', '/estoqueProducaoProdutos/lista', { status: ['pronta'] });
    expect([lista.status, lista.body.data.message]).toEqual([400, 'Situação: Situação desconhecida.']);
  });

  it('a planned order is edited with the version read; started, it is not', async () => {
    const ordem = (await admin('GET', `/estoqueProducaoProdutos/${(await abrir({ quantidade: '4' }))._id}`)).body.data;
    const editada = await admin('PUT', `/estoqueProducaoProdutos/${ordem._id}`, { ...pedido({ quantidade: '6', observacao: 'Para o almoço' }), version: ordem.version });
    expect(editada.status, JSON.stringify(editada.body)).toBe(200);
    expect(editada.body.data).toMatchObject({ quantidadePlanejada: '6.0000', observacao: 'Para o almoço', version: ordem.version + 1 });
    expect((await admin('PUT', `/estoqueProducaoProdutos/${ordem._id}`, { ...pedido(), version: ordem.version })).status).toBe(409);
    await admin('POST', `/estoqueProducaoProdutos/${ordem._id}/iniciar`);
    const iniciada = await admin('PUT', `/estoqueProducaoProdutos/${ordem._id}`, { ...pedido(), version: ordem.version + 2 });
    expect([iniciada.status, iniciada.body.data.message]).toEqual([409, 'Esta ordem já foi iniciada.']);
  });

  it('another group cannot see, post, reverse or cancel an order; a profile without the screen cannot either', async () => {
    const ordem = await abrir({ quantidade: '1' });
    const ap = (await apontar(ordem._id, { quantidade: '1' })).body.data.apontamentos[0];
    const caminhos = [`/estoqueProducaoProdutos/${ordem._id}/apontar`, `/estoqueProducaoProdutos/${ordem._id}/cancelar`, `/estoqueProducaoProdutos/${ordem._id}/finalizar`, `/estoqueProducaoProdutos/${ordem._id}/apontamentos/${ap._id}/estornar`];
    expect((await vizinho('GET', `/estoqueProducaoProdutos/${ordem._id}`)).status).toBe(404);
    for (const c of caminhos) expect((await vizinho('POST', c, { quantidade: '1', motivo: 'Invasão' })).status, c).toBe(404);
    expect((await vizinho('POST', '/estoqueProducaoProdutos/lista', {})).body.data).toEqual([]);
    expect((await vizinho('POST', '/estoqueProducaoProdutos', pedido())).status).toBe(400);
    expect((await vizinho('POST', '/estoqueProducaoProdutos/previa', { produto: p.Lasanha, quantidade: '1', localOrigem: almox })).status).toBe(400);
    expect((await vizinho('GET', '/estoqueProducaoProdutos/destinos')).body.data).toEqual([]);
    // The other store of the same group does not see the kitchen's orders either.
    expect((await loja('GET', `/estoqueProducaoProdutos/${ordem._id}`)).status).toBe(404);
    expect((await caixa('POST', '/estoqueProducaoProdutos/lista', {})).status).toBe(403);
    expect((await caixa('POST', `/estoqueProducaoProdutos/${ordem._id}/apontar`, { quantidade: '1' })).status).toBe(403);
    const detalhe = (await admin('GET', `/estoqueProducaoProdutos/${ordem._id}`)).body.data;
    expect(detalhe).toMatchObject({ status: 'iniciada', quantidadeProduzida: '1.0000' });
    expect(detalhe.apontamentos).toHaveLength(1);
    expect(detalhe.apontamentos[0].estornadoEm).toBeNull();
    expect(await recalcularEstoque(ctx.db)).toEqual([]);
  });
});
