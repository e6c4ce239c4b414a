import { describe, expect, it } from 'vitest';
import { aReceber, completarComMapeamentos, filtroDaUrl, lerPreco, montarPedido, precoDigitado, totaisDaLista, totalDaLinha } from './pedidoCompra.ts';
import type { PedidoListado } from './pedidoCompraApi.ts';

describe('purchase order screen logic', () => {
  it('reads a price typed in reais as exact centavos text, and shows it back', () => {
    expect(lerPreco('27,90')).toBe('2790');
    expect(lerPreco('R$ 1.234,5')).toBe('123450');
    expect(lerPreco('3,123456')).toBe('312.3456');
    expect(lerPreco('0')).toBe('0');
    expect(lerPreco('3,1234567')).toBeNull();
    expect(lerPreco('abc')).toBeNull();
    expect(precoDigitado('312.3456')).toBe('3,123456');
    expect(precoDigitado('2790.0000')).toBe('27,90');
  });

  it('totals a line like the server (10 bags × R$ 63,455 = R$ 634,55) and the list without the cancelled orders', () => {
    expect(totalDaLinha({ produto: 'p', unidade: 'FD', fator: '5', quantidade: '10', preco: '63,455' })).toBe(63455);
    expect(totalDaLinha({ produto: 'p', unidade: '', fator: '', quantidade: '1,5', preco: '' })).toBeNull();
    const p = (status: PedidoListado['status'], valor: number, valorRecebido: number) => ({ status, valor, valorRecebido }) as PedidoListado;
    expect(totaisDaLista([p('enviado', 1000, 0), p('recebidoParcialmente', 5000, 2000), p('recebido', 700, 720), p('cancelado', 9999, 0)])).toEqual({ pedidos: 4, valor: 6700, recebido: 2720, aReceber: 4000, cancelados: 1 });
  });

  it('names every field to fix before asking the server, and builds the order otherwise', () => {
    const r = montarPedido({ fornecedor: null, previsao: '31/02/2026', observacao: '', linhas: [{ produto: null, unidade: '', fator: '0', quantidade: '0', preco: 'x' }] });
    expect('erros' in r && Object.keys(r.erros).sort()).toEqual(['fornecedor', 'itens.0.fator', 'itens.0.precoUnitario', 'itens.0.produto', 'itens.0.quantidade', 'previsaoEntrega']);
    const ok = montarPedido({ fornecedor: 'f', previsao: '05/12/2026', observacao: ' ', linhas: [{ produto: 'p', unidade: 'FD5', fator: '5', quantidade: '2,5', preco: '27,90' }, { produto: null, unidade: '', fator: '', quantidade: '', preco: '' }] });
    expect(ok).toEqual({ pedido: { fornecedor: 'f', previsaoEntrega: '2026-12-05', observacao: null, itens: [{ produto: 'p', unidade: 'FD5', fator: '5', quantidade: '2.5', precoUnitario: '2790' }] } });
  });

  it('keeps the filters in the URL with a default period, and what is still due never below zero', () => {
    expect(filtroDaUrl(new URLSearchParams('status=enviado&de=2026-11-01'), '2026-11-28')).toEqual({ status: 'enviado', fornecedor: null, de: '2026-11-01', ate: '2026-11-28' });
    expect(filtroDaUrl(new URLSearchParams('status=xyz'), '2026-11-28').status).toBeNull();
    expect(aReceber({ quantidade: '10.0000', quantidadeRecebida: '4.0000' })).toBe('6.0000');
    expect(aReceber({ quantidade: '2.0000', quantidadeRecebida: '3.0000' })).toBe('0.0000');
  });

  it('fills the unit and factor of a line chosen before the mappings arrived, never over what was typed', () => {
    const mapeamentos = new Map([['arroz', { unidade: 'FD5', fator: '5' }]]);
    const linhas = [
      { produto: 'arroz', unidade: '', fator: '', quantidade: '10', preco: '' },
      { produto: 'arroz', unidade: 'SC', fator: '25', quantidade: '', preco: '' },
      { produto: 'feijao', unidade: '', fator: '', quantidade: '', preco: '' },
    ];
    expect(completarComMapeamentos(linhas, mapeamentos).map((l) => [l.unidade, l.fator])).toEqual([['FD5', '5'], ['SC', '25'], ['', '']]);
    const prontas = completarComMapeamentos(linhas, mapeamentos);
    expect(completarComMapeamentos(prontas, mapeamentos)).toBe(prontas);
  });
});
