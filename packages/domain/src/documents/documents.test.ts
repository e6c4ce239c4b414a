import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { formatCpf, isValidCpf } from './cpf.ts';
import { isValidGtin, normalizarGtin } from './gtin.ts';
import { normalizarCest, normalizarNcm } from './ncm.ts';

describe('CPF', () => {
  it('accepts a valid CPF with or without mask and rejects wrong digits and repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('CNPJ', () => {
  it('validates numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('validates the alphanumeric CNPJ of the SERPRO example, lowercase input uppercased', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
  });

  it('refuses letters in the check digits', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
  });
});

describe('GTIN', () => {
  it('checks the mod-10 digit of EAN-13, EAN-8, UPC-A and GTIN-14', () => {
    expect(isValidGtin('7891000315507')).toBe(true);
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('17891000315504')).toBe(true);
    expect(isValidGtin('SEM GTIN')).toBe(false);
  });

  it('normalises what a user types: spaces and dashes out, the SEM GTIN literal in any case, wrong lengths refused', () => {
    expect(normalizarGtin(' 789 1000-31550 7 ')).toBe('7891000315507');
    expect(normalizarGtin('sem  gtin')).toBe('SEM GTIN');
    expect(normalizarGtin('')).toBe('SEM GTIN');
    expect(normalizarGtin('7891000315508')).toBeNull();
    expect(normalizarGtin('1234567')).toBeNull();
    expect(normalizarGtin('78910003155070')).toBeNull();
    expect(normalizarGtin('ABC')).toBeNull();
  });
});

describe('NCM and CEST', () => {
  it('take 8 and 7 digits, with or without dots', () => {
    expect(normalizarNcm('2203.00.00')).toBe('22030000');
    expect(normalizarNcm('00000000')).toBe('00000000');
    expect(normalizarNcm('2203.00')).toBeNull();
    expect(normalizarNcm('2203000A')).toBeNull();
    expect(normalizarCest('03.021.00')).toBe('0302100');
    expect(normalizarCest('0302100')).toBe('0302100');
    expect(normalizarCest('03021000')).toBeNull();
  });
});
