import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });
const SEGREDO = 'segredo-do-ifood-da-loja-sul';

/** The marketplace's API double: records the paths we call. */
const chamadas: string[] = [];
const marketplace = createServer((req, res) => {
  chamadas.push(req.url!);
  req.resume();
  req.on('end', () => res.writeHead(202).end());
});
const pronto = new Promise<void>((ok) => marketplace.listen(0, '127.0.0.1', ok));
afterAll(() => new Promise((ok) => marketplace.close(ok)));

describe('appIntegracaoDelivery: statuses back to the marketplace', () => {
  it('accepting, ready and out for delivery on the screen reach the marketplace, listed under the order', async () => {
    await pronto;
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const un = await api<{ _id: string }>(page, 'unidadeMedida', { sigla: 'URT', descricao: 'Unidade (retorno)' });
    const xis = await api<{ _id: string }>(page, 'produtoGeral', { descricao: 'Xis salada do delivery', unidade: un._id, ncm: '21069090' });
    const terminal = await api<{ _id: string }>(page, 'terminal', { descricao: 'iFood Sul', tipo: 'PDV' });
    const forma = await api<{ _id: string }>(page, 'formaPagamento', { descricao: 'iFood Sul (pago no app)', tipo: 'Outros' });
    const merchantId = `loja-sul-${Date.now()}`;
    const integracao = await api<{ _id: string }>(page, 'appIntegracaoDelivery', {
      descricao: 'iFood Loja Sul',
      provedor: 'iFood',
      merchantId,
      terminal: terminal._id,
      formaPagamento: forma._id,
      situacaoLoja: 'Aberta',
      urlApi: `http://127.0.0.1:${(marketplace.address() as AddressInfo).port}`,
    });
    expect((await page.request.put(`${ctx.server.url}/api/appIntegracaoDelivery/${integracao._id}/segredo`, { data: { segredo: SEGREDO } })).status()).toBe(200);
    expect((await page.request.put(`${ctx.server.url}/api/appIntegracaoDelivery/${integracao._id}/mapa`, { data: { itemExterno: 'IF-XS', descricaoExterna: 'X-Salada', produto: xis._id } })).status()).toBe(200);
    const corpo = JSON.stringify({ id: 'ev-5101', code: 'PLC', orderId: 'pedido-5101', merchantId, createdAt: new Date().toISOString(), order: { displayId: '5101', createdAt: new Date(Date.now() - 120_000).toISOString(), customer: { name: 'Paulo Reis' }, items: [{ id: 'IF-XS', name: 'X-Salada', quantity: 2, unitPrice: 29.9 }], total: { deliveryFee: 6.99 }, commission: 7.5 } });
    const res = await fetch(`${ctx.server.url}/api/integracoes/delivery/ifood/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ifood-signature': createHmac('sha256', SEGREDO).update(corpo).digest('hex') }, body: corpo });
    expect(res.status).toBe(200);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ctx.server.url}/appIntegracaoDelivery`);
    const pedido = page.getByTestId('delivery-pedido-5101');
    await pedido.getByTestId('delivery-aceitar').click();
    await pedido.getByTestId('delivery-pedido-situacao').getByText('Aceito').waitFor();
    await pedido.getByTestId('delivery-pronto').click();
    await page.getByText('Pedido #5101: o app foi avisado.').first().waitFor();
    await pedido.getByTestId('delivery-despachar').click();
    await expect.poll(() => chamadas.slice().sort()).toEqual(['/order/v1.0/orders/pedido-5101/confirm', '/order/v1.0/orders/pedido-5101/dispatch', '/order/v1.0/orders/pedido-5101/readyToPickup']);
    await page.reload();
    await expect.poll(() => page.getByTestId('delivery-pedido-5101').getByTestId('delivery-retornos').textContent()).toBe('Avisos ao app: aceite enviado; pronto enviado; saída para entrega enviado');
    await fotografar(page, 'delivery-retornos');
  });
});
