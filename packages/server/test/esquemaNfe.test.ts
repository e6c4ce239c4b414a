import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASTA_NFE } from './amostrasNfe.ts';
import { avisosDoEsquema, traduzir } from '../src/fiscal/esquemaNfe.ts';

describe('the PL_010 schema as warnings of a received NF-e', () => {
  it('every sample: the valid ones give none, the others name line and element in Portuguese', () => {
    const avisos = Object.fromEntries(readdirSync(PASTA_NFE).sort().map((nome) => [nome, avisosDoEsquema(readFileSync(PASTA_NFE + nome))]));
    for (const valida of ['nfe55_41itens_ipitrib_7dups.xml', 'nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml', 'nfe55_alimentos_supermercado_icms70.xml', 'nfe55_medicos_icms40_2dups.xml', 'nfe55_reforma_ibscbs_icms10_3dups.xml', 'nfe55_simples_icmssn202_st_dup.xml', 'nfce65_pmz_icms60_qrcode_noprot.xml']) {
      expect(avisos[valida], valida).toEqual([]);
    }
    // The cancellation appended inside nfeProc is not in the layout.
    expect(avisos['nfe55_CANCELADA_tecidos_1dup_tpag99.xml']).toEqual(['Esquema XSD (PL_010), linha 307: <retEvento> não era esperado aqui.']);
    expect(avisos['nfce65_prod_3itens_icmssn102.xml']!.slice(0, 2)).toEqual([
      "Esquema XSD (PL_010), linha 2: o valor '3.10' de atributo versao de <nfeProc> não segue o formato do leiaute.",
      'Esquema XSD (PL_010), linha 9: <indPag> não era esperado aqui (esperado: mod).',
    ]);
    // Many problems: five listed, then how many more.
    expect(avisos['nfe55_v310_plotag_7dups_icmssn101.xml']).toHaveLength(6);
    expect(avisos['nfe55_v310_plotag_7dups_icmssn101.xml']![5]).toMatch(/^Esquema XSD \(PL_010\): e mais \d+ problemas?\.$/);
    expect(avisos['evento_procEventoNFe_110110_cce.xml']).toEqual(['Esquema XSD (PL_010), linha 1: o documento começa por <procEventoNFe>, que não é uma NF-e do leiaute 4.00 (nfeProc ou NFe).']);
  });

  it('a file that is not XML is not validated, and says so', () => {
    expect(avisosDoEsquema(Buffer.from('<nfeProc><NFe>'))).toEqual([expect.stringMatching(/^Esquema XSD \(PL_010\): o XML não é bem formado \(linha \d+: .+\); não foi validado\.$/)]);
  });

  it('a missing element is named with what was expected', () => {
    expect(traduzir("Element '{http://www.portalfiscal.inf.br/nfe}ide': Missing child element(s). Expected is ( {http://www.portalfiscal.inf.br/nfe}cUF ).")).toBe('faltam elementos dentro de <ide> (esperado: cUF).');
  });
});
