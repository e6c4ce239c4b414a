import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, corpoEmpresa, criar, type Api } from './resourceApi.ts';

/**
 * Transfers between stores and transfer requests (issue 16): a store asks the central kitchen, the
 * kitchen approves in part (saying why), sends (its stock lowered through the ledger, priced by the
 * transfer price table or its average), the store receives with a divergence (its stock raised by what
 * came, the difference valued); two receipts at once post once; a draft cancelled and a transfer in
 * transit reversed; the replenishment list; the report; the wall between groups and between stores.
 */
let ctx: TestContext;
/** The same admin with the kitchen (first company), the store (second) and a third store active. */
let cozinha: Api;
let loja: Api;
let terceira: Api;
let vizinho: Api;
let caixa: Api;
let empresaCozinha: string;
let empresaLoja: string;
let camara: string;
let estoqueLoja: string;
let molho: string;
let pao: string;
const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  const entrar = async () => apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  [cozinha, loja, terceira] = [await entrar(), await entrar(), await entrar()];
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  [empresaCozinha, empresaLoja] = [ctx.seed.demo.empresas[0]!, ctx.seed.demo.empresas[1]!];
  expect((await loja('POST', '/sessao/empresa', { empresa: empresaLoja })).status).toBe(200);
  const outra = await criar(cozinha, 'empresa', corpoEmpresa());
  expect((await terceira('POST', '/sessao/empresa', { empresa: outra._id })).status).toBe(200);
  const kg = await criar(cozinha, 'unidadeMedida', { sigla: 'KGTL', descricao: 'Quilograma', fracionado: true });
  const un = await criar(cozinha, 'unidadeMedida', { sigla: 'UNTL', descricao: 'Unidade', fracionado: false });
  camara = (await criar(cozinha, 'estoqueCadastro', { descricao: 'Câmara da cozinha' }))._id;
  estoqueLoja = (await criar(loja, 'estoqueCadastro', { descricao: 'Estoque da loja' }))._id;
  molho = (await criar(cozinha, 'produtoGeral', { descricao: 'Molho de tomate da casa', unidade: kg._id }))._id;
  pao = (await criar(cozinha, 'produtoGeral', { descricao: 'Pão de hambúrguer', unidade: un._id }))._id;
  const entrada = await cozinha('POST', '/estoqueDocumento', {
    tipo: 'entradaManual',
    local: camara,
    itens: [
      { produto: molho, quantidade: '20', custoUnitario: '1200' },
      { produto: pao, quantidade: '100', custoUnitario: '85' },
    ],
  });
  expect(entrada.status, JSON.stringify(entrada.body)).toBe(201);
  // The kitchen charges the store R$ 15,00 per KG of sauce; bread has no price: it goes at the average.
  await criar(cozinha, 'tabelaPrecoTransferenciasLojas', { descricao: 'Cozinha central → loja', empresaOrigem: empresaCozinha, empresasDestino: [empresaLoja], validoDe: '2026-01-01', itens: [{ produto: molho, preco: 1500 }] });
});
afterAll(async () => ctx?.close());

const saldo = async (api: Api, local: string, produto: string) =>
  ((await api('POST', '/relatorioEstoqueProduto', { local })).body.data as { produto: string; quantidade: string; custoMedio: string; valor: number }[]).find((l) => l.produto === produto);

const solicitar = async (itens = [{ produto: molho, quantidade: '8' }, { produto: pao, quantidade: '40' }]) => {
  const r = await loja('POST', '/solicitacaoPedidoTransferencia', { empresaFornecedora: empresaCozinha, itens });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; numero: number; status: string };
};

