import { describe, expect, it } from 'vitest';
import type { SecaoVitrine } from '../resources/products/vitrine.ts';
import { diasSemana } from '../resources/registration/empresa.ts';
import { comPrecosDaTabela, pedidoQrSchema, precificarPedidoQr, PedidoQrRecusado } from './qrCode.ts';

const livre = { disponivel: true, motivoIndisponivel: null };
const secoes: SecaoVitrine[] = [
  {
    nome: 'Lanches',
    descricao: '',
    itens: [
      { produto: 'burger', descricao: 'X-Burger', imagem: null, preco: 2890, ...livre, complementos: [{ nome: 'Ponto', minimo: 1, maximo: 1, opcoes: [{ produto: null, descricao: 'Ao ponto', precoAdicional: 0, ...livre }, { produto: 'bacon', descricao: 'Bacon extra', precoAdicional: 450, ...livre }] }] },
      { produto: 'suco', descricao: 'Suco de laranja', imagem: null, preco: 1095, ...livre, complementos: [] },
      { produto: 'pudim', descricao: 'Pudim', imagem: null, preco: 1200, disponivel: false, motivoIndisponivel: 'Esgotado', complementos: [] },
    ],
  },
];
const pedido = (itens: unknown[]) => pedidoQrSchema.parse({ id: 'pedido-0001', itens });

describe('precificarPedidoQr', () => {
  it('prices each line from the menu, complements included, and the service fee rounded once', () => {
    const p = precificarPedidoQr(secoes, pedido([{ produto: 'burger', quantidade: 2, complementos: [{ grupo: 'Ponto', descricao: 'Bacon extra' }] }, { produto: 'suco', quantidade: 3 }]), '10.00');
    // 2 × (28,90 + 4,50) = 66,80; 3 × 10,95 = 32,85; subtotal 99,65; 10 % = 9,965 → 9,97.
    expect(p.itens.map((i) => [i.precoUnitario, i.total])).toEqual([[3340, 6680], [1095, 3285]]);
    expect([p.subtotal, p.taxaServico, p.total]).toEqual([9965, 997, 10962]);
  });
  it('refuses an unknown or unavailable product, or a required group left empty, naming it', () => {
    expect(() => precificarPedidoQr(secoes, pedido([{ produto: 'sushi', quantidade: 1 }]), '0')).toThrow(new PedidoQrRecusado('Item 1: o produto sushi não está no cardápio desta mesa.'));
    expect(() => precificarPedidoQr(secoes, pedido([{ produto: 'suco', quantidade: 1 }, { produto: 'pudim', quantidade: 1 }]), '0')).toThrow('Item 2: Pudim está indisponível (Esgotado).');
    expect(() => precificarPedidoQr(secoes, pedido([{ produto: 'burger', quantidade: 1 }]), '0')).toThrow('escolha pelo menos 1 em "Ponto" de X-Burger');
  });
  it('takes the price table where it lists the product, while it applies', () => {
    const tabela = { ativo: true, prioridade: 0, validoDe: '2026-01-01', validoAte: null, diasSemana: [...diasSemana], horaInicio: '11:00', horaFim: '15:00', canais: ['QR Code' as const], itens: [{ produto: 'suco', tipo: 'Percentual' as const, preco: null, percentual: '-10.00' }] };
    // 10,95 − 10 % = 9,855 → 9,86 at lunch; the published price outside the table's hours.
    expect(comPrecosDaTabela(secoes, tabela, { data: '2026-11-28', hora: '12:30', canal: 'QR Code' })[0]!.itens.map((i) => i.preco)).toEqual([2890, 986, 1200]);
    expect(comPrecosDaTabela(secoes, tabela, { data: '2026-11-28', hora: '20:00', canal: 'QR Code' })[0]!.itens.map((i) => i.preco)).toEqual([2890, 1095, 1200]);
  });
});
