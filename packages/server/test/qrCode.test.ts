import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { pedidoSimples, prepararVendas } from './vendasFixture.ts';

/**
 * QR code ordering: a table's public page reads its store's published menu with the QR setup's prices and
 * availability, and sends orders (priced by the server) to the kitchen, once per id; the back office sets it up.
 */
let ctx: TestContext;
let admin: Api;
let vizinho: Api;
const p: Record<string, string> = {};
let estacao: string;
let cardapio: string;
let mesa7: { _id: string; token: string; version: number };
let mesa8: { _id: string; token: string; version: number };

/** The public page's calls: no cookie, from an address of our choosing. */
const publico = async (method: 'GET' | 'POST', url: string, payload?: unknown, ip = '203.0.113.7') => {
  const res = await ctx.app.inject({ method, url: `/api/q/${url}`, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
let ids = 0;
const novoId = () => `pagina-${Date.now()}-${++ids}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  const un = await criar(admin, 'unidadeMedida', { sigla: 'UQR', descricao: 'Unidade QR' });
  const lanches = await criar(admin, 'agrupador', { descricao: 'Lanches QR' });
  const setor = (await criar(admin, 'kdsSetor', { descricao: 'Chapa QR' }))._id;
  await criar(admin, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor });
  estacao = (await criar(admin, 'kdsEstacao', { descricao: 'Chapa QR', setores: [setor] }))._id;
  await criar(admin, 'estoqueCadastro', { descricao: 'Cozinha QR', baixaVendas: true });
  const produto = async (nome: string, descricao: string, preco: number, extra: Record<string, unknown> = {}, empresa: Record<string, unknown> = {}) => {
    p[nome] = (await criar(admin, 'produtoGeral', { descricao, unidade: un._id, agrupador: lanches._id, ncm: '21069090', ...extra }))._id;
    await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p[nome], preco, ...empresa });
  };
  await produto('burger', 'X-Burger QR', 2890, { complementos: [{ nome: 'Extras', minimo: 0, maximo: 2, itens: [{ descricao: 'Bacon extra', precoAdicional: 450 }] }] });
  await produto('suco', 'Suco de laranja QR', 1095);
  // Counted in stock and never bought: Esgotado.
  await produto('pudim', 'Pudim QR', 1200, {}, { controlaEstoque: true });
  const c = await criar(admin, 'cardapio', { descricao: 'Cardápio das mesas', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [p.burger] }, { nome: 'Bebidas e sobremesas', produtos: [p.suco, p.pudim] }] });
  expect((await admin('POST', `/cardapio/${c._id}/publicar`, { version: c.version })).status).toBe(200);
  cardapio = c._id;
  const tabela = await criar(admin, 'tabelaVenda', { descricao: 'Mesas QR', validoDe: '2020-01-01', itens: [{ produto: p.suco, tipo: 'Percentual', percentual: '-10' }] });
  const config = await admin('PUT', '/qrCode/config', { cardapio, tabelaVenda: tabela._id, taxaServico: '10', ativo: true });
  expect(config.status, JSON.stringify(config.body)).toBe(200);
  mesa7 = (await admin('POST', '/qrCode/mesas', { numero: 7, nome: 'Mesa 7', area: 'Varanda' })).body.data;
  mesa8 = (await admin('POST', '/qrCode/mesas', { numero: 8, nome: 'Mesa 8', area: 'Salão' })).body.data;
});
afterAll(async () => ctx?.close());

describe('QR code: the public page', () => {
  it('reads the published menu with the table, the service fee, the price table over the prices and availability now', async () => {
    const res = await publico('GET', mesa7.token);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ mesa: { numero: 7, nome: 'Mesa 7', area: 'Varanda' }, aceitaPedidos: true, taxaServico: '10.00' });
    expect(d.secoes.map((s: { nome: string; itens: { descricao: string; preco: number; disponivel: boolean }[] }) => [s.nome, s.itens.map((i) => [i.descricao, i.preco, i.disponivel])])).toEqual([
      ['Lanches', [['X-Burger QR', 2890, true]]],
      // 10,95 − 10 % = 9,855 → 9,86 (the table's price table); the pudding is out of stock.
      ['Bebidas e sobremesas', [['Suco de laranja QR', 986, true], ['Pudim QR', 1200, false]]],
    ]);
  });

  it('an order is priced by the server to the centavo, with the service fee, and reaches the kitchen board for the table', async () => {
    const id = novoId();
    const res = await publico('POST', `${mesa7.token}/pedidos`, {
      id,
      itens: [
        // A price sent by the page is ignored.
        { produto: p.burger, quantidade: 2, complementos: [{ grupo: 'Extras', descricao: 'Bacon extra' }], observacao: 'sem cebola', preco: 1 },
        { produto: p.suco, quantidade: 3 },
      ],
      total: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2 × (28,90 + 4,50) = 66,80; 3 × 9,86 = 29,58; subtotal 96,38; 10 % = 9,638 → 9,64; total 106,02.
    expect(res.body.data.pedido).toMatchObject({ mesa: 7, subtotal: 9638, taxaServico: 964, total: 10602, naCozinha: true });
    expect(res.body.data.pedido.itens.map((i: { precoUnitario: number; total: number }) => [i.precoUnitario, i.total])).toEqual([[3340, 6680], [986, 2958]]);

    const quadro = await admin('GET', `/kds/quadro?estacao=${estacao}`);
    const naCozinha = (quadro.body.data.pedidos as { mesa: string; pedidoId: string; itens: { descricao: string; quantidade: string; observacao: string | null; modificadores: { descricao: string }[] }[] }[]).filter((x) => x.mesa === '7');
    expect(naCozinha).toHaveLength(1);
    // Table 7's first order, as the pass calls it.
    expect(naCozinha[0]!.pedidoId).toBe('7-1');
    expect(naCozinha[0]!.itens.map((i) => [i.descricao, i.quantidade, i.observacao, i.modificadores.map((m) => m.descricao)])).toEqual([
      ['X-Burger QR', '2.000', 'sem cebola', ['Bacon extra']],
      ['Suco de laranja QR', '3.000', null, []],
    ]);
    // The back office's live list has it, with the table.
    const atividade = (await admin('GET', '/qrCode/atividade')).body.data;
    expect(atividade.pedidos.find((x: { _id: string }) => x._id === res.body.data.pedido._id)).toMatchObject({ mesa: 7, nomeMesa: 'Mesa 7', total: 10602 });
  });

  it("the table's bill closed by the POS as a QR Code sale is not sent to the kitchen a second time", async () => {
    const cenario = await prepararVendas(ctx, admin);
    const agora = new Date().toISOString();
    // Our juice is made by a sector of this store: a sale of it reaches the kitchen unless it is the QR bill.
    const itens = [{ produto: p.suco, quantidade: '1', precoUnitario: 900 }];
    const conta = { ...pedidoSimples(cenario, 'CONTA-MESA-7'), canal: 'QR Code', mesa: '7', abertoEm: agora, fechadoEm: agora, itens };
    expect((await cenario.enviar(conta)).status).toBe(201);
    const balcao = { ...pedidoSimples(cenario, 'BALCAO-QR'), abertoEm: agora, fechadoEm: agora, itens };
    expect((await cenario.enviar(balcao)).status).toBe(201);
    const quadro = await admin('GET', `/kds/quadro?estacao=${estacao}`);
    const pedidos = (quadro.body.data.pedidos as { pedidoId: string }[]).map((x) => x.pedidoId);
    expect(pedidos).toContain('BALCAO-QR');
    expect(pedidos).not.toContain('CONTA-MESA-7');

    // The POS reads the table's QR orders to close its bill: each as the server priced it, and their sum.
    const pdv = async (url: string) => ctx.app.inject({ method: 'GET', url: `/api/qrCode/mesas/${url}`, headers: { authorization: `Bearer ${cenario.token}` } });
    const conta7 = (await pdv('7/pedidos')).json().data;
    expect(conta7.pedidos.length).toBeGreaterThan(0);
    expect(conta7.total).toBe(conta7.pedidos.reduce((soma: number, x: { total: number }) => soma + x.total, 0));
    expect(conta7.pedidos[0]).toMatchObject({ mesa: 7, subtotal: 9638, taxaServico: 964, total: 10602 });
    expect((await pdv(`7/pedidos?desde=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().data).toMatchObject({ pedidos: [], total: 0 });
    expect((await pdv('99/pedidos')).statusCode).toBe(404);
    expect((await pdv('7/pedidos?desde=ontem')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/qrCode/mesas/7/pedidos' })).statusCode).toBe(401);
  });

  it('the same id sent again is recorded once and answers the first order', async () => {
    const corpo = { id: novoId(), itens: [{ produto: p.suco, quantidade: 1 }] };
    const primeiro = await publico('POST', `${mesa8.token}/pedidos`, corpo);
    const segundo = await publico('POST', `${mesa8.token}/pedidos`, corpo);
    expect([primeiro.status, segundo.status]).toEqual([201, 200]);
    expect(segundo.body.data).toMatchObject({ duplicado: true, pedido: { _id: primeiro.body.data.pedido._id, total: 986 + 99 } });
    const atividade = (await admin('GET', '/qrCode/atividade')).body.data;
    expect(atividade.pedidos.filter((x: { mesa: number }) => x.mesa === 8)).toHaveLength(1);
    const quadro = await admin('GET', `/kds/quadro?estacao=${estacao}`);
    expect((quadro.body.data.pedidos as { mesa: string }[]).filter((x) => x.mesa === '8')).toHaveLength(1);
  });

  it('an unavailable or unknown product, or a bad line, refuses the whole order naming it; nothing is recorded', async () => {
    const antes = (await admin('GET', '/qrCode/atividade')).body.data.pedidos.length;
    const esgotado = await publico('POST', `${mesa7.token}/pedidos`, { id: novoId(), itens: [{ produto: p.suco, quantidade: 1 }, { produto: p.pudim, quantidade: 1 }] });
    expect(esgotado.status).toBe(400);
    expect(esgotado.body.data.message).toBe('Item 2: Pudim QR está indisponível (Esgotado).');
    const desconhecido = await publico('POST', `${mesa7.token}/pedidos`, { id: novoId(), itens: [{ produto: 'nao-existe', quantidade: 1 }] });
    expect(desconhecido.status).toBe(400);
    expect(desconhecido.body.data.message).toBe('Item 1: o produto nao-existe não está no cardápio desta mesa.');
    const quantidade = await publico('POST', `${mesa7.token}/pedidos`, { id: novoId(), itens: [{ produto: p.suco, quantidade: 1.5 }] });
    expect([quantidade.status, quantidade.body.data.message]).toEqual([400, 'Item 1, quantidade: Use um número inteiro.']);
    expect((await admin('GET', '/qrCode/atividade')).body.data.pedidos).toHaveLength(antes);
  });

  it('an unknown token is 404 for the menu, the order and the waiter call', async () => {
    for (const [method, url] of [['GET', 'tokenQueNaoExiste0123456'], ['POST', 'tokenQueNaoExiste0123456/pedidos'], ['POST', 'tokenQueNaoExiste0123456/garcom']] as const) {
      const res = await publico(method, url, method === 'POST' ? { id: novoId(), itens: [{ produto: p.suco, quantidade: 1 }] } : undefined);
      expect([res.status, res.body.data.message]).toEqual([404, 'Mesa não encontrada: leia de novo o QR Code da mesa.']);
    }
  });

  it('orders are rate limited per table and address (429 with Retry-After), another address still orders', async () => {
    const mesa = (await admin('POST', '/qrCode/mesas', { numero: 30, nome: 'Mesa 30' })).body.data;
    const status: number[] = [];
    for (let i = 0; i < 11; i++) status.push((await publico('POST', `${mesa.token}/pedidos`, {}, '198.51.100.4')).status);
    expect(status.slice(0, 10).every((s) => s === 400)).toBe(true);
    const bloqueado = await publico('POST', `${mesa.token}/pedidos`, {}, '198.51.100.4');
    expect(bloqueado.status).toBe(429);
    expect(Number(bloqueado.headers['retry-after'])).toBeGreaterThan(0);
    expect((await publico('POST', `${mesa.token}/pedidos`, { id: novoId(), itens: [{ produto: p.suco, quantidade: 1 }] }, '198.51.100.5')).status).toBe(201);
  });

  it('a body over 32 KB is 413', async () => {
    const res = await publico('POST', `${mesa7.token}/pedidos`, { id: novoId(), itens: [{ produto: p.suco, quantidade: 1, observacao: 'x'.repeat(40_000) }] });
    expect(res.status).toBe(413);
  });

  it('the waiter call shows on the screen until answered; calling again while open is the same call', async () => {
    const primeira = await publico('POST', `${mesa7.token}/garcom`);
    const segunda = await publico('POST', `${mesa7.token}/garcom`);
    expect([primeira.status, segunda.status]).toEqual([201, 200]);
    expect(segunda.body.data._id).toBe(primeira.body.data._id);
    const chamadas = (await admin('GET', '/qrCode/atividade')).body.data.chamadas;
    expect(chamadas[0]).toMatchObject({ _id: primeira.body.data._id, mesa: 7, atendidaEm: null });
    expect((await admin('POST', `/qrCode/chamadas/${primeira.body.data._id}/atender`)).status).toBe(200);
    expect((await admin('POST', `/qrCode/chamadas/${primeira.body.data._id}/atender`)).status).toBe(409);
    expect((await publico('POST', `${mesa7.token}/garcom`)).status).toBe(201);
  });

  it('a store that switched QR ordering off still shows the menu and refuses orders', async () => {
    const mesa = (await admin('POST', '/qrCode/mesas', { numero: 31, nome: 'Mesa 31', ativo: false })).body.data;
    expect((await publico('GET', mesa.token)).body.data.aceitaPedidos).toBe(false);
    const res = await publico('POST', `${mesa.token}/pedidos`, { id: novoId(), itens: [{ produto: p.suco, quantidade: 1 }] });
    expect(res.status).toBe(409);
  });
});

