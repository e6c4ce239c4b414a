import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('QR code ordering', () => {
  it('a guest opens the table page on a phone, adds two items with a note, sends; the order is on the qrCode screen and the kitchen board', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    const un = await api('unidadeMedida', { sigla: 'UQE', descricao: 'Unidade QR' });
    const lanches = await api('agrupador', { descricao: 'Lanches da mesa' });
    const bebidas = await api('agrupador', { descricao: 'Bebidas da mesa' });
    const chapa = await api('kdsSetor', { descricao: 'Chapa da mesa', cor: '#d35400' });
    const bar = await api('kdsSetor', { descricao: 'Bar da mesa', cor: '#2980b9' });
    await api('kdsSetorCadastroGrupo', { agrupador: lanches._id, setor: chapa._id });
    await api('kdsSetorCadastroGrupo', { agrupador: bebidas._id, setor: bar._id });
    const passe = await api('kdsExpedicao', { descricao: 'Passe da mesa', setores: [chapa._id, bar._id] });
    const produto = async (descricao: string, agrupador: string, preco: number, extra: Record<string, unknown> = {}) => {
      const p = await api('produtoGeral', { descricao, unidade: un._id, agrupador, ncm: '21069090', ...extra });
      await api('produtoGeralEmpresa', { produtoGeral: p._id, preco });
      return p._id as string;
    };
    const burger = await produto('X-Burger da casa', lanches._id, 2890, { complementos: [{ nome: 'Extras', minimo: 0, maximo: 2, itens: [{ descricao: 'Bacon extra', precoAdicional: 450 }, { descricao: 'Cheddar', precoAdicional: 300 }] }] });
    const fritas = await produto('Batata frita', lanches._id, 2290);
    const suco = await produto('Suco de laranja', bebidas._id, 1095);
    const cardapio = await api('cardapio', { descricao: 'Cardápio das mesas', canais: ['Salão'], secoes: [{ nome: 'Lanches', produtos: [burger, fritas] }, { nome: 'Bebidas', produtos: [suco] }] });
    await api(`cardapio/${cardapio._id}/publicar`, { version: cardapio.version });
    await api('qrCode/config', { cardapio: cardapio._id, taxaServico: '10', ativo: true }, 'put');
    const mesa = await api('qrCode/mesas', { numero: 7, nome: 'Mesa 7', area: 'Varanda' });

    // The guest's phone: no session, a phone-sized window.
    const celular = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }).then((c) => c.newPage());
    const js: string[] = [];
    celular.on('response', (r) => {
      if (r.url().endsWith('.js')) js.push(r.url());
    });
    await celular.goto(`${ctx.server.url}/q/${mesa.token}`);
    await celular.getByTestId('qr-mesa').waitFor();
    expect(await celular.getByTestId('qr-mesa').textContent()).toBe('Mesa 7 · Varanda');
    // The back office's shell never loads on the guest's phone.
    expect(js.filter((u) => /Layout|layoutLoader/.test(u))).toEqual([]);
    await fotografar(celular, 'qr-mesa-cardapio');

    await celular.getByRole('button', { name: 'Adicionar X-Burger da casa' }).click();
    await celular.getByLabel(/Bacon extra/).check();
    await celular.getByTestId('qr-observacao').fill('sem cebola');
    await fotografar(celular, 'qr-mesa-item');
    await celular.getByTestId('qr-confirmar-item').click();
    await celular.getByRole('button', { name: 'Adicionar Suco de laranja' }).click();
    await celular.getByLabel('Quantidade').fill('2');
    await celular.getByTestId('qr-confirmar-item').click();
    await celular.getByTestId('qr-ver-pedido').click();
    // 33,40 + 2 × 10,95 = 55,30; 10 % = 5,53; total 60,83.
    await expect.poll(() => celular.getByTestId('qr-total').textContent()).toBe('R$ 60,83');
    expect(await celular.getByTestId('qr-linha').count()).toBe(2);
    await fotografar(celular, 'qr-mesa-carrinho');
    await celular.getByTestId('qr-enviar').click();
    await expect.poll(() => celular.getByTestId('qr-aviso').textContent()).toBe('Pedido enviado à cozinha! Total R$ 60,83.');
    await fotografar(celular, 'qr-mesa-enviado');
    await celular.getByTestId('qr-chamar-garcom').click();
    await expect.poll(() => celular.getByTestId('qr-aviso').textContent()).toContain('garçom foi chamado');

    // The back office: the order and the call in the live list.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/qrCode`);
    const pedido = page.getByTestId('qr-pedido').first();
    await pedido.waitFor();
    expect(await pedido.textContent()).toContain('1× X-Burger da casa (Bacon extra) — sem cebola; 2× Suco de laranja');
    expect(await pedido.textContent()).toContain('R$ 60,83');
    expect(await page.getByTestId('qr-chamada').first().textContent()).toContain('Mesa 7');
    expect(await page.getByTestId('qr-mesa-link').first().textContent()).toBe(`/q/${mesa.token}`);
    await fotografar(page, 'qr-code-tela');

    // The kitchen's dispatch board: the table's order with both sectors' items.
    await page.goto(`${ctx.server.url}/kds/quadro?estacao=${passe._id}`);
    const cartao = page.getByTestId('kds-pedido').filter({ hasText: 'Mesa 7' });
    await cartao.waitFor();
    expect(await cartao.textContent()).toContain('X-Burger da casa');
    expect(await cartao.textContent()).toContain('Suco de laranja');
    await fotografar(page, 'qr-code-kds');
    await celular.context().close();
  });
});
