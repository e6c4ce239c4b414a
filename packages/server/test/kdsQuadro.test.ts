import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cozinhaDemo } from '../src/seed/kdsDemo.ts';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { createTestContext, onPostgres, type TestContext } from './harness.ts';
import { esperarAte } from './espera.ts';
import { signIn } from './http.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';
import { prepararVendas, type CenarioVendas } from './vendasFixture.ts';

interface Evento {
  id: number;
  tipo: string;
  pedido: string;
  setores: string[];
  dados: { pedido?: { _id: string; pedidoId: string; itens: { descricao: string; setor: string | null; estado: string }[] }; itens?: string[] };
}

let ctx: TestContext;
let api: Api;
let vizinho: Api;
let cenario: CenarioVendas;
let url: string;
const abertos: Socket[] = [];
let loja: { chapa: string; bar: string; estacaoChapa: string; estacaoBar: string; expedicao: string; lanche: string; refri: string };

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  cenario = await prepararVendas(ctx, api);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = ctx.app.server.address();
  url = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
  loja = await montarLoja(api, 'T');
});
afterAll(async () => {
  for (const s of abertos) s.disconnect();
  await ctx?.close();
});

/** Sectors (chapa for snacks, bar for drinks), their stations, the dispatch gathering both, and a product of each group. */
async function montarLoja(quem: Api, sufixo: string) {
  const un = await criar(quem, 'unidadeMedida', { sigla: `U${sufixo}`, descricao: `Unidade ${sufixo}` });
  const lanches = await criar(quem, 'agrupador', { descricao: `Lanches KDS ${sufixo}` });
  const bebidas = await criar(quem, 'agrupador', { descricao: `Bebidas KDS ${sufixo}` });
  const chapa = (await criar(quem, 'kdsSetor', { descricao: `Chapa ${sufixo}` }))._id;
  const bar = (await criar(quem, 'kdsSetor', { descricao: `Bar ${sufixo}` }))._id;
  await criar(quem, 'kdsSetorCadastroGrupo', { agrupador: lanches._id, setor: chapa });
  await criar(quem, 'kdsSetorCadastroGrupo', { agrupador: bebidas._id, setor: bar });
  return {
    chapa,
    bar,
    estacaoChapa: (await criar(quem, 'kdsEstacao', { descricao: `Chapa ${sufixo}`, setores: [chapa] }))._id,
    estacaoBar: (await criar(quem, 'kdsEstacao', { descricao: `Bar ${sufixo}`, setores: [bar] }))._id,
    expedicao: (await criar(quem, 'kdsExpedicao', { descricao: `Passe ${sufixo}`, setores: [chapa, bar] }))._id,
    lanche: (await criar(quem, 'produtoGeral', { descricao: `X-salada ${sufixo}`, unidade: un._id, agrupador: lanches._id, ncm: '21069090' }))._id,
    refri: (await criar(quem, 'produtoGeral', { descricao: `Refrigerante ${sufixo}`, unidade: un._id, agrupador: bebidas._id, ncm: '22021000' }))._id,
  };
}

let aparelhos = 0;
/** A KDS device of the station, signed in: its 24-hour token. */
async function tokenDaTela(quem: Api, estacao: string): Promise<string> {
  const app = (await criar(quem, 'appSistema', { descricao: `TV KDS ${++aparelhos}`, tipo: 'KDS', estacao }))._id;
  const { credencial } = (await quem('POST', `/appSistema/${app}/credencial`)).body.data as { credencial: string };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/dispositivo/entrar', payload: { credencial } });
  return res.json().data.token as string;
}

/** A connected board collecting every event it receives. */
async function conectar(auth: Record<string, unknown>, extra: { cookie?: string } = {}) {
  const recebidos: Evento[] = [];
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, ...(extra.cookie ? { extraHeaders: { cookie: extra.cookie } } : {}) });
  abertos.push(socket);
  socket.on('kds', (e: Evento) => recebidos.push(e));
  await new Promise<void>((ok, falha) => {
    socket.once('connect', () => ok());
    socket.once('connect_error', falha);
  });
  return { socket, recebidos };
}

