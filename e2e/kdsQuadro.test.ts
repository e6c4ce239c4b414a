import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('KDS live board', () => {
  it('a station board signed in with its credential shows an order sent through the API, and a touch bumps it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    const un = await api('unidadeMedida', { sigla: 'UKQ', descricao: 'Unidade KDS' });
    const grupo = await api('agrupador', { descricao: 'Lanches do quadro' });
    const setor = await api('kdsSetor', { descricao: 'Chapa do quadro', cor: '#d35400' });
    await api('kdsSetorCadastroGrupo', { agrupador: grupo._id, setor: setor._id });
    const estacao = await api('kdsEstacao', { descricao: 'Chapa (teste)', setores: [setor._id], colunas: 3, minutosAlerta: 8, minutosAtraso: 15 });
    const lanche = await api('produtoGeral', { descricao: 'X-tudo do quadro', unidade: un._id, agrupador: grupo._id, ncm: '21069090' });
    const dinheiro = await api('formaPagamento', { descricao: 'Dinheiro do quadro', tipo: 'Dinheiro', permiteTroco: true });
    const terminal = await api('terminal', { descricao: 'PDV do quadro', tipo: 'PDV' });
    const { token } = await api(`terminal/${terminal._id}/credencial`);
    await api('kdsMontagem', { produto: lanche._id, passos: [{ descricao: 'Grelhar o hambúrguer', setor: setor._id, minutos: 6 }, { descricao: 'Montar no pão', setor: setor._id, minutos: 2 }] });
    const tv = await api('appSistema', { descricao: 'TV do quadro', tipo: 'KDS', estacao: estacao._id });
    const { credencial } = await api(`appSistema/${tv._id}/credencial`);

    // Keeps the page's WebSockets at hand, to cut the board's connection below.
    await page.addInitScript(() => {
      const Original = window.WebSocket;
      const abertos: WebSocket[] = [];
      (window as unknown as { __sockets: WebSocket[] }).__sockets = abertos;
      window.WebSocket = class extends Original {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          abertos.push(this);
        }
      };
    });
    await page.goto(`${ctx.server.url}/kds/quadro`);
    await page.getByTestId('kds-credencial').fill(credencial);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Chapa (teste)' }).waitFor();
    // The browser plays sound only after a gesture: the touch on Entrar was one, so the board rings when an order arrives.
    await expect.poll(() => page.getByTestId('kds-ativar-som').count()).toBe(0);

    const agora = new Date().toISOString();
    const venda = {
      pedidoId: 'QUADRO-1',
      canal: 'Salão',
      mesa: '12',
      abertoEm: agora,
      fechadoEm: agora,
      itens: [{ produto: lanche._id, quantidade: '2', precoUnitario: 3200, observacao: 'sem cebola' }],
      pagamentos: [{ formaPagamento: dinheiro._id, tPag: '01', valor: 6400, troco: 0 }],
      total: 6400,
    };
    const enviada = await page.request.post(`${ctx.server.url}/api/vendas`, { data: venda, headers: { authorization: `Bearer ${token}` } });
    expect(enviada.status()).toBe(201);
    const cartao = page.locator('[data-testid="kds-pedido"][data-pedido="QUADRO-1"]');
    await cartao.waitFor();
    await expect.poll(() => cartao.textContent()).toContain('Mesa 12');
    expect(await cartao.textContent()).toContain('2× X-tudo do quadro');
    expect(await cartao.textContent()).toContain('sem cebola');
    expect(await cartao.getByTestId('kds-montagem').locator('li').allTextContents()).toEqual(['Grelhar o hambúrguer · 6 min', 'Montar no pão · 2 min']);
    expect(await page.getByTestId('kds-quadro').getAttribute('data-toques')).toBe('1');
    await fotografar(page, 'kds-quadro-estacao');

    await cartao.click();
    await cartao.waitFor({ state: 'detached' });
    await page.getByTestId('kds-voltar').click();
    await cartao.waitFor();

    // The connection drops: a banner says so and the card stays; an order sent meanwhile arrives on reconnection.
    // Offline stops new connections but not the open WebSocket: the page's own sockets are closed too.
    await page.context().setOffline(true);
    await page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((s) => s.close()));
    await page.getByTestId('kds-sem-conexao').waitFor();
    expect(await cartao.isVisible()).toBe(true);
    await fotografar(page, 'kds-quadro-sem-conexao');
    const perdida = await page.request.post(`${ctx.server.url}/api/vendas`, { data: { ...venda, pedidoId: 'QUADRO-2', mesa: '3' }, headers: { authorization: `Bearer ${token}` } });
    expect(perdida.status()).toBe(201);
    await page.context().setOffline(false);
    await page.locator('[data-testid="kds-pedido"][data-pedido="QUADRO-2"]').waitFor();
    await page.getByTestId('kds-sem-conexao').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="kds-pedido"]').count()).toBe(2);
  });

  it('the dispatch, opened by a signed-in user, follows every sector of an order, with timers coloured by its minutes', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    const un = await api('unidadeMedida', { sigla: 'UKX', descricao: 'Unidade expedição' });
    const [lanches, bebidas] = [await api('agrupador', { descricao: 'Lanches da expedição' }), await api('agrupador', { descricao: 'Bebidas da expedição' })];
    const chapa = await api('kdsSetor', { descricao: 'Chapa da expedição', cor: '#d35400' });
    const bar = await api('kdsSetor', { descricao: 'Bar da expedição', cor: '#1f618d' });
    await api('kdsSetorCadastroGrupo', { agrupador: lanches._id, setor: chapa._id });
    await api('kdsSetorCadastroGrupo', { agrupador: bebidas._id, setor: bar._id });
    const estacao = await api('kdsEstacao', { descricao: 'Chapa da expedição', setores: [chapa._id], minutosAlerta: 5, minutosAtraso: 10 });
    const passe = await api('kdsExpedicao', { descricao: 'Passe (teste)', setores: [chapa._id, bar._id], minutosAlerta: 5, minutosAtraso: 10 });
    const lanche = await api('produtoGeral', { descricao: 'Hambúrguer da expedição', unidade: un._id, agrupador: lanches._id, ncm: '21069090' });
    const suco = await api('produtoGeral', { descricao: 'Suco da expedição', unidade: un._id, agrupador: bebidas._id, ncm: '20091200' });
    const dinheiro = await api('formaPagamento', { descricao: 'Dinheiro da expedição', tipo: 'Dinheiro', permiteTroco: true });
    const terminal = await api('terminal', { descricao: 'PDV da expedição', tipo: 'PDV' });
    const { token } = await api(`terminal/${terminal._id}/credencial`);
    const enviar = async (pedidoId: string, minutos: number) => {
      const em = new Date(Date.now() - minutos * 60_000).toISOString();
      const venda = {
        pedidoId,
        canal: 'Salão',
        mesa: String(minutos),
        abertoEm: em,
        fechadoEm: em,
        itens: [
          { produto: lanche._id, quantidade: '1', precoUnitario: 3000 },
          { produto: suco._id, quantidade: '2', precoUnitario: 900 },
        ],
        pagamentos: [{ formaPagamento: dinheiro._id, tPag: '01', valor: 4800, troco: 0 }],
        total: 4800,
      };
      expect((await page.request.post(`${ctx.server.url}/api/vendas`, { data: venda, headers: { authorization: `Bearer ${token}` } })).status()).toBe(201);
    };
    await enviar('PASSE-12', 12);
    await enviar('PASSE-7', 7);

    await page.goto(`${ctx.server.url}/kds/quadro?estacao=${passe._id}`);
    await page.getByRole('heading', { name: 'Passe (teste)' }).waitFor();
    await enviar('PASSE-1', 1);
    const cartao = (p: string) => page.locator(`[data-testid="kds-pedido"][data-pedido="${p}"]`);
    await cartao('PASSE-1').waitFor();
    expect(await Promise.all(['PASSE-12', 'PASSE-7', 'PASSE-1'].map((p) => cartao(p).getAttribute('data-cor')))).toEqual(['atrasado', 'alerta', 'no-prazo']);

    // The grill bumps its part of the late order: the dispatch sees it ready, the drinks still to come.
    const doPasse = (await (await page.request.get(`${ctx.server.url}/api/kds/quadro?estacao=${estacao._id}`)).json()).data.pedidos.find((p: { pedidoId: string }) => p.pedidoId === 'PASSE-12');
    expect((await page.request.post(`${ctx.server.url}/api/kds/pedidos/${doPasse._id}/pronto?estacao=${estacao._id}`)).status()).toBe(200);
    await cartao('PASSE-12').locator('li[data-estado="pronto"]').waitFor();
    expect(await cartao('PASSE-12').textContent()).toContain('Bar da expedição · Novo');
    await fotografar(page, 'kds-quadro-expedicao');

    // The prep-time report: the burger took 12 minutes at the grill, over its 10: late.
    await page.goto(`${ctx.server.url}/relatorioKdsTempoPreparo`);
    const linha = page.getByTestId('tempo-preparo-estacao-linha').filter({ hasText: 'Chapa da expedição' });
    await linha.waitFor();
    const celulas = await linha.locator('td').allTextContents();
    expect(celulas[0]).toBe('Chapa da expedição');
    expect(celulas[1]).toBe('1');
    expect(celulas[2]).toMatch(/^12:\d\d$/);
    expect(celulas[5]).toBe('1');
    expect(await page.getByTestId('tempo-preparo-produto-linha').filter({ hasText: 'Hambúrguer da expedição' }).count()).toBe(1);
    await fotografar(page, 'relatorio-kds-tempo-preparo');
  });
});