/** A transfer of bread sent by the kitchen to the store, by hand. */
const enviarPao = async (quantidade: string) => {
  const r = await cozinha('POST', '/estoqueTransferenciaLojas', { empresaDestino: empresaLoja, localOrigem: camara, enviar: true, itens: [{ produto: pao, quantidade }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { _id: string; numero: number; status: string };
};

describe('transfer request → partial approval → send → receipt with a divergence', () => {
  it('moves the stock of both stores exactly and says who did each step and when', async () => {
    const pedido = await solicitar();
    expect(pedido.status).toBe('solicitado');
    // The kitchen sees it among the requests to fulfil; the store, among its own; neither in the other's view.
    const aAtender = (await cozinha('POST', '/estoquePedidoTransferencia/lista', {})).body.data as { _id: string }[];
    expect(aAtender.map((p) => p._id)).toContain(pedido._id);
    expect(((await loja('POST', '/estoquePedidoTransferencia/lista', {})).body.data as { _id: string }[]).map((p) => p._id)).not.toContain(pedido._id);
    expect(((await loja('POST', '/solicitacaoPedidoTransferencia/lista', {})).body.data as { _id: string }[]).map((p) => p._id)).toContain(pedido._id);

    // Less bread than asked must say why; the store cannot approve its own request.
    const semMotivo = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, { itens: [{ linha: 1, quantidadeAprovada: '30' }] });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body.data.message).toBe('Item 1, justificativa: Aprovar menos do que foi pedido exige dizer por quê.');
    expect((await loja('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, {})).status).toBe(404);
    const aprovado = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, { itens: [{ linha: 1, quantidadeAprovada: '30', justificativa: 'Só 30 assados hoje' }] });
    expect(aprovado.status, JSON.stringify(aprovado.body)).toBe(200);
    expect(aprovado.body.data.status).toBe('aprovado');
    expect(aprovado.body.data.itens.map((i: Record<string, unknown>) => [i.descricao, i.quantidade, i.quantidadeAprovada, i.justificativa])).toEqual([
      ['Molho de tomate da casa', '8.0000', '8.0000', null],
      ['Pão de hambúrguer', '40.0000', '30.0000', 'Só 30 assados hoje'],
    ]);
    expect((await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, {})).status).toBe(409);

    // Picked from the cold room and sent: the kitchen's stock leaves now; the sauce at the table's price, the bread at the average.
    const enviado = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/enviar`, { localOrigem: camara });
    expect(enviado.status, JSON.stringify(enviado.body)).toBe(200);
    expect(enviado.body.data.status).toBe('enviado');
    expect(await saldo(cozinha, camara, molho)).toMatchObject({ quantidade: '12.0000', custoMedio: '1200.0000' });
    expect((await saldo(cozinha, camara, pao))!.quantidade).toBe('70.0000');
    const transferencia = enviado.body.data.transferencia as string;
    const emTransito = (await loja('GET', `/estoqueTransferenciaLojas/${transferencia}`)).body.data;
    expect(emTransito).toMatchObject({ status: 'enviada', direcao: 'recebida', pedidoNumero: pedido.numero, valor: 14550 });
    expect(emTransito.itens.map((i: Record<string, unknown>) => [i.quantidade, i.custoUnitario, i.origemCusto, i.valor])).toEqual([
      ['8.0000', '1500.0000', 'tabela', 12000],
      ['30.0000', '85.0000', 'custoMedio', 2550],
    ]);
    // Nothing arrived yet in the store.
    expect(await saldo(loja, estoqueLoja, pao)).toBeUndefined();

    // Two loaves short: 28 came; the sauce as sent.
    const recebido = await loja('POST', `/estoqueTransferenciaLojas/${transferencia}/receber`, { local: estoqueLoja, itens: [{ linha: 1, quantidadeRecebida: '28' }] });
    expect(recebido.status, JSON.stringify(recebido.body)).toBe(200);
    expect(recebido.body.data).toMatchObject({ status: 'recebida', valorRecebido: 14380, valorDivergencia: -170, localDestinoDescricao: 'Estoque da loja' });
    expect(recebido.body.data.itens.map((i: Record<string, unknown>) => [i.quantidadeRecebida, i.divergencia, i.valorDivergencia])).toEqual([
      ['8.0000', '0.0000', 0],
      ['28.0000', '-2.0000', -170],
    ]);
    expect(await saldo(loja, estoqueLoja, molho)).toMatchObject({ quantidade: '8.0000', custoMedio: '1500.0000', valor: 12000 });
    expect(await saldo(loja, estoqueLoja, pao)).toMatchObject({ quantidade: '28.0000', custoMedio: '85.0000', valor: 2380 });
    expect((await saldo(cozinha, camara, pao))!.quantidade).toBe('70.0000');

    const final = (await loja('GET', `/solicitacaoPedidoTransferencia/${pedido._id}`)).body.data;
    expect(final.status).toBe('recebido');
    for (const passo of ['solicitado', 'aprovado', 'enviado', 'recebido']) {
      expect(final[`${passo}Por`], passo).toBeTruthy();
      expect(Number.isNaN(Date.parse(final[`${passo}Em`])), passo).toBe(false);
    }
    expect(final.valorDivergencia).toBe(-170);

    // The movement report of each store names the transfer; the transfers report shows the divergence.
    const movs = (await loja('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje })).body.data.linhas as Record<string, unknown>[];
    expect(movs.filter((m) => m.documentoId === transferencia).map((m) => [m.documentoTipo, m.documentoNumero, m.quantidade]).sort()).toEqual([
      ['transferenciaLojas', emTransito.numero, '28.0000'],
      ['transferenciaLojas', emTransito.numero, '8.0000'],
    ]);
    const relatorio = (await loja('POST', '/relatorioEstoqueTransferencia', { de: hoje, ate: hoje, soDivergencias: true })).body.data;
    expect(relatorio.linhas.map((l: Record<string, unknown>) => [l._id, l.direcao, l.valorDivergencia, l.linhasDivergentes])).toEqual([[transferencia, 'recebida', -170, 1]]);
    expect(relatorio.totais).toMatchObject({ transferencias: 1, valor: 14550, valorRecebido: 14380, valorDivergencia: -170, comDivergencia: 1 });
  });

  it('refuses approving more than asked without saying so, and accepts it said', async () => {
    const pedido = await solicitar([{ produto: molho, quantidade: '2' }]);
    const calado = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, { itens: [{ linha: 0, quantidadeAprovada: '2.5' }] });
    expect(calado.status).toBe(400);
    expect(calado.body.data.message).toBe('Item 1, justificativa: Aprovar mais do que foi pedido exige dizer por quê.');
    const dito = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, { itens: [{ linha: 0, quantidadeAprovada: '2.5', justificativa: 'Balde fechado de 2,5 KG' }] });
    expect(dito.body.data.itens[0]).toMatchObject({ quantidade: '2.0000', quantidadeAprovada: '2.5000', justificativa: 'Balde fechado de 2,5 KG' });
    const nada = await solicitar([{ produto: molho, quantidade: '1' }]);
    const zero = await cozinha('POST', `/estoquePedidoTransferencia/${nada._id}/aprovar`, { itens: [{ linha: 0, quantidadeAprovada: '0', justificativa: 'Acabou' }] });
    expect(zero.body.data.message).toBe('Itens: Nada foi aprovado: para não atender, recuse o pedido.');
    const recusado = await cozinha('POST', `/estoquePedidoTransferencia/${nada._id}/recusar`, { motivo: 'Sem molho hoje' });
    expect(recusado.body.data).toMatchObject({ status: 'recusado', motivo: 'Sem molho hoje' });
    expect(recusado.body.data.recusadoPor).toBeTruthy();
  });
});

describe('sending less (or more) than approved', () => {
  it('sends what the picking found, each different line with its reason, and the store receives that', async () => {
    const pedido = await solicitar([{ produto: molho, quantidade: '3' }, { produto: pao, quantidade: '10' }]);
    expect((await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, {})).status).toBe(200);
    const antes = (await saldo(cozinha, camara, pao))!.quantidade;
    const calado = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/enviar`, { localOrigem: camara, itens: [{ linha: 1, quantidadeEnviada: '6' }] });
    expect(calado.status).toBe(400);
    expect(calado.body.data.message).toBe('Item 1, justificativa: Enviar menos do que foi aprovado exige dizer por quê.');
    const nada = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/enviar`, {
      localOrigem: camara,
      itens: [{ linha: 0, quantidadeEnviada: '0', justificativa: 'Acabou' }, { linha: 1, quantidadeEnviada: '0', justificativa: 'Acabou' }],
    });
    expect(nada.body.data.message).toBe('Itens: Nada a enviar: para não atender, recuse o pedido.');
    // Nothing left the kitchen with the refusals.
    expect((await saldo(cozinha, camara, pao))!.quantidade).toBe(antes);
    const enviado = await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/enviar`, { localOrigem: camara, itens: [{ linha: 1, quantidadeEnviada: '6', justificativa: 'Só 6 prontos' }] });
    expect(enviado.status, JSON.stringify(enviado.body)).toBe(200);
    expect(enviado.body.data.itens.map((i: Record<string, unknown>) => [i.quantidadeAprovada, i.quantidadeEnviada, i.justificativaEnvio])).toEqual([
      ['3.0000', '3.0000', null],
      ['10.0000', '6.0000', 'Só 6 prontos'],
    ]);
    expect(Number((await saldo(cozinha, camara, pao))!.quantidade)).toBe(Number(antes) - 6);
    const transferencia = (await loja('GET', `/estoqueTransferenciaLojas/${enviado.body.data.transferencia}`)).body.data;
    expect(transferencia.itens.map((i: Record<string, unknown>) => i.quantidade)).toEqual(['3.0000', '6.0000']);
    // Sent twice: the request is no longer approved.
    expect((await cozinha('POST', `/estoquePedidoTransferencia/${pedido._id}/enviar`, { localOrigem: camara })).status).toBe(409);
  });
});

