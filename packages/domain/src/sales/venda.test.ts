import { describe, expect, it } from 'vitest';
import { reais } from '../shared/dinheiro.ts';
import { conferirVenda, rotuloCampoVenda, totaisDaVenda, valorDe, vendaSchema } from './venda.ts';

const base = {
  pedidoId: 'PDV1-000123',
  canal: 'Salão',
  abertoEm: '2026-11-20T12:01:00-03:00',
  fechadoEm: '2026-11-20T12:48:00-03:00',
  itens: [
    { produto: 'file', quantidade: '2', precoUnitario: 4590, modificadores: [{ descricao: 'Bacon extra', quantidade: '1', precoUnitario: 500 }] },
    { produto: 'buffet', quantidade: '0,485', precoUnitario: 6990 },
    { produto: 'suco', quantidade: '1', precoUnitario: 900, cancelado: { usuario: 'u1', motivo: 'Cliente desistiu', em: '2026-11-20T12:10:00-03:00' } },
  ],
  taxaServico: 1350,
  pagamentos: [{ formaPagamento: 'pix', tPag: '17', valor: 15919 }],
  total: 15919,
};

describe('a sale from a terminal', () => {
  it('multiplies exact quantities by centavos, rounding half up', () => {
    expect(valorDe('0.485', 6990)).toBe(3390); // 3390.15
    expect(valorDe('1.5', 333)).toBe(500); // 499.5 → 500
    expect(valorDe('3', 1990)).toBe(5970);
  });

  it('adds items with modifiers, leaves cancelled items out, adds the service fee', () => {
    const venda = vendaSchema.parse(base);
    expect(venda.itens[1]!.quantidade).toBe('0.485');
    expect(totaisDaVenda(venda)).toEqual({ bruto: 2 * (4590 + 500) + 3390, descontoItens: 0, subtotal: 13570, total: 14920, pago: 15919, troco: 0, itensCancelados: 1, valorCancelado: 900 });
    // The terminal said 159,19: the server says what it computed.
    expect(conferirVenda(venda)).toEqual([
      { campo: 'total', mensagem: `O total informado (${reais(15919)}) não confere com itens, descontos e taxas (R$ 149,20).` },
      { campo: 'pagamentos', mensagem: 'Os pagamentos menos o troco (R$ 159,19) não fecham o total (R$ 149,20).' },
    ]);
    const certa = vendaSchema.parse({ ...base, total: 14920, pagamentos: [{ formaPagamento: 'dinheiro', tPag: '01', valor: 15000, troco: 80 }] });
    expect(conferirVenda(certa)).toEqual([]);
  });

  it('asks the reason of a discount and refuses one larger than the item', () => {
    const venda = vendaSchema.parse({ ...base, itens: [{ produto: 'p', quantidade: '1', precoUnitario: 1000, desconto: 1500 }], desconto: 100, total: 0 });
    expect(conferirVenda(venda).map((e) => e.campo)).toEqual(['itens.0.desconto', 'itens.0.descontoMotivo', 'descontoMotivo', 'total', 'pagamentos']);
  });

  it('names the field of a malformed order', () => {
    const r = vendaSchema.safeParse({ ...base, canal: 'Drive', itens: [{ produto: 'p', quantidade: '1,2345', precoUnitario: 10.5 }] });
    const porCampo = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(porCampo).toMatchObject({
      canal: 'Canal: Salão, Balcão, Delivery, Delivery próprio, Totem, QR Code, App.',
      'itens.0.quantidade': 'A quantidade: use no máximo 3 casas decimais.',
      'itens.0.precoUnitario': 'Informe o preço unitário em centavos (número inteiro).',
    });
  });

  it('takes the optional operator, fiscal codes and transfers; an old order without them still parses', () => {
    const antiga = vendaSchema.parse(base);
    expect(antiga).toMatchObject({ operador: null, transferencias: [] });
    expect(antiga.itens[0]).toMatchObject({ cfop: null, cst: null });
    const transferencia = { item: 0, deMesa: '4', paraMesa: '7', usuario: 'u1', em: '2026-11-20T12:20:00-03:00' };
    const nova = vendaSchema.parse({ ...base, total: 14920, pagamentos: [{ formaPagamento: 'pix', tPag: '17', valor: 14920 }], operador: 'u2', transferencias: [transferencia, { ...transferencia, item: 3 }] });
    expect(nova.transferencias[0]!.motivo).toBeNull();
    expect(conferirVenda(nova)).toEqual([{ campo: 'transferencias.1.item', mensagem: 'A venda tem 3 itens (posições de 0 a 2).' }]);
    const codigos = vendaSchema.safeParse({ ...base, itens: [{ ...base.itens[1], cfop: '51020', cst: '1' }] });
    expect(Object.fromEntries(codigos.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      'itens.0.cfop': 'O CFOP tem 4 dígitos (5102, 5405…).',
      'itens.0.cst': 'CST (2 ou 3 dígitos) ou CSOSN (3 dígitos): 00, 060, 102, 500…',
    });
  });

  it("names a transfer's fields as a person reads them", () => {
    expect(rotuloCampoVenda('transferencias.1.usuario')).toBe('Transferência 2, quem transferiu');
    expect(rotuloCampoVenda('transferencias.0.paraMesa')).toBe('Transferência 1, para a mesa');
    expect(rotuloCampoVenda('itens.2.cst')).toBe('Item 3, CST/CSOSN');
    expect(rotuloCampoVenda('operador')).toBe('Operador');
  });
});
