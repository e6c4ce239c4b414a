// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  acharLinhaPorCodigo,
  agruparPorLocal,
  chaveLinha,
  contadoEscalado,
  contadoExibido,
  errosPorLinha,
  filtrarItens,
  gtinDe,
  linhasAlteradas,
  rascunhoDepoisDeSalvar,
  reaisComSinal,
  resumoAprovacao,
  textoDoContado,
  type ItemInventario,
} from './inventario.ts';

const item = (local: string, produto: string, extra: Partial<ItemInventario> = {}): ItemInventario => ({
  local,
  localDescricao: local === 'dep' ? 'Depósito' : 'Cozinha',
  produto,
  codigo: produto.toUpperCase(),
  descricao: `Produto ${produto}`,
  gtin: null,
  unidade: 'KG',
  congelado: '10.0000',
  custoMedio: '500.0000',
  custoOrigem: 'medio',
  incluidoEm: null,
  incluidoPor: null,
  contado: null,
  diferenca: null,
  valor: null,
  contadoPor: null,
  ...extra,
});

describe('estoqueInventario: counts typed and sent', () => {
  const itens = [
    item('dep', 'a', { contado: '9.5000', diferenca: '-0.5000', valor: -250 }),
    item('dep', 'b'),
    item('coz', 'a', { gtin: '7891234567895' }),
    item('coz', 'c', { contado: '0.0000', diferenca: '-10.0000', valor: -5000 }),
  ];

  it('reads counts the Brazilian way, zero included, as scaled BigInt', () => {
    expect(contadoEscalado('9,5')).toBe(95_000n);
    expect(contadoEscalado('1.234,5')).toBe(12_345_000n);
    expect(contadoEscalado('9.5')).toBe(95_000n);
    expect(contadoEscalado('0')).toBe(0n);
    expect(contadoEscalado('0,0001')).toBe(1n);
    expect(contadoEscalado('99999999,9999')).toBe(999_999_999_999n);
    for (const ruim of ['', ' ', '-1', '1,23456', 'abc', '1,2,3', '9,']) expect(contadoEscalado(ruim)).toBeNull();
    expect(contadoExibido('09,50')).toBe('9,5');
    expect(contadoExibido('1.234,5')).toBe('1234,5');
    expect(contadoExibido('abc')).toBe('abc');
    expect(textoDoContado('1234.5000')).toBe('1234,5');
    expect(textoDoContado('0.0000')).toBe('0');
    expect(textoDoContado(null)).toBe('');
  });

  it('sends only the lines whose typed count differs from the saved one', () => {
    const rascunho = {
      [chaveLinha(itens[0]!)]: '9,50', // same value as saved: no change
      [chaveLinha(itens[1]!)]: '12', // new count
      [chaveLinha(itens[2]!)]: '', // erased, never counted: nothing
      [chaveLinha(itens[3]!)]: '', // erased a saved zero: cleared
      'dep|fantasma': '3', // a line not in the count
    };
    expect(linhasAlteradas(itens, rascunho)).toEqual([
      { local: 'dep', produto: 'b', contado: '12' },
      { local: 'coz', produto: 'c', contado: null },
    ]);
    // Text that is not a number goes as typed, for the server to name it.
    expect(linhasAlteradas(itens, { [chaveLinha(itens[0]!)]: '9,5x' })).toEqual([{ local: 'dep', produto: 'a', contado: '9,5x' }]);
    expect(linhasAlteradas(itens, { [chaveLinha(itens[3]!)]: '0,000' })).toEqual([]);
    expect(linhasAlteradas(itens, {})).toEqual([]);
  });

  it('puts every wrong line of a 400 back on its own line', () => {
    const enviadas = [
      { local: 'dep', produto: 'b', contado: '-1' },
      { local: 'dep', produto: 'a', contado: '9' },
      { local: 'coz', produto: 'c', contado: '1,23456' },
    ];
    const { linhas, gerais } = errosPorLinha(
      {
        'itens.0.contado': 'A quantidade contada deve ser no mínimo 0.',
        'itens.2.contado': 'A quantidade contada: use no máximo 4 casas decimais.',
        'itens.2.produto': 'Produto não encontrado.',
        'itens.9.contado': 'fora',
        itens: 'No máximo 5.000 linhas por envio.',
      },
      enviadas,
    );
    expect(linhas).toEqual({
      'dep|b': 'A quantidade contada deve ser no mínimo 0.',
      'coz|c': 'A quantidade contada: use no máximo 4 casas decimais. Produto não encontrado.',
    });
    expect(gerais).toEqual(['fora', 'No máximo 5.000 linhas por envio.']);
    expect(errosPorLinha(undefined, enviadas)).toEqual({ linhas: {}, gerais: [] });
  });

  it('finds the line of a scanned GTIN or a product code in the chosen location', () => {
    expect(acharLinhaPorCodigo(itens, '7891234567895')?.local).toBe('coz');
    // A GTIN-13 read with a leading zero (GTIN-14), spaces around it.
    expect(chaveLinha(acharLinhaPorCodigo(itens, ' 07891234567895 ')!)).toBe('coz|a');
    expect(acharLinhaPorCodigo(itens, '7891234567895', 'dep')).toBeNull();
    expect(chaveLinha(acharLinhaPorCodigo(itens, 'a', 'coz')!)).toBe('coz|a');
    expect(chaveLinha(acharLinhaPorCodigo(itens, 'a')!)).toBe('dep|a');
    expect(acharLinhaPorCodigo(itens, 'zzz')).toBeNull();
    expect(acharLinhaPorCodigo(itens, '  ')).toBeNull();
    // A GTIN wins over another product whose code is the same digits.
    const ambiguos = [item('dep', 'x', { codigo: '123' }), item('dep', 'y', { gtin: '123' })];
    expect(acharLinhaPorCodigo(ambiguos, '123')?.produto).toBe('y');
    // 'SEM GTIN' (the NF-e's word for none) is no code to scan.
    const semGtin = [item('dep', 'w', { gtin: 'SEM GTIN' })];
    expect(acharLinhaPorCodigo(semGtin, 'sem gtin')).toBeNull();
    expect(gtinDe(semGtin[0]!)).toBeNull();
    expect(filtrarItens(semGtin, { busca: 'gtin' })).toEqual([]);
  });

  it('filters, groups and sums up what approving posts', () => {
    expect(filtrarItens(itens, { local: 'coz' }).map(chaveLinha)).toEqual(['coz|a', 'coz|c']);
    expect(filtrarItens(itens, { busca: 'produto B' }).map(chaveLinha)).toEqual(['dep|b']);
    expect(filtrarItens(itens, { busca: '789123' }).map(chaveLinha)).toEqual(['coz|a']);
    expect(filtrarItens(itens, { soPendentes: true }).map(chaveLinha)).toEqual(['dep|b', 'coz|a']);
    expect(agruparPorLocal(itens).map((g) => [g.descricao, g.itens.length])).toEqual([
      ['Depósito', 2],
      ['Cozinha', 2],
    ]);
    expect(resumoAprovacao([...itens, item('dep', 'z', { contado: '10.0000', diferenca: '0.0000', valor: 0 })])).toEqual({ comDiferenca: 2, naoContadas: 2 });
    expect([reaisComSinal(2250), reaisComSinal(-2250), reaisComSinal(0)]).toEqual(['+R$ 22,50', '-R$ 22,50', 'R$ 0,00']);
  });

  it('keeps after a save only the drafts typed while it was on its way', () => {
    const enviadas = [{ local: 'dep', produto: 'b', contado: '12' }];
    const depois = itens.map((i) => (chaveLinha(i) === 'dep|b' ? { ...i, contado: '12.0000', diferenca: '2.0000', valor: 1000 } : i));
    expect(rascunhoDepoisDeSalvar({ 'dep|b': '12' }, enviadas, depois)).toEqual({});
    expect(rascunhoDepoisDeSalvar({ 'dep|b': '13' }, enviadas, depois)).toEqual({ 'dep|b': '13' });
    expect(rascunhoDepoisDeSalvar({ 'dep|b': '12', 'coz|a': '4' }, enviadas, depois)).toEqual({ 'coz|a': '4' });
  });
});
