import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from './cnpj.ts';
import { conferirChaveAcesso, digitoChaveAcesso, montarChaveAcesso, partesChaveAcesso } from './chaveAcesso.ts';

// infNFe Id of the real documents in shared/samples/nfe (DOMAIN.md §1).
const validas = {
  nfce65_prod_3itens_icmssn102: '41170410422724000187650010000000071000012588',
  nfe55_CANCELADA_tecidos: '35210258716523000119550000000573661346317847',
  nfe55_alimentos_icms10_st: '35180834128745000152550010000476491552806942',
  nfe55_alimentos_supermercado: '35180834128745000152550010000476051695511860',
  nfe55_medicos_icms40: '26180875335849000115550010000016871192213331',
  nfe55_reforma_ibscbs: '15231207933914000154550010006643501427015088',
  nfe55_simples_icmssn202: '43180906929383000163550010000000261000010301',
  nfe55_v310_plotag: '35150300822602000124550010009923461099234656',
};

describe('access key (chave de acesso)', () => {
  it('accepts the keys of the real samples and reads their parts', () => {
    for (const chave of Object.values(validas)) {
      expect(conferirChaveAcesso(chave)).toBeNull();
      // Built again from its parts and its cNF, the key comes out the same.
      expect(montarChaveAcesso({ ...partesChaveAcesso(chave), codigo: Number(chave.slice(35, 43)) })).toBe(chave);
    }
    expect(partesChaveAcesso(validas.nfce65_prod_3itens_icmssn102)).toEqual({
      cUF: 41,
      anoMes: '1704',
      emitente: '10422724000187',
      modelo: '65',
      serie: 1,
      numero: 7,
      tpEmis: '1',
    });
  });

  it('refuses the anonymised sample whose check digit is wrong, saying which it should be', () => {
    // nfce65_pmz_icms60_qrcode_noprot: DOMAIN.md says it expects 8.
    expect(conferirChaveAcesso('29181033657677000156650010001654399001654399')).toBe('Chave de acesso inválida: o dígito verificador deveria ser 8.');
  });

  it('refuses a key whose UF code does not exist (nfe55_41itens has cUF 94)', () => {
    expect(conferirChaveAcesso('94567341576807000161550010000699161000436194')).toBe('A chave de acesso traz o código de UF 94, que não existe.');
  });

  it('accepts an alphanumeric CNPJ in the issuer slot, with the digit counted as ASCII − 48', () => {
    const cnpj = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
    const base = '35' + '2611' + cnpj + '65' + '001' + '000000123' + '9' + '12345678';
    expect(base).toHaveLength(43);
    const chave = base + digitoChaveAcesso(base);
    expect(conferirChaveAcesso(chave.toLowerCase())).toBeNull();
    // A letter outside the CNPJ slot is not a key, nor is a letter read as its digit.
    expect(conferirChaveAcesso(`A${chave.slice(1)}`)).toBe('A chave de acesso tem 44 caracteres: números, com letras só no CNPJ do emitente.');
    expect(conferirChaveAcesso(chave.replace('ABC', '123'))).toMatch(/dígito verificador/);
  });

  it('checks the model, series and number declared beside the key', () => {
    const chave = validas.nfce65_prod_3itens_icmssn102;
    expect(conferirChaveAcesso(chave, { modelo: '65', serie: 1, numero: 7 })).toBeNull();
    expect(conferirChaveAcesso(chave, { modelo: '55' })).toBe('A chave de acesso é de um documento modelo 65, não 55.');
    expect(conferirChaveAcesso(chave, { serie: 2 })).toBe('A chave de acesso é da série 1, não 2.');
    expect(conferirChaveAcesso(chave, { numero: 8 })).toBe('A chave de acesso é do número 7, não 8.');
  });
});