describe('editing a draft transfer', () => {
  it('rewrites lines, location and note with the version read, then sends; a stale version or a sent one is 409', async () => {
    const criado = await cozinha('POST', '/estoqueTransferenciaLojas', { empresaDestino: empresaLoja, localOrigem: camara, itens: [{ produto: pao, quantidade: '5' }] });
    const rascunho = criado.body.data as { _id: string; version: number };
    const corpo = { empresaDestino: empresaLoja, localOrigem: camara, observacao: 'Com o molho também', itens: [{ produto: pao, quantidade: '4' }, { produto: molho, quantidade: '1.5' }] };
    const invalido = await cozinha('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: rascunho.version, itens: [{ produto: pao, quantidade: '-1' }] });
    expect(invalido.status).toBe(400);
    expect(invalido.body.data.message).toContain('Item 1, quantidade');
    const editado = await cozinha('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: rascunho.version });
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    expect(editado.body.data).toMatchObject({ status: 'rascunho', observacao: 'Com o molho também' });
    expect(editado.body.data.itens.map((i: Record<string, unknown>) => [i.descricao, i.quantidade])).toEqual([
      ['Pão de hambúrguer', '4.0000'],
      ['Molho de tomate da casa', '1.5000'],
    ]);
    const velho = await cozinha('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: rascunho.version });
    expect(velho.status).toBe(409);
    // The destination store can neither see nor edit a draft.
    expect((await loja('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: editado.body.data.version })).status).toBe(404);
    const antes = (await saldo(cozinha, camara, pao))!.quantidade;
    const enviado = await cozinha('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: editado.body.data.version, enviar: true });
    expect(enviado.body.data.status).toBe('enviada');
    expect(Number((await saldo(cozinha, camara, pao))!.quantidade)).toBe(Number(antes) - 4);
    const depois = await cozinha('PUT', `/estoqueTransferenciaLojas/${rascunho._id}`, { ...corpo, version: enviado.body.data.version });
    expect(depois.status).toBe(409);
    expect(depois.body.data.message).toMatch(/^Esta transferência já foi enviada em /);
  });
});

describe('estoqueTransferenciaLojas', () => {
  it('posts once when two receipts of the same transfer arrive at once', async () => {
    const t = await enviarPao('10');
    const antes = Number((await saldo(loja, estoqueLoja, pao))?.quantidade ?? 0);
    const corpo = { local: estoqueLoja };
    const respostas = await Promise.all([loja('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, corpo), loja('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, corpo)]);
    expect(respostas.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(respostas.find((r) => r.status === 409)!.body.data.message).toMatch(/^Esta transferência já foi recebida em \d\d\/\d\d\/\d{4}/);
    expect(Number((await saldo(loja, estoqueLoja, pao))!.quantidade) - antes).toBe(10);
    const movs = (await loja('POST', '/relatorioMovimentacaoProdutos', { de: hoje, ate: hoje })).body.data.linhas as Record<string, unknown>[];
    expect(movs.filter((m) => m.documentoId === t._id)).toHaveLength(1);
  });

  it('cancels a draft and reverses one in transit, the stock back in the kitchen', async () => {
    const rascunho = await cozinha('POST', '/estoqueTransferenciaLojas', { empresaDestino: empresaLoja, localOrigem: camara, itens: [{ produto: pao, quantidade: '5' }] });
    expect(rascunho.body.data.status).toBe('rascunho');
    // The store does not see a draft.
    expect((await loja('GET', `/estoqueTransferenciaLojas/${rascunho.body.data._id}`)).status).toBe(404);
    const cancelado = await cozinha('POST', `/estoqueTransferenciaLojas/${rascunho.body.data._id}/cancelar`, { motivo: 'Digitado errado' });
    expect(cancelado.body.data.status).toBe('cancelada');

    const antes = (await saldo(cozinha, camara, pao))!.quantidade;
    const t = await enviarPao('7');
    expect(Number((await saldo(cozinha, camara, pao))!.quantidade)).toBe(Number(antes) - 7);
    const estornado = await cozinha('POST', `/estoqueTransferenciaLojas/${t._id}/cancelar`, { motivo: 'Caminhão quebrou' });
    expect(estornado.status, JSON.stringify(estornado.body)).toBe(200);
    expect(estornado.body.data.status).toBe('cancelada');
    expect((await saldo(cozinha, camara, pao))!.quantidade).toBe(antes);
    const tarde = await loja('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, { local: estoqueLoja });
    expect(tarde.status).toBe(409);
    expect(tarde.body.data.message).toMatch(/^Esta transferência foi cancelada em /);
    expect((await cozinha('POST', `/estoqueTransferenciaLojas/${t._id}/cancelar`, { motivo: 'De novo' })).status).toBe(409);
  });

  it('answers 400 naming the field', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ empresaDestino: empresaCozinha, localOrigem: camara, itens: [{ produto: pao, quantidade: '1' }] }, 'Loja de destino: Escolha outra loja: esta é a loja da sessão.'],
      [{ empresaDestino: empresaLoja, localOrigem: estoqueLoja, itens: [{ produto: pao, quantidade: '1' }] }, 'Local de origem: Local de estoque não encontrado nesta loja (ou inativo).'],
      [{ empresaDestino: empresaLoja, localOrigem: camara, itens: [{ produto: pao, quantidade: '1.00001' }] }, 'Item 1, quantidade'],
      [{ empresaDestino: empresaLoja, localOrigem: camara, itens: [{ produto: pao, quantidade: '1' }, { produto: pao, quantidade: '2' }] }, 'Item 2, produto: Este produto já está em outra linha.'],
      [{ empresaDestino: empresaLoja, localOrigem: camara, itens: [] }, 'Itens: Informe ao menos um item.'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await cozinha('POST', '/estoqueTransferenciaLojas', corpo);
      expect(r.status, mensagem).toBe(400);
      expect(r.body.data.message).toContain(mensagem);
    }
    const t = await enviarPao('1');
    const local = await loja('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, { local: camara });
    expect(local.body.data.message).toBe('Local de destino: Local de estoque não encontrado nesta loja (ou inativo).');
    const linha = await loja('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, { local: estoqueLoja, itens: [{ linha: 3, quantidadeRecebida: '1' }] });
    expect(linha.body.data.message).toBe('Item 1, linha: Esta linha não existe na transferência.');
  });
});

describe('the wall', () => {
  it('shows a transfer and a request to its two stores only, and nothing to another group', async () => {
    const t = await enviarPao('2');
    const pedido = await solicitar([{ produto: pao, quantidade: '3' }]);
    for (const api of [terceira, vizinho]) {
      expect((await api('GET', `/estoqueTransferenciaLojas/${t._id}`)).status).toBe(404);
      expect((await api('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, { local: estoqueLoja })).status).toBe(404);
      expect((await api('POST', `/estoqueTransferenciaLojas/${t._id}/cancelar`, { motivo: 'Invasão' })).status).toBe(404);
      expect(((await api('POST', '/estoqueTransferenciaLojas/lista', {})).body.data as { _id: string }[]).map((x) => x._id)).not.toContain(t._id);
      expect((await api('GET', `/solicitacaoPedidoTransferencia/${pedido._id}`)).status).toBe(404);
      expect((await api('POST', `/estoquePedidoTransferencia/${pedido._id}/aprovar`, {})).status).toBe(404);
      expect(((await api('POST', '/estoquePedidoTransferencia/lista', {})).body.data as { _id: string }[]).map((x) => x._id)).not.toContain(pedido._id);
      expect((await api('POST', '/relatorioEstoqueTransferencia', { de: hoje, ate: hoje })).body.data.linhas.map((l: { _id: string }) => l._id)).not.toContain(t._id);
    }
    // The sending store cannot receive its own transfer; the receiving one cannot cancel it.
    expect((await cozinha('POST', `/estoqueTransferenciaLojas/${t._id}/receber`, { local: camara })).status).toBe(404);
    expect((await loja('POST', `/estoqueTransferenciaLojas/${t._id}/cancelar`, { motivo: 'Não quero' })).status).toBe(404);
    // Another group's company is not a store of this group.
    const alheia = await vizinho('POST', '/estoqueTransferenciaLojas', { empresaDestino: empresaLoja, localOrigem: camara, itens: [{ produto: pao, quantidade: '1' }] });
    expect(alheia.status).toBe(400);
    expect(alheia.body.data.message).toContain('Loja de destino: Loja não encontrada neste grupo.');
    // A profile without these screens.
    expect((await caixa('POST', '/estoqueTransferenciaLojas/lista', {})).status).toBe(403);
    expect((await caixa('POST', '/solicitacaoPedidoTransferencia', { empresaFornecedora: empresaCozinha, itens: [{ produto: pao, quantidade: '1' }] })).status).toBe(403);
  });
});

describe('estoqueGerarListaReposicao', () => {
  it('lists what is below the minimum with what to ask up to the minimum or the maximum, less what is already asked', async () => {
    const un = await criar(loja, 'unidadeMedida', { sigla: 'UNRP', descricao: 'Unidade', fracionado: false });
    const queijo = (await criar(loja, 'produtoGeral', { descricao: 'Queijo prato fatiado', unidade: un._id }))._id;
    const alface = (await criar(loja, 'produtoGeral', { descricao: 'Alface americana', unidade: un._id }))._id;
    await loja('POST', '/estoqueDocumento', { tipo: 'entradaManual', local: estoqueLoja, itens: [{ produto: queijo, quantidade: '3', custoUnitario: '100' }, { produto: alface, quantidade: '9', custoUnitario: '300' }] });
    await criar(loja, 'produtoGeralEmpresa', { produtoGeral: queijo, preco: 0, custo: 100, controlaEstoque: true, estoqueMinimo: '10', estoqueMaximo: '25' });
    await criar(loja, 'produtoGeralEmpresa', { produtoGeral: alface, preco: 0, custo: 300, controlaEstoque: true, estoqueMinimo: '8' });
    const ate = async (modo: string) => ((await loja('POST', '/estoqueGerarListaReposicao', { ate: modo })).body.data as { linhas: Record<string, unknown>[]; fornecedoraSugerida: string });
    const minimo = await ate('minimo');
    // Alface has 9 of a minimum of 8: not listed.
    expect(minimo.linhas.filter((l) => l.produto === queijo || l.produto === alface).map((l) => [l.descricao, l.saldo, l.quantidade])).toEqual([['Queijo prato fatiado', '3.0000', '7.0000']]);
    expect(minimo.fornecedoraSugerida).toBe(empresaCozinha);
    expect((await ate('maximo')).linhas.find((l) => l.produto === queijo)).toMatchObject({ quantidade: '22.0000', emPedido: '0.0000' });
    await solicitar([{ produto: queijo, quantidade: '20' }]);
    expect((await ate('maximo')).linhas.find((l) => l.produto === queijo)).toMatchObject({ quantidade: '2.0000', emPedido: '20.0000' });
    // Another store's list does not see this one's minimums.
    expect(((await terceira('POST', '/estoqueGerarListaReposicao', {})).body.data.linhas as { produto: string }[]).map((l) => l.produto)).not.toContain(queijo);
  });
});
