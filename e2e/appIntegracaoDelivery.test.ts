import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

const SEGREDO = 'segredo-do-ifood-da-loja-centro';

/** The marketplace's side: an iFood-style order event, signed with the integration's secret. */
async function enviarPedido(merchantId: string, codigo: string, itens: { id: string; name: string; quantity: number; unitPrice: number }[]) {
  const corpo = JSON.stringify({
    id: `ev-${codigo}`,
    code: 'PLC',
    orderId: `pedido-${codigo}`,
    merchantId,
    createdAt: new Date().toISOString(),
    order: { displayId: codigo, createdAt: new Date(Date.now() - 120_000).toISOString(), customer: { name: 'Ana Souza' }, items: itens, total: { deliveryFee: 7.99 }, commission: 6.5 },
  });
  const res = await fetch(`${ctx.server.url}/api/integracoes/delivery/ifood/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ifood-signature': createHmac('sha256', SEGREDO).update(corpo).digest('hex') },
    body: corpo,
  });
  expect(res.status).toBe(200);
}

describe('appIntegracaoDelivery: orders from a delivery marketplace', () => {
  it('shows a signed order with its payout, maps the unmapped item, and accepting it on the screen makes the sale', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'UNE', descricao: 'Unidade (delivery)' });
    const xis = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Xis bacon do delivery', unidade: un._id, ncm: '21069090' });
    await api(page, 'produtoGeral', { descricao: 'Batata rústica', unidade: un._id, ncm: '20052000' });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'iFood', tipo: 'PDV' });
    const forma = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'iFood (pago no app)', tipo: 'Outros' });
    const merchantId = `loja-centro-${Date.now()}`;
    const integracao = await api<{ _id: string }>(page, 'appIntegracaoDelivery', {
      descricao: 'iFood Loja Centro',
      provedor: 'iFood',
      merchantId,
      terminal: terminal._id,
      formaPagamento: forma._id,
      situacaoLoja: 'Aberta',
    });
    expect((await page.request.put(`${ctx.server.url}/api/appIntegracaoDelivery/${integracao._id}/segredo`, { data: { segredo: SEGREDO } })).status()).toBe(200);
    expect((await page.request.put(`${ctx.server.url}/api/appIntegracaoDelivery/${integracao._id}/mapa`, { data: { itemExterno: 'IF-XB', descricaoExterna: 'X-Bacon', produto: xis._id } })).status()).toBe(200);

    await enviarPedido(merchantId, '4821', [{ id: 'IF-XB', name: 'X-Bacon', quantity: 2, unitPrice: 32.9 }]);
    await enviarPedido(merchantId, '4822', [
      { id: 'IF-XB', name: 'X-Bacon', quantity: 1, unitPrice: 32.9 },
      { id: 'IF-BR', name: 'Batata rústica com cheddar', quantity: 1, unitPrice: 28.9 },
    ]);

    await page.goto(`${ctx.server.url}/appIntegracaoDelivery`);
    const pedido = page.getByTestId('delivery-pedido-4821');
    await pedido.waitFor();
    // 2 × R$ 32,90 + R$ 7,99 of delivery.
    await pedido.getByRole('cell', { name: 'R$ 73,79', exact: true }).waitFor();
    await pedido.getByText(/líquido R\$ 67,29/).waitFor();
    await page.getByTestId('delivery-pedido-4822').getByText('Batata rústica com cheddar (sem produto)').waitFor();
    expect(await page.getByTestId('delivery-pedido-4822').getByTestId('delivery-aceitar').isDisabled()).toBe(true);
    await fotografar(page, 'delivery-pedidos');

    await pedido.getByTestId('delivery-aceitar').click();
    await pedido.getByTestId('delivery-pedido-situacao').getByText('Aceito').waitFor();
    await page.getByText('Pedido #4821 aceito: venda de R$ 73,79 registrada.').waitFor();
    const pedidos = await api<{ codigo: string; venda: string | null }[]>(page, 'appIntegracaoDelivery/pedidos');
    expect(pedidos.find((p) => p.codigo === '4821')!.venda).toBeTruthy();

    // The mapping: the unmapped item of the waiting order comes first.
    await page.getByRole('tab', { name: 'Mapeamento' }).click();
    const mapa = page.getByTestId('delivery-mapa');
    await mapa.getByText('Batata rústica com cheddar').waitFor();
    await mapa.getByText('sem produto', { exact: true }).waitFor();
    await mapa.locator('input[value$="Xis bacon do delivery"]').waitFor();
    await fotografar(page, 'delivery-mapeamento');

    await page.getByRole('tab', { name: 'Integrações' }).click();
    await page.getByText('iFood Loja Centro').waitFor();
    await page.goto(`${ctx.server.url}/appIntegracaoDelivery?editar=${integracao._id}`);
    await page.getByTestId('delivery-segredo').getByText(/Definido em/).waitFor();
    await page.getByTestId('delivery-segredo').scrollIntoViewIfNeeded();
    await fotografar(page, 'delivery-integracao');
  });
});