describe('QR code: the back office', () => {
  it('lists the tables with their public address; a repeated number is 409; the setup refuses a bad fee naming it', async () => {
    const d = (await admin('GET', '/qrCode')).body.data;
    expect(d.config).toMatchObject({ cardapio, taxaServico: '10.00', ativo: true });
    expect(d.mesas.find((m: { numero: number }) => m.numero === 7)).toMatchObject({ nome: 'Mesa 7', area: 'Varanda', url: expect.stringMatching(new RegExp(`/q/${mesa7.token}$`)) });
    expect(mesa7.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const repetida = await admin('POST', '/qrCode/mesas', { numero: 7, nome: 'Outra 7' });
    expect([repetida.status, repetida.body.data.message]).toEqual([409, 'Número: já existe a mesa 7 nesta loja.']);
    const taxa = await admin('PUT', '/qrCode/config', { cardapio, taxaServico: '45', version: d.config.version });
    expect(taxa.status).toBe(400);
    expect(taxa.body.data.message).toMatch(/^Taxa de serviço: /);
    const semCardapio = await admin('PUT', '/qrCode/config', { taxaServico: '10', version: d.config.version });
    expect([semCardapio.status, semCardapio.body.data.message]).toEqual([400, 'Cardápio: Escolha o cardápio das mesas.']);
  });

  it('a new token makes the old address 404; a table in the trash is 404 too', async () => {
    const mesa = (await admin('POST', '/qrCode/mesas', { numero: 40, nome: 'Mesa 40' })).body.data;
    const trocada = await admin('PUT', `/qrCode/mesas/${mesa._id}`, { trocarToken: true, version: mesa.version });
    expect(trocada.status).toBe(200);
    expect((await publico('GET', mesa.token)).status).toBe(404);
    expect((await publico('GET', trocada.body.data.token)).status).toBe(200);
    expect((await admin('PUT', `/qrCode/mesas/${mesa._id}`, { nome: 'Velha', version: mesa.version })).status).toBe(409);
    expect((await admin('POST', `/qrCode/mesas/${mesa._id}/lixeira`, { version: trocada.body.data.version })).status).toBe(200);
    expect((await publico('GET', trocada.body.data.token)).status).toBe(404);
  });

  it('prints an A4 PDF sheet of the active tables, six a page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/qrCode/folha.pdf', cookies: { retaguarda_sessao: await signIn(ctx.app, 'admin@demo.com.br') } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    const pdf = await PDFDocument.load(res.rawPayload);
    const ativas = (await admin('GET', '/qrCode')).body.data.mesas.filter((m: { ativo: boolean }) => m.ativo).length;
    expect(pdf.getPageCount()).toBe(Math.ceil(ativas / 6));
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('the wall between groups: another group reads none of this store, changes nothing, and cannot point its setup at our menu', async () => {
    const d = (await vizinho('GET', '/qrCode')).body.data;
    expect(d.mesas.map((m: { token: string }) => m.token)).not.toContain(mesa7.token);
    const atividade = (await vizinho('GET', '/qrCode/atividade')).body.data;
    expect(atividade.pedidos.concat(atividade.chamadas).filter((x: { mesa: number }) => x.mesa === 7)).toEqual([]);
    expect((await vizinho('PUT', `/qrCode/mesas/${mesa7._id}`, { nome: 'Tomada', version: mesa7.version })).status).toBe(404);
    expect((await vizinho('POST', `/qrCode/mesas/${mesa7._id}/lixeira`, { version: mesa7.version })).status).toBe(404);
    const chamada = await publico('POST', `${mesa8.token}/garcom`);
    expect((await vizinho('POST', `/qrCode/chamadas/${chamada.body.data._id}/atender`)).status).toBe(409);
    const config = await vizinho('PUT', '/qrCode/config', { cardapio, taxaServico: '10' });
    expect([config.status, config.body.data.message]).toEqual([400, 'Cardápio: cardápio não encontrado nesta empresa.']);
    // Their POS finds no table 7 of ours to bill.
    const delesPdv = await prepararVendas(ctx, vizinho);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/qrCode/mesas/7/pedidos', headers: { authorization: `Bearer ${delesPdv.token}` } })).statusCode).toBe(404);
    // Our table's address still reads our menu, untouched.
    expect((await publico('GET', mesa7.token)).body.data.mesa.nome).toBe('Mesa 7');
  });
});
