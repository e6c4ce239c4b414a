import { describe, expect, it } from 'vitest';
import type { SecaoVitrine } from '../resources/products/vitrine.ts';
import { motivoFechada, precificarPedidoDelivery, taxaEntregaDoCep, type PedidoDeliveryProprio } from './deliveryProprio.ts';
import { PedidoQrRecusado } from './qrCode.ts';

const faixas = { taxaEntrega: 990, faixasCep: [{ cepInicial: '13010000', cepFinal: '13029999', taxa: 600 }, { cepInicial: '13020000', cepFinal: '13039999', taxa: 800 }] };
const aberta = { situacaoLoja: 'Aberta' as const, motivoPausa: null };

describe('own delivery page rules', () => {
  it("takes the first CEP range that holds the CEP (ends included), else the page's fixed fee", () => {
    expect([taxaEntregaDoCep(faixas, '13010000'), taxaEntregaDoCep(faixas, '13025320'), taxaEntregaDoCep(faixas, '13035000'), taxaEntregaDoCep(faixas, '01310100')]).toEqual([600, 600, 800, 990]);
  });

  it('is open inside its hours, also when they pass midnight, and says why not otherwise', () => {
    const dia = { ...aberta, abreAs: '11:00', fechaAs: '23:00' };
    expect([motivoFechada(dia, '11:00'), motivoFechada(dia, '22:59')]).toEqual([null, null]);
    expect(motivoFechada(dia, '23:00')).toBe('A loja está fechada agora: recebe pedidos das 11:00 às 23:00.');
    const noite = { ...aberta, abreAs: '18:00', fechaAs: '02:00' };
    expect([motivoFechada(noite, '23:30'), motivoFechada(noite, '01:59'), motivoFechada(noite, '02:00') !== null, motivoFechada(noite, '12:00') !== null]).toEqual([null, null, true, true]);
    expect(motivoFechada({ situacaoLoja: 'Pausada', motivoPausa: 'Cozinha cheia', abreAs: null, fechaAs: null }, '12:00')).toBe('A loja pausou os pedidos: Cozinha cheia. Tente daqui a pouco.');
    expect(motivoFechada({ situacaoLoja: 'Fechada', motivoPausa: null, abreAs: null, fechaAs: null }, '12:00')).toBe('A loja está fechada para delivery agora.');
  });

  it('prices from the menu, adds the CEP fee, refuses below the minimum (items only) and change below the total', () => {
    const secoes = [{ nome: 'Pizzas', descricao: '', itens: [{ produto: 'p1', descricao: 'Pizza margherita', preco: 5490, disponivel: true, motivoIndisponivel: null, complementos: [] }] }] as unknown as SecaoVitrine[];
    const pedido = (quantidade: number, trocoPara: number | null): PedidoDeliveryProprio => ({
      id: 'pedido-teste-1',
      itens: [{ produto: 'p1', quantidade, complementos: [], observacao: null }],
      endereco: { cep: '13025320', logradouro: 'Rua A', numero: '1', complemento: null, bairro: 'Cambuí', uf: 'SP', cidade: 'Campinas', referencia: null },
      pagamento: 'Dinheiro',
      trocoPara,
    });
    const regras = { ...faixas, pedidoMinimo: 6000 };
    expect(precificarPedidoDelivery(secoes, pedido(2, 12000), regras)).toMatchObject({ subtotal: 10980, taxaEntrega: 600, total: 11580 });
    expect(() => precificarPedidoDelivery(secoes, pedido(1, null), regras)).toThrow(new PedidoQrRecusado('O pedido mínimo é de R$ 60,00 (sem a entrega): faltam R$ 5,10.'));
    expect(() => precificarPedidoDelivery(secoes, pedido(2, 11000), regras)).toThrow('Troco para: informe um valor a partir de R$ 115,80, o total do pedido.');
  });
});
