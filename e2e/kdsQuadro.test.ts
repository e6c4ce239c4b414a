import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('KDS live board', () => {
  it('a station board signed in with its credential shows an order sent through the API, and a touch bumps it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = async (url: string, body?: unknown) => (await (await page.request.post(`${ctx.server.url}/api/${url}`, body === undefined ? {} : { data: body })).json()).data;
    const un = await api('unidadeMedida', { sigla: 'UKQ', descricao: 'Unidade KDS' });
    const grupo = await api('agrupador', { descricao: 'Lanches do quadro' });
    const setor = await api('kdsSetor', { descricao: 'Chapa do quadro', cor: '#d35400' });
    await api('kdsSetorCadastroGrupo', { agrupador: grupo._id, setor: setor._id });
    const estacao = await api('kdsEstacao', { descricao: 'Chapa (teste)', setores: [setor._id], colunas: 3, minutosAlerta: 8, minutosAtraso: 15 });
    const lanche = await api('produtoGeral', { descricao: 'X-tudo do quadro', unidade: un._id, agrupador: grupo._id, ncm: '21069090' });
    const dinheiro = await api('formaPagamento', { descricao: 'Dinheiro do quadro', tipo: 'Dinheiro', permiteTroco: true });
    const terminal = await api('terminal', { descricao: 'PDV do quadro', tipo: 'PDV' });
    const { token } = await api(`terminal/${terminal._id}/credencial`);
    const tv = await api('appSistema', { descricao: 'TV do quadro', tipo: 'KDS', estacao: estacao._id });
    const { credencial } = await api(`appSistema/${tv._id}/credencial`);

    await page.goto(`${ctx.server.url}/kds/quadro`);
    await page.getByTestId('kds-credencial').fill(credencial);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Chapa (teste)' }).waitFor();

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
    await fotografar(page, 'kds-quadro-estacao');

    await cartao.click();
    await cartao.waitFor({ state: 'detached' });
    await page.getByTestId('kds-voltar').click();
    await cartao.waitFor();
  });
});
