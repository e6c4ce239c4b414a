import { describe, expect, it } from 'vitest';
import { lerEventoDelivery, repasseDoPedido } from './pedidoDelivery.ts';

const ifood = (order: object) => ({ id: 'ev-1', code: 'PLC', fullCode: 'PLACED', orderId: 'o-1', merchantId: 'm-1', createdAt: '2026-11-27T19:30:00-03:00', order });

describe('delivery events', () => {
  it('reads an iFood-style order in exact centavos (reais with two places, never a float product)', () => {
    const lido = lerEventoDelivery(
      'iFood',
      ifood({
        displayId: '4821',
        createdAt: '2026-11-27T19:29:00-03:00',
        customer: { name: 'Ana' },
        items: [
          { id: 'X1', name: 'Xis bacon', quantity: 3, unitPrice: 0.1 },
          { id: 'R1', name: 'Refri', quantity: '2', unitPrice: '7.35' },
        ],
        total: { deliveryFee: 6.99 },
        benefits: [{ sponsorshipValues: [{ name: 'IFOOD', value: 3 }, { name: 'MERCHANT', value: 2.5 }] }],
        commission: 4.02,
      }),
    );
    expect(lido.ok).toBe(true);
    if (!lido.ok || lido.evento.tipo !== 'pedido') throw new Error('pedido');
    expect(lido.evento.pedido.itens.map((i) => [i.quantidade, i.precoUnitario])).toEqual([['3.000', 10], ['2.000', 735]]);
    // 3 × R$ 0,10 + 2 × R$ 7,35 + R$ 6,99 = R$ 21,99; the store's R$ 2,50 and the fee R$ 4,02 leave R$ 15,47.
    expect(repasseDoPedido(lido.evento.pedido)).toEqual({ bruto: 2199, comissao: 402, taxaEntrega: 699, campanhas: 250, subsidio: 300, liquido: 1547 });
  });

  it('names the wrong field, refuses three decimal places in reais, and reads a cancellation', () => {
    const errado = lerEventoDelivery('iFood', ifood({ displayId: '1', createdAt: '2026-11-27T19:29:00-03:00', items: [{ id: 'X', name: 'X', quantity: 1, unitPrice: 1.005 }] }));
    expect(errado).toEqual({ ok: false, campos: { 'order.items.0.unitPrice': 'O unitPrice: use no máximo 2 casas decimais.' } });
    expect(lerEventoDelivery('Genérico', { eventoId: 'e', tipo: 'pedido.cancelado', merchantId: 'm', em: '2026-11-27T19:30:00-03:00', pedidoId: 'p', motivo: 'Cliente desistiu' })).toMatchObject({
      ok: true,
      evento: { tipo: 'cancelamento', pedidoId: 'p', motivo: 'Cliente desistiu' },
    });
    expect(lerEventoDelivery('iFood', { id: 'e', code: 'DSP', orderId: 'o', merchantId: 'm', createdAt: '2026-11-27T19:30:00-03:00' })).toMatchObject({ ok: true, evento: { tipo: 'outro', codigo: 'DSP' } });
  });
});
