import { describe, expect, it } from 'vitest';
import { centavosParaTexto, decimalParaTexto, formatCentavos, formatData, formatValor, parseCentavos } from './format.ts';

describe('money in centavos', () => {
  it('parses Brazilian amounts straight to integer centavos', () => {
    expect(parseCentavos('1.234,56')).toBe(123456);
    expect(parseCentavos('0,1')).toBe(10);
    expect(parseCentavos('12')).toBe(1200);
    expect(parseCentavos('1234,5')).toBe(123450);
    expect(parseCentavos('R$ 5,00')).toBe(500);
    expect(parseCentavos('-3,07')).toBe(-307);
    expect(parseCentavos('1.000.000,99')).toBe(100000099);
    // The classic float trap: 0.29 * 100 = 28.999999999999996.
    expect(parseCentavos('0,29')).toBe(29);
  });

  it('rejects what is not an amount, and reads empty as no value', () => {
    expect(parseCentavos('1,234')).toBeUndefined();
    expect(parseCentavos('1.23')).toBeUndefined();
    expect(parseCentavos('12.34,5')).toBeUndefined();
    expect(parseCentavos('abc')).toBeUndefined();
    expect(parseCentavos('1,2,3')).toBeUndefined();
    expect(parseCentavos('')).toBeNull();
    expect(parseCentavos('  ')).toBeNull();
  });

  it('formats centavos for display and for editing', () => {
    expect(formatCentavos(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(centavosParaTexto(123456)).toBe('1.234,56');
    expect(centavosParaTexto(5)).toBe('0,05');
    expect(centavosParaTexto(-100)).toBe('-1,00');
    expect(parseCentavos(centavosParaTexto(98765432))).toBe(98765432);
  });
});

describe('display formats', () => {
  it('shows booleans, decimals, percentages, dates and references the Brazilian way', () => {
    expect(formatValor({ rotulo: 'Ativo', tipo: 'booleano' }, true)).toBe('Sim');
    expect(formatValor({ rotulo: 'Ativo', tipo: 'booleano' }, false)).toBe('Não');
    expect(formatValor({ rotulo: 'Fator', tipo: 'decimal' }, '1234.5000')).toBe('1.234,5');
    expect(formatValor({ rotulo: 'Alíquota', tipo: 'percentual' }, '18.0000')).toBe('18,00 %');
    expect(formatValor({ rotulo: 'Alíquota', tipo: 'percentual' }, '0.6500')).toBe('0,65 %');
    expect(formatValor({ rotulo: 'Alíquota', tipo: 'percentual' }, '3.0125')).toBe('3,0125 %');
    // A number stored before the field became exact still reads the same way.
    expect(formatValor({ rotulo: 'Desconto', tipo: 'percentual' }, 12.5)).toBe('12,50 %');
    expect(formatValor({ rotulo: 'Fator', tipo: 'decimal' }, '-1234567.125')).toBe('-1.234.567,125');
    expect(formatData('2026-03-09')).toBe('09/03/2026');
    expect(formatValor({ rotulo: 'Data', tipo: 'data' }, '2026-03-09T10:00:00Z')).toBe('09/03/2026');
    expect(formatValor({ rotulo: 'Impressora', tipo: 'referencia' }, { _id: 'i1', descricao: 'Cozinha' })).toBe('Cozinha');
    expect(formatValor({ rotulo: 'Impressora', tipo: 'referencia' }, null)).toBe('');
  });
});

describe('documents, CEP and phones in the list', () => {
  it('shows complete values masked and anything else as stored', () => {
    expect(formatValor({ rotulo: 'CNPJ', tipo: 'cpfCnpj' }, '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatValor({ rotulo: 'CPF', tipo: 'cpfCnpj' }, '52998224725')).toBe('529.982.247-25');
    expect(formatValor({ rotulo: 'CEP', tipo: 'cep' }, '01310100')).toBe('01310-100');
    expect(formatValor({ rotulo: 'Telefone', tipo: 'telefone' }, '1198765432')).toBe('(119) 876 - 5432');
    expect(formatValor({ rotulo: 'Telefone', tipo: 'telefone' }, '119876')).toBe('119876');
  });
});

describe('exact decimals as editing text', () => {
  it('starts the input with the comma and no thousands dots, without a float on the way', () => {
    expect(decimalParaTexto({ tipo: 'percentual' }, '18.0000')).toBe('18,00');
    expect(decimalParaTexto({ tipo: 'decimal' }, '1234.5000')).toBe('1234,5');
    expect(decimalParaTexto({ tipo: 'decimal' }, '0.1000')).toBe('0,1');
    expect(decimalParaTexto({ tipo: 'decimal' }, '12345678901234567.89')).toBe('12345678901234567,89');
    expect(decimalParaTexto({ tipo: 'decimal' }, null)).toBe('');
  });
});

describe('a lista in the list', () => {
  it('shows its items by the declared fields, or else how many there are', () => {
    const icms = {
      rotulo: 'ICMS por UF',
      tipo: 'lista',
      resumo: ['uf', 'cfop', 'aliquota'],
      campos: { uf: { rotulo: 'UF', tipo: 'uf' }, cfop: { rotulo: 'CFOP', tipo: 'texto' }, aliquota: { rotulo: 'Alíquota', tipo: 'percentual' } },
    } as const;
    expect(formatValor(icms, [{ uf: 'SP', cfop: '5102', aliquota: '18.0000' }, { uf: 'RJ', cfop: '6102', aliquota: '12.5000' }])).toBe('SP 5102 18,00 %; RJ 6102 12,50 %');
    expect(formatValor({ ...icms, resumo: undefined }, [{}, {}])).toBe('2');
  });
});
