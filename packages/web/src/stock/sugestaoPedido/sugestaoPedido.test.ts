import { describe, expect, it } from 'vitest';
import { filtroDaUrl, itensParaGerar, linhasVisiveis, totaisDaSugestao } from './sugestaoPedido.ts';
import type { LinhaSugestao } from './sugestaoPedidoApi.ts';

const linha = (extra: Partial<LinhaSugestao>): LinhaSugestao => ({
  produto: 'p',
  descricao: 'Farinha',
  codigo: null,
  unidade: 'KG',
  saldo: '4.0000',
  minimo: '5.0000',
  maximo: null,
  consumo: '14.0000',
  consumoDia: '1.0000',
  emPedido: '0.0000',
  prazoEntrega: 3,
  alvo: '15.0000',
  necessidade: '6.0000',
  fornecedor: 'f',
  fornecedorNome: 'Moinho',
  unidadeCompra: 'SC5',
  fator: '5.000000',
  precoUnitario: '2350.0000',
  sugerido: '2.0000',
  ...extra,
});

describe('order suggestion screen', () => {
  it('reads the filters from the URL', () => {
    expect(filtroDaUrl(new URLSearchParams('local=L&semanas=4&revisao=x&todos=1'))).toEqual({ local: 'L', fornecedor: null, agrupador: null, semanas: 4, revisao: null, todos: true });
  });

  it('orders the suggestion or the edit, skips zeros and products without a supplier, flags typos', () => {
    const linhas = [linha({}), linha({ produto: 'q', descricao: 'Queijo', fornecedor: 'g', sugerido: '4.0000', precoUnitario: '6400.0000' }), linha({ produto: 's', descricao: 'Sal', fornecedor: null, sugerido: '0.0000' })];
    expect(itensParaGerar(linhas, { q: '3,5' }).itens).toEqual([
      { produto: 'p', fornecedor: 'f', quantidade: '2.0000' },
      { produto: 'q', fornecedor: 'g', quantidade: '3.5' },
    ]);
    expect(itensParaGerar(linhas, { p: '0', q: 'três' })).toEqual({ itens: [], invalidas: ['Queijo'] });
    // 2 × R$ 23,50 + 3,5 × R$ 64,00 = 47,00 + 224,00
    expect(totaisDaSugestao(linhas, { q: '3,5' })).toEqual({ itens: 2, pedidos: 2, valor: 27100, semFornecedor: 1 });
  });

  it('shows what needs buying unless every product is asked for', () => {
    const linhas = [linha({}), linha({ produto: 'x', necessidade: '-2.0000', sugerido: '0.0000' })];
    expect(linhasVisiveis(linhas, false).map((l) => l.produto)).toEqual(['p']);
    expect(linhasVisiveis(linhas, true)).toHaveLength(2);
  });
});
