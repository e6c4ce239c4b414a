import { describe, expect, it } from 'vitest';
import { ajustarCentavos, descreverEdicao, edicaoEmMassaSchema, novoValorEdicao } from './edicaoEmMassa.ts';

describe('ajustarCentavos', () => {
  it('adds or takes a percentage rounding half up to the centavo, in integers', () => {
    expect(ajustarCentavos(1990, '10.00', 'acrescimo')).toBe(2189);
    expect(ajustarCentavos(999, '12.50', 'desconto')).toBe(874); // 874,125
    expect(ajustarCentavos(1000, '0.05', 'acrescimo')).toBe(1001); // 1000,5 → up
    expect(ajustarCentavos(333, '33.33', 'acrescimo')).toBe(444); // 443,9889
    expect(ajustarCentavos(5000, '100.00', 'desconto')).toBe(0);
    // 0,1 + 0,2 as floats would drift; here 3 × 1,1% of R$ 100.000,00 is exact.
    expect(ajustarCentavos(10_000_000, '1.10', 'acrescimo')).toBe(10_110_000);
  });
});

describe('novoValorEdicao', () => {
  const edicao = (e: Record<string, unknown>) => edicaoEmMassaSchema.parse(e);
  it('takes the new value, or the percentage over the current price', () => {
    expect(novoValorEdicao(edicao({ campo: 'ncm', valor: '2106.90.90' }), null)).toBe('2106.90.90');
    expect(novoValorEdicao(edicao({ campo: 'cest', valor: '' }), '0300100')).toBeNull();
    expect(novoValorEdicao(edicao({ campo: 'preco', valor: 1500 }), 1200)).toBe(1500);
    expect(novoValorEdicao(edicao({ campo: 'preco', modo: 'acrescimo', percentual: '7,5' }), 1200)).toBe(1290);
    expect(novoValorEdicao(edicao({ campo: 'custo', modo: 'desconto', percentual: 3 }), 1999)).toBe(1939); // 1939,03
  });
  it('says what is missing, naming the field', () => {
    expect(() => novoValorEdicao(edicao({ campo: 'preco', valor: 12.5 }), 1000)).toThrow('Preço: informe o novo valor em centavos.');
    expect(() => novoValorEdicao(edicao({ campo: 'preco', modo: 'acrescimo' }), 1000)).toThrow('Preço: informe o percentual.');
    expect(() => novoValorEdicao(edicao({ campo: 'agrupador' }), null)).toThrow('Agrupador: informe o novo valor.');
    expect(edicaoEmMassaSchema.safeParse({ campo: 'descricao', valor: 'x' }).error?.issues[0]?.message).toBe('Escolha o campo a alterar.');
    expect(edicaoEmMassaSchema.safeParse({ campo: 'preco', modo: 'desconto', percentual: '0' }).error?.issues[0]?.message).toBe('O percentual deve ser maior que 0.');
  });
  it('describes the edit for the history', () => {
    expect(descreverEdicao(edicao({ campo: 'preco', modo: 'acrescimo', percentual: '10' }))).toBe('Preço: + 10,00%');
    expect(descreverEdicao(edicao({ campo: 'custo', valor: 123456 }))).toBe('Custo: R$ 1.234,56');
    expect(descreverEdicao(edicao({ campo: 'agrupador', valor: 'id1' }), 'Bebidas')).toBe('Agrupador: Bebidas');
  });
});
