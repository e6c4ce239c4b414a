import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compararDecimal, deEscalado, normalizarDecimal, paraEscalado } from './decimal.ts';
import { decimalExato, ehDecimalExato } from './decimalExato.ts';

describe('exact decimals', () => {
  it('reads the Brazilian and the dotted forms alike', () => {
    expect(normalizarDecimal('1.234,5')).toBe('1234.5');
    expect(normalizarDecimal('1234.5')).toBe('1234.5');
    expect(normalizarDecimal(' 18 ')).toBe('18');
    expect(normalizarDecimal('abc')).toBeNull();
    expect(normalizarDecimal(1e21)).toBeNull();
  });

  it('adds without binary rounding: 0,1 + 0,2 = 0,3', () => {
    expect(deEscalado(paraEscalado('0.1', 4) + paraEscalado('0,2', 4), 4)).toBe('0.3000');
    expect(deEscalado(-5n, 3)).toBe('-0.005');
    expect(compararDecimal('2.50', '2.5')).toBe(0);
    expect(compararDecimal('10', '9.999')).toBe(1);
  });

  it('gives the canonical string and names the field in its messages', () => {
    const aliquota = decimalExato({ casas: 4, min: '0', max: '100', rotulo: 'a alíquota' });
    expect(aliquota.parse('18')).toBe('18.0000');
    expect(aliquota.parse('7,6')).toBe('7.6000');
    expect(aliquota.parse(12)).toBe('12.0000');
    expect(aliquota.safeParse('18,123456').error?.issues[0]?.message).toBe('A alíquota: use no máximo 4 casas decimais.');
    expect(aliquota.safeParse('101').error?.issues[0]?.message).toBe('A alíquota deve ser no máximo 100.');
    expect(aliquota.safeParse('-1').error?.issues[0]?.message).toBe('A alíquota deve ser no mínimo 0.');
    expect(aliquota.safeParse('').error?.issues[0]?.message).toBe('Informe a alíquota (número).');
  });
});

describe('recognising an exact decimal schema', () => {
  it('sees it through nullable, default and refine, and not in a plain number', () => {
    const taxa = decimalExato({ casas: 2, acimaDe: '0', rotulo: 'a taxa' });
    expect(ehDecimalExato(taxa)).toBe(true);
    expect(ehDecimalExato(taxa.nullable().default(null))).toBe(true);
    expect(ehDecimalExato(taxa.refine((v) => v !== '9.99'))).toBe(true);
    expect(ehDecimalExato(z.number().nullable())).toBe(false);
    expect(ehDecimalExato(z.array(taxa))).toBe(false);
    expect(taxa.safeParse('0').error?.issues[0]?.message).toBe('A taxa deve ser maior que 0.');
    expect(taxa.parse('0,01')).toBe('0.01');
  });
});
