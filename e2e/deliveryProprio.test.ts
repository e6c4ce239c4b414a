import { describe, expect, it } from 'vitest';
import { api as apiGet, apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

/** The last code e-mailed to `para` (without SMTP the message goes to the server's log), as the QR page's test reads it. */
function ultimoCodigo(para: string): string {
  const trechos = ctx.server.output().split(`Para: ${para}.`);
  return trechos.length > 1 ? (/código de acesso é (\d+)/.exec(trechos.at(-1)!)?.[1] ?? '') : '';
}

describe('the store\'s own delivery page', () => {
  it('a customer opens /d/<token>, signs in with a code, orders to an address paying cash, and follows the status as the store dispatches', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    await api('provedorOTP', { descricao: 'Código por e-mail', canal: 'E-mail', tamanhoCodigo: 6, validadeMinutos: 10, tentativas: 3, limitePorHora: 5 });
    const un = await api('unidadeMedida', { sigla: 'UDL', descricao: 'Unidade delivery' });
    const pizzas = await api('agrupador', { descricao: 'Pizzas do delivery' });
    const margherita = await api('produtoGeral', { descricao: 'Pizza margherita', unidade: un._id, agrupador: pizzas._id, ncm: '19059090' });
    await api('produtoGeralEmpresa', { produtoGeral: margherita._id, preco: 5490 });
    const guarana = await api('produtoGeral', { descricao: 'Guaraná lata 350 ml', unidade: un._id, ncm: '22021000' });
    await api('produtoGeralEmpresa', { produtoGeral: guarana._id, preco: 650 });
    const cardapio = await api('cardapio', { descricao: 'Cardápio do delivery', canais: ['Delivery próprio'], secoes: [{ nome: 'Pizzas', produtos: [margherita._id] }, { nome: 'Bebidas', produtos: [guarana._id] }] });
    await api(`cardapio/${cardapio._id}/publicar`, { version: cardapio.version });
    const terminal = await api('terminal', { descricao: 'Caixa do delivery', tipo: 'PDV' });
    const dinheiro = await api('formaPagamento', { descricao: 'Dinheiro na entrega', tipo: 'Dinheiro', permiteTroco: true });
    const cartao = await api('formaPagamento', { descricao: 'Cartão na entrega', tipo: 'Cartão de Crédito' });
    const pagina = await api('appIntegracaoDelivery', {
      descricao: 'Delivery do site',
      provedor: 'Delivery próprio',
      merchantId: 'site',
      terminal: terminal._id,
      formaPagamento: dinheiro._id,
      situacaoLoja: 'Aberta',
      aceiteAutomatico: true,
      cardapio: cardapio._id,
      taxaEntrega: 990,
      faixasCep: [{ cepInicial: '13010000', cepFinal: '13029999', taxa: 600 }],
      pedidoMinimo: 3000,
      tempoEstimado: 45,
      formaDinheiro: dinheiro._id,
      formaCartao: cartao._id,
    });

    // The setting on the back office's screen (desktop).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/appIntegracaoDelivery?editar=${pagina._id}`);
    // The page's address to share, where a marketplace's form has its webhook secret.
    const endereco = page.getByTestId('delivery-pagina-endereco');
    await endereco.scrollIntoViewIfNeeded();
    expect(await endereco.inputValue()).toBe(`${ctx.server.url}/d/${pagina._id}`);
    await page.getByText('Taxas por faixa de CEP').first().scrollIntoViewIfNeeded();
    await fotografar(page, 'delivery-proprio-configuracao');

    const celular = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }).then((c) => c.newPage());
    await celular.goto(`${ctx.server.url}/d/${pagina._id}`);
    await celular.getByRole('button', { name: 'Adicionar Pizza margherita' }).waitFor();
    await fotografar(celular, 'delivery-proprio-cardapio');
    await celular.getByTestId('qr-entrar').click();
    await celular.getByTestId('qr-destino').fill('marina.alves@exemplo.com.br');
    await celular.getByTestId('qr-nome').fill('Marina Alves');
    await celular.getByTestId('qr-pedir-codigo').click();
    let codigo = '';
    await expect.poll(() => (codigo = ultimoCodigo('marina.alves@exemplo.com.br'))).not.toBe('');
    await celular.getByRole('textbox').first().click();
    await celular.keyboard.type(codigo);
    await celular.getByTestId('qr-confirmar-codigo').click();
    await expect.poll(() => celular.getByTestId('qr-cliente').textContent()).toContain('Olá, Marina Alves!');

    await celular.getByRole('button', { name: 'Adicionar Guaraná lata 350 ml' }).click();
    await celular.getByTestId('qr-confirmar-item').click();
    await celular.getByTestId('qr-ver-pedido').click();
    // 6,50 is below the minimum: the page says how much is missing and does not send.
    await expect.poll(() => celular.getByTestId('delivery-minimo').textContent()).toBe('Faltam R$ 23,50 para o pedido mínimo de R$ 30,00.');
    await celular.keyboard.press('Escape');
    await celular.getByRole('button', { name: 'Adicionar Pizza margherita' }).click();
    await celular.getByTestId('qr-confirmar-item').click();
    await celular.getByTestId('qr-ver-pedido').click();
    await celular.getByTestId('delivery-cep').fill('13025320');
    await celular.getByTestId('delivery-rua').fill('Rua Coronel Quirino');
    await celular.getByTestId('delivery-numero').fill('1200');
    await celular.getByTestId('delivery-bairro').fill('Cambuí');
    await celular.getByTestId('delivery-cidade').fill('Campinas');
    await celular.getByTestId('delivery-troco').fill('100');
    // 54,90 + 6,50 = 61,40 + 6,00 (the CEP's range) = 67,40.
    await expect.poll(() => celular.getByTestId('delivery-total').textContent()).toBe('R$ 67,40');
    await fotografar(celular, 'delivery-proprio-carrinho');
    await celular.getByTestId('delivery-confirmar').click();

    await expect.poll(() => celular.getByTestId('delivery-situacao').textContent()).toBe('Em preparo na cozinha');
    expect(await celular.getByTestId('delivery-total').textContent()).toBe('R$ 67,40');
    await fotografar(celular, 'delivery-proprio-status');

    // The store dispatches it on its delivery screen; the customer reloads the status page.
    const pedidos = await apiGet<{ _id: string; integracao: string; cliente: string }[]>(page, 'appIntegracaoDelivery/pedidos');
    const doSite = pedidos.find((p) => p.integracao === pagina._id)!;
    expect(doSite.cliente).toBe('Marina Alves');
    await api(`appIntegracaoDelivery/pedidos/${doSite._id}/despachar`);
    await celular.reload();
    await expect.poll(() => celular.getByTestId('delivery-situacao').textContent()).toBe('Saiu para entrega');

    await page.goto(`${ctx.server.url}/d/${pagina._id}`);
    await page.getByRole('button', { name: 'Adicionar Pizza margherita' }).waitFor();
    await fotografar(page, 'delivery-proprio-cardapio-desktop');
    // Closed on the delivery screen: the page says so and takes no order.
    await api(`appIntegracaoDelivery/${pagina._id}/loja`, { situacao: 'Fechada' });
    await page.reload();
    await expect.poll(() => page.getByTestId('delivery-fechada').textContent()).toBe('A loja está fechada para delivery agora.');
    expect(await page.getByRole('button', { name: 'Adicionar Pizza margherita' }).isDisabled()).toBe(true);
    await fotografar(page, 'delivery-proprio-fechada');
    await celular.context().close();
  });
});