/** The first event in `recebidos` matching `cond`, once it has arrived (failing, named, after a generous limit). */
async function chegar(recebidos: Evento[], cond: (e: Evento) => boolean): Promise<Evento> {
  await esperarAte(() => recebidos.some(cond), 20_000, 'o evento chegar ao quadro', 20);
  return recebidos.find(cond)!;
}

let pedidos = 0;
function venda(l: typeof loja, pedidoId = `KDS-${++pedidos}`, minutosAtras = 0) {
  const agora = new Date(Date.now() - minutosAtras * 60_000).toISOString();
  return {
    pedidoId,
    canal: 'Balcão',
    mesa: '12',
    abertoEm: agora,
    fechadoEm: agora,
    itens: [
      { produto: l.lanche, quantidade: '2', precoUnitario: 2500, observacao: 'sem cebola' },
      { produto: l.refri, quantidade: '1', precoUnitario: 800 },
    ],
    pagamentos: [{ formaPagamento: cenario.ids.dinheiro, tPag: '01', valor: 5800, troco: 0 }],
    total: 5800,
  };
}
const doPedido = (pedidoId: string) => (e: Evento) => e.tipo === 'pedido' && e.dados.pedido?.pedidoId === pedidoId;

describe('KDS live board', () => {
  it('two boards receive an order from POST /api/vendas, each item routed to its sector', async () => {
    const a = await conectar({ token: await tokenDaTela(api, loja.estacaoChapa) });
    const b = await conectar({ token: await tokenDaTela(api, loja.estacaoChapa) });
    const bar = await conectar({ token: await tokenDaTela(api, loja.estacaoBar) });
    const corpo = venda(loja);
    expect((await cenario.enviar(corpo)).status).toBe(201);
    const [ea, eb, ebar] = await Promise.all([a, b, bar].map((q) => chegar(q.recebidos, doPedido(corpo.pedidoId))));
    expect(ea!.id).toBe(eb!.id);
    expect(ebar!.id).toBe(ea!.id);
    const itens = ea!.dados.pedido!.itens;
    expect(itens.map((i) => [i.descricao, i.setor, i.estado])).toEqual([
      ['X-salada T', loja.chapa, 'novo'],
      ['Refrigerante T', loja.bar, 'novo'],
    ]);
    // The same sale sent again is not a new order in the kitchen.
    expect((await cenario.enviar(corpo)).status).toBe(200);
    const tela = await ctx.app.inject({ method: 'GET', url: '/api/kds/quadro', headers: { authorization: `Bearer ${await tokenDaTela(api, loja.estacaoChapa)}` } });
    expect(tela.json().data.pedidos.filter((p: { pedidoId: string }) => p.pedidoId === corpo.pedidoId)).toHaveLength(1);
  });

  it('the board gets its station: sectors, timers, and the keys of its keypad and of the store-wide one', async () => {
    await criar(api, 'kdsTeclado', { descricao: 'Teclado do bar', estacao: loja.estacaoBar, teclas: [{ tecla: '5', acao: 'Concluir' }] });
    await criar(api, 'kdsTeclado', { descricao: 'Teclado geral', teclas: [{ tecla: 'Enter', acao: 'Voltar último' }] });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/kds/quadro', headers: { authorization: `Bearer ${await tokenDaTela(api, loja.estacaoChapa)}` } });
    expect(res.statusCode).toBe(200);
    const { quadro } = res.json().data;
    expect(quadro).toMatchObject({ _id: loja.estacaoChapa, tipo: 'estacao', descricao: 'Chapa T', setores: [{ _id: loja.chapa, descricao: 'Chapa T' }], minutosAlerta: 8, minutosAtraso: 15 });
    expect(quadro.teclas).toEqual([{ tecla: 'Enter', acao: 'Voltar último' }]);
  });

  it('a board whose device is revoked while connected is disconnected and told so', async () => {
    const app = (await criar(api, 'appSistema', { descricao: `TV revogada ${++aparelhos}`, tipo: 'KDS', estacao: loja.estacaoChapa }))._id;
    const { credencial } = (await api('POST', `/appSistema/${app}/credencial`)).body.data as { credencial: string };
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/dispositivo/entrar', payload: { credencial } })).json().data.token as string;
    const tela = await conectar({ token });
    const outra = await conectar({ token: await tokenDaTela(api, loja.estacaoChapa) });
    const saiu = new Promise<void>((ok) => tela.socket.once('kds:saiu', () => ok()));
    await ctx.app.kds.conferirAcessos();
    expect(tela.socket.connected).toBe(true);
    expect((await api('POST', `/appSistema/${app}/credencial/revogar`)).status).toBe(200);
    await ctx.app.kds.conferirAcessos();
    await saiu;
    await new Promise<void>((ok) => (tela.socket.connected ? tela.socket.once('disconnect', () => ok()) : ok()));
    expect(outra.socket.connected).toBe(true);
    await expect(conectar({ token })).rejects.toThrow(/inválida/);
  });

  it('an order still open (POST /api/kds/pedidos) reaches the board, and its sale later does not repeat it', async () => {
    const tela = await conectar({ token: await tokenDaTela(api, loja.estacaoChapa) });
    const corpo = venda(loja);
    const aberto = await cenario.enviar({ pedidoId: corpo.pedidoId, mesa: '7', itens: [{ produto: loja.lanche, quantidade: '1', observacao: 'bem passado' }] }, undefined, '/api/kds/pedidos');
    expect(aberto.status).toBe(201);
    await chegar(tela.recebidos, doPedido(corpo.pedidoId));
    expect((await cenario.enviar(corpo)).status).toBe(201);
    const tokenLeitura = await tokenDaTela(api, loja.estacaoChapa);
    const quadro = await ctx.app.inject({ method: 'GET', url: '/api/kds/quadro', headers: { authorization: `Bearer ${tokenLeitura}` } });
    expect(quadro.json().data.pedidos.filter((p: { pedidoId: string }) => p.pedidoId === corpo.pedidoId)).toHaveLength(1);

    const ruim = await cenario.enviar({ pedidoId: 'X', itens: [{ produto: loja.lanche, quantidade: '-1' }] }, undefined, '/api/kds/pedidos');
    expect(ruim.status).toBe(400);
    expect(ruim.body.data.message).toMatch(/^Item 1, quantidade: /);
  });

  it('shows each product\'s assembly steps: a station those of its sectors, the dispatch all of them', async () => {
    const passos = [
      { descricao: 'Grelhar o blend', setor: loja.chapa, minutos: 7 },
      { descricao: 'Separar o refrigerante gelado', setor: loja.bar, minutos: 1 },
    ];
    await criar(api, 'kdsMontagem', { produto: loja.lanche, passos });
    const montagens = async (estacao: string) => (await api('GET', `/kds/quadro?estacao=${estacao}`)).body.data.quadro.montagens as Record<string, { descricao: string }[]>;
    expect((await montagens(loja.estacaoChapa))[loja.lanche]!.map((p) => p.descricao)).toEqual(['Grelhar o blend']);
    expect((await montagens(loja.estacaoBar))[loja.lanche]!.map((p) => p.descricao)).toEqual(['Separar o refrigerante gelado']);
    expect((await montagens(loja.expedicao))[loja.lanche]).toEqual(passos);
  });

  it('a bump on the station shows on the dispatch board (a user session), and recall brings it back', async () => {
    const cookie = `retaguarda_sessao=${await signIn(ctx.app, 'admin@demo.com.br')}`;
    const expedicao = await conectar({ estacao: loja.expedicao }, { cookie });
    const token = await tokenDaTela(api, loja.estacaoChapa);
    const chapa = await conectar({ token });
    const corpo = venda(loja);
    await cenario.enviar(corpo);
    const chegou = await chegar(expedicao.recebidos, doPedido(corpo.pedidoId));
    await chegar(chapa.recebidos, doPedido(corpo.pedidoId));
    const bump = await ctx.app.inject({ method: 'POST', url: `/api/kds/pedidos/${chegou.pedido}/pronto`, headers: { authorization: `Bearer ${token}` } });
    expect(bump.statusCode).toBe(200);
    const pronto = await chegar(expedicao.recebidos, (e) => e.tipo === 'pronto' && e.pedido === chegou.pedido);
    expect(pronto.setores).toEqual([loja.chapa]);
    expect(pronto.dados.itens).toHaveLength(1);
    // Bumped twice: nothing left to do at this station.
    const deNovo = await ctx.app.inject({ method: 'POST', url: `/api/kds/pedidos/${chegou.pedido}/pronto`, headers: { authorization: `Bearer ${token}` } });
    expect(deNovo.statusCode).toBe(409);
    const recall = await ctx.app.inject({ method: 'POST', url: '/api/kds/recuperar', headers: { authorization: `Bearer ${token}` } });
    expect(recall.statusCode).toBe(200);
    await chegar(chapa.recebidos, (e) => e.tipo === 'recuperado' && e.pedido === chegou.pedido);
    // The dispatch follows; it does not bump.
    const naExpedicao = await api('POST', `/kds/pedidos/${chegou.pedido}/pronto?estacao=${loja.expedicao}`);
    expect(naExpedicao.status).toBe(409);
  });

  it('a board disconnected during three orders gets all three, once each, when it reconnects', async () => {
    const token = await tokenDaTela(api, loja.estacaoChapa);
    const tela = await conectar({ token });
    const primeiro = venda(loja);
    await cenario.enviar(primeiro);
    const visto = await chegar(tela.recebidos, doPedido(primeiro.pedidoId));
    tela.socket.disconnect();
    const perdidos = [venda(loja), venda(loja), venda(loja)];
    for (const p of perdidos) expect((await cenario.enviar(p)).status).toBe(201);
    const ultimoVisto = Math.max(...tela.recebidos.map((e) => e.id));
    expect(ultimoVisto).toBe(visto.id);
    const volta = await conectar({ token, ultimoEvento: ultimoVisto });
    await new Promise<void>((ok) => volta.socket.once('kds:em-dia', () => ok()));
    // Exactly what it missed: nothing it had, nothing twice.
    expect(volta.recebidos.map((e) => e.dados.pedido?.pedidoId)).toEqual(perdidos.map((p) => p.pedidoId));
  });

  it('a board of one group never receives, reads or bumps an order of another', async () => {
    const cenarioVizinho = await prepararVendas(ctx, vizinho);
    const lojaVizinha = await montarLoja(vizinho, 'V');
    const tokenVizinho = await tokenDaTela(vizinho, lojaVizinha.estacaoChapa);
    const telaVizinha = await conectar({ token: tokenVizinho });
    const nossa = venda(loja);
    await cenario.enviar(nossa);
    const nosso = await chegar((await conectar({ token: await tokenDaTela(api, loja.estacaoChapa), ultimoEvento: 1 })).recebidos, doPedido(nossa.pedidoId));
    const deles = { ...venda(lojaVizinha), pagamentos: [{ formaPagamento: cenarioVizinho.ids.dinheiro, tPag: '01', valor: 5800, troco: 0 }] };
    expect((await cenarioVizinho.enviar(deles)).status).toBe(201);
    await chegar(telaVizinha.recebidos, doPedido(deles.pedidoId));
    // Sent after ours in the same process: had ours leaked, it would have arrived first.
    expect(telaVizinha.recebidos.every((e) => e.dados.pedido?.pedidoId !== nossa.pedidoId)).toBe(true);
    expect(telaVizinha.recebidos.map((e) => e.dados.pedido?.pedidoId)).toEqual([deles.pedidoId]);

    // Their user cannot open our station, nor their device bump our order.
    expect((await vizinho('GET', `/kds/quadro?estacao=${loja.estacaoChapa}`)).status).toBe(404);
    const bump = await ctx.app.inject({ method: 'POST', url: `/api/kds/pedidos/${nosso.pedido}/pronto`, headers: { authorization: `Bearer ${tokenVizinho}` } });
    expect(bump.statusCode).toBe(409);
    // Nor their socket, asking for our station.
    const cookie = `retaguarda_sessao=${await signIn(ctx.app, 'admin@vizinho.com.br')}`;
    await expect(conectar({ estacao: loja.estacaoChapa }, { cookie })).rejects.toThrow(/não encontrada/);
    // Nor catch up on ours: from the start (0, as a board reads a store that had no event yet), theirs only.
    const desdeOInicio = await conectar({ token: tokenVizinho, ultimoEvento: 0 });
    await new Promise<void>((ok) => desdeOInicio.socket.once('kds:em-dia', () => ok()));
    expect(desdeOInicio.recebidos.map((e) => e.dados.pedido?.pedidoId ?? e.tipo)).toEqual([deles.pedidoId]);
  });

  it('the demonstration kitchen: older orders made and bumped, recent ones being made, the newest new', async () => {
    const token = await tokenDaTela(api, loja.estacaoChapa);
    const quadro = async () => (await ctx.app.inject({ method: 'GET', url: '/api/kds/quadro', headers: { authorization: `Bearer ${token}` } })).json().data;
    const [velho, medio, novo] = [venda(loja, 'DEMO-20', 20), venda(loja, 'DEMO-6', 6), venda(loja, 'DEMO-1', 1)];
    for (const v of [velho, medio, novo]) expect((await cenario.enviar(v)).status).toBe(201);
    // Each reached the kitchen when it closed.
    const antes = (await quadro()).pedidos.filter((p: { pedidoId: string }) => p.pedidoId.startsWith('DEMO-'));
    expect(antes.map((p: { chegouEm: string }) => Math.round((Date.now() - Date.parse(p.chegouEm)) / 60_000))).toEqual([20, 6, 1]);
    await cozinhaDemo(ctx.db, { grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: ctx.seed.demo.empresas[0]! } as never);
    const depois = (await quadro()).pedidos.filter((p: { pedidoId: string }) => p.pedidoId.startsWith('DEMO-'));
    expect(depois.map((p: { pedidoId: string; itens: { setor: string; estado: string }[] }) => [p.pedidoId, p.itens.find((i) => i.setor === loja.chapa)!.estado])).toEqual([
      ['DEMO-6', 'em_preparo'],
      ['DEMO-1', 'novo'],
    ]);
  });

  // Two server processes behind a balancer: PostgreSQL's NOTIFY carries the event from one to the other.
  it.skipIf(!onPostgres)('a board on another server process receives the order ingested by this one (LISTEN/NOTIFY)', async () => {
    const outro = createDatabase(ctx.banco.url, { max: 2 });
    const segundo = await buildApp({ ...outro, config: ctx.config, logger: false, avisosDeSessao: ctx.banco.url });
    try {
      await segundo.listen({ port: 0, host: '127.0.0.1' });
      const endereco = segundo.server.address();
      const recebidos: Evento[] = [];
      const socket = io(`http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`, { transports: ['websocket'], auth: { token: await tokenDaTela(api, loja.estacaoBar) }, reconnection: false });
      abertos.push(socket);
      socket.on('kds', (e: Evento) => recebidos.push(e));
      await new Promise<void>((ok, falha) => (socket.once('connect', () => ok()), socket.once('connect_error', falha)));
      const corpo = venda(loja);
      expect((await cenario.enviar(corpo)).status).toBe(201);
      await chegar(recebidos, doPedido(corpo.pedidoId));
      socket.disconnect();
    } finally {
      await segundo.close();
      await outro.pool.end();
    }
  });
});
