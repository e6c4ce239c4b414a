import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { camposCsv, ibptVencida, lerTabelaIbpt, ufDoArquivoIbpt } from './ibpt.ts';

const amostra = fileURLToPath(new URL('../../../../fixtures/ibpt/TabelaIBPTax_26.1.E.csv', import.meta.url));
const cabecalho = 'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
const cp1252 = (texto: string) => Uint8Array.from([...texto].map((c) => (c === '…' ? 0x85 : c === '–' ? 0x96 : c.charCodeAt(0))));

describe('IBPT table (De Olho no Imposto)', () => {
  it('reads the real 26.1.E sample: 11,390 rows by type, version, key and validity', () => {
    const tabela = lerTabelaIbpt(readFileSync(amostra));
    expect(tabela.linhas).toHaveLength(11_390);
    expect(tabela.porTipo).toEqual({ 0: 10_332, 1: 860, 2: 198 });
    expect([tabela.versao, tabela.chave, tabela.fonte]).toEqual(['26.1.E', '3CA397', 'IBPT/empresometro.com.br']);
    expect([tabela.vigenciaInicio, tabela.vigenciaFim]).toEqual(['2026-02-20', '2026-03-31']);
  });

  it('keeps the rates exact and keys rows by (codigo, ex)', () => {
    const { linhas } = lerTabelaIbpt(readFileSync(amostra));
    const pao = linhas.find((l) => l.codigo === '19059090' && l.ex === '01');
    expect(pao).toMatchObject({ descricao: 'Pao do tipo comum', nacionalFederal: '13.45', importadosFederal: '18.71', estadual: '13.30', municipal: '0.00', tipo: 0 });
    const cervejas = linhas.filter((l) => l.codigo === '22030000');
    expect(cervejas.map((l) => [l.ex, l.descricao, l.nacionalFederal, l.estadual])).toEqual([
      ['', 'Cervejas de malte', '14.67', '22.00'],
      ['01', 'Chope', '14.67', '22.00'],
    ]);
  });

  it('decodes Windows-1252 right: 0x85 is an ellipsis inside the text, not a line break, and 0x96 a dash', () => {
    const { linhas } = lerTabelaIbpt(readFileSync(amostra));
    expect(linhas.find((l) => l.codigo === '03023500')?.descricao).toBe('Atuns azuis (thunnus thinnus (…)');
    expect(linhas.find((l) => l.codigo === '03049211')?.descricao).toBe('Outros carnes de merluzas negras, congeladas – bochechas (cheeks)');
    expect(linhas.every((l) => !/[\u0080-\u009f]/.test(l.descricao))).toBe(true);
  });

  it('reads accents of a Windows-1252 file and of a UTF-8 one with BOM alike', () => {
    const linha = '21069090;;0;"Preparações alimentícias; outras";13.45;15.45;18.00;0.00;20/02/2026;31/03/2026;3CA397;26.1.E;IBPT';
    const latin = lerTabelaIbpt(cp1252(`${cabecalho}\r\n${linha}\r\n`));
    const utf8 = lerTabelaIbpt(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${cabecalho}\n${linha}\n`)]));
    expect(latin.linhas[0]!.descricao).toBe('Preparações alimentícias; outras');
    expect(utf8.linhas[0]!.descricao).toBe('Preparações alimentícias; outras');
  });

  it('refuses a file that is not the table, and a bad row with its line number', () => {
    expect(() => lerTabelaIbpt(new TextEncoder().encode('a;b;c\n1;2;3\n'))).toThrow(/não é uma tabela do IBPT/);
    const ruim = `${cabecalho}\n01012100;;0;"Cavalos";13,45;15.45;4.14;0.00;20/02/2026;31/03/2026;X;1;IBPT\n`;
    expect(() => lerTabelaIbpt(new TextEncoder().encode(ruim))).toThrow('Linha 2: Percentual federal (nacional) inválido: "13,45".');
    const data = `${cabecalho}\n01012100;;0;"Cavalos";13.45;15.45;4.14;0.00;31/02/2026;31/03/2026;X;1;IBPT\n`;
    expect(() => lerTabelaIbpt(new TextEncoder().encode(data))).toThrow(/Linha 2: Vigência inicial inválida/);
    expect(() => lerTabelaIbpt(new TextEncoder().encode(`${cabecalho}\n`))).toThrow('A tabela do IBPT está vazia.');
  });

  it('splits quoted fields with separators and doubled quotes; finds the UF in official file names; warns after vigenciafim', () => {
    expect(camposCsv('1;"a;b";"diz ""oi""";')).toEqual(['1', 'a;b', 'diz "oi"', '']);
    expect(ufDoArquivoIbpt('TabelaIBPTaxSP26.1.E.csv')).toBe('SP');
    expect(ufDoArquivoIbpt('TabelaIBPTax_26.1.E.csv')).toBeUndefined();
    expect(ibptVencida('2026-03-31', '2026-03-31')).toBe(false);
    expect(ibptVencida('2026-03-31', '2026-04-01')).toBe(true);
  });
});
