import { describe, expect, it } from 'vitest';
import { pendenciasEstadual, pendenciasFederal, pendenciasFiscais } from './pendenciasFiscais.ts';

const completa = {
  descricao: 'Tributado 18%',
  ativo: true,
  icms: [
    { uf: 'SP', cfop: '5102', cst: null, csosn: '102' },
    { uf: 'RJ', cfop: '6102', cst: null, csosn: '102' },
  ],
  ibsCbs: { cst: '000', cClassTrib: '000001' },
  ipi: { cst: null, enquadramento: '999' },
};
const federal = { cstPis: '49', cstCofins: '49', naturezaReceita: null };

describe('pendenciasFiscais', () => {
  it('finds nothing in a complete setup of a Simples Nacional company in SP', () => {
    expect(pendenciasFiscais({ configuracaoImposto: completa, configuracaoImpostoFederal: federal }, { uf: 'SP', crt: '1' })).toEqual([]);
  });

  it('says what is missing for NF-e/NFC-e, in Portuguese', () => {
    expect(pendenciasFiscais({})).toEqual(['Sem configuração de imposto estadual (ICMS)', 'Sem configuração de PIS/COFINS']);
    // As a produtoGeralEmpresa carries them (impostoFederal), populated.
    expect(pendenciasFiscais({ configuracaoImposto: completa, impostoFederal: { cstPis: '49', cstCofins: null } }, { uf: 'SP', crt: '1' })).toEqual(['Sem CST da COFINS']);
    // An id that was not populated cannot be checked: not a silent "nothing missing".
    expect(() => pendenciasFiscais({ configuracaoImposto: 'abc123' })).toThrow('configuracaoImposto veio como id');
    // A record saved before the reform fields existed.
    expect(pendenciasEstadual({ descricao: 'Antiga', icms: [{ uf: 'SP', cfop: '5102', cst: '00' }] })).toEqual(['Sem CST IBS/CBS', 'Sem cClassTrib']);
    expect(pendenciasEstadual({ ...completa, ibsCbs: { cst: '000', cClassTrib: '200004' } })).toEqual(['cClassTrib 200004 não é da CST IBS/CBS 000']);
    expect(pendenciasEstadual({ ...completa, icms: [] })).toEqual(['Sem ICMS de nenhuma UF']);
  });

  it('checks the rows against the company: its own UF, CFOP 5… for NFC-e, CST or CSOSN by CRT', () => {
    expect(pendenciasEstadual(completa, { uf: 'MG', crt: '1' })).toEqual(['Sem ICMS para MG, a UF da empresa (a NFC-e usa esta linha)']);
    expect(pendenciasEstadual(completa, { uf: 'SP', crt: '3' })).toEqual([
      'ICMS SP: empresa do regime normal (CRT 3) precisa de CST, não de CSOSN',
      'ICMS RJ: empresa do regime normal (CRT 3) precisa de CST, não de CSOSN',
    ]);
    expect(pendenciasEstadual({ ...completa, icms: [{ uf: 'SP', cfop: '6102', cst: null, csosn: '102' }] }, { uf: 'SP', crt: '4' })).toEqual([
      'ICMS SP: CFOP 6102 não é de operação dentro do estado (5…), exigido na NFC-e',
    ]);
    expect(pendenciasEstadual({ ...completa, icms: [{ uf: 'SP', cfop: '', cst: null, csosn: null }] })).toEqual(['ICMS SP: sem CFOP', 'ICMS SP: sem CST/CSOSN']);
    expect(pendenciasEstadual({ ...completa, ativo: false })).toEqual(['A configuração de imposto estadual Tributado 18% está inativa']);
  });

  it('asks PIS/COFINS codes and the natureza da receita of a monophasic or zero-rate sale', () => {
    expect(pendenciasFederal({ cstPis: '04', cstCofins: '04' })).toEqual(['Sem natureza da receita (CST 04 do PIS/COFINS)']);
    expect(pendenciasFederal({ cstPis: null, lixo: true })).toEqual(['A configuração de PIS/COFINS está na lixeira', 'Sem CST do PIS', 'Sem CST da COFINS']);
  });
});
