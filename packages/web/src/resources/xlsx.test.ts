import { findRecurso, type RecursoDef } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { colunaLetra, crc32, toXlsx, toXlsxPlanilhas } from './xlsx.ts';

/** Reads the stored entries of a ZIP back, checking each CRC. */
function lerZip(bytes: Uint8Array): Record<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const arquivos: Record<string, string> = {};
  let pos = 0;
  while (view.getUint32(pos, true) === 0x04034b50) {
    expect(view.getUint16(pos + 8, true)).toBe(0);
    const crc = view.getUint32(pos + 14, true);
    const tamanho = view.getUint32(pos + 18, true);
    const nomeLen = view.getUint16(pos + 26, true);
    const nome = new TextDecoder().decode(bytes.subarray(pos + 30, pos + 30 + nomeLen));
    const dados = bytes.subarray(pos + 30 + nomeLen, pos + 30 + nomeLen + tamanho);
    expect(crc32(dados)).toBe(crc);
    arquivos[nome] = new TextDecoder().decode(dados);
    pos += 30 + nomeLen + tamanho;
  }
  expect(view.getUint32(pos, true)).toBe(0x02014b50);
  return arquivos;
}

describe('XLSX export', () => {
  it('computes the ZIP CRC-32 and column letters', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect([0, 25, 26, 701, 702].map(colunaLetra)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('writes a workbook with the shown columns, Portuguese headers, numbers and Sim/Não', () => {
    const recurso = { ...findRecurso('descontoMotivo')! } as RecursoDef;
    const bytes = toXlsx(recurso, [
      { _id: '1', descricao: 'Cortesia <gerente> & cia', exigeAutorizacao: true, percentualMaximo: '12.50', ativo: true },
      { _id: '2', descricao: 'Fidelidade', exigeAutorizacao: false, percentualMaximo: null, ativo: false },
    ]);
    const zip = lerZip(bytes);
    expect(Object.keys(zip).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(zip['xl/workbook.xml']).toContain('name="Motivos de desconto"');
    const sheet = zip['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t>Descrição</t></is></c>');
    expect(sheet).toContain('<t>Exige autorização do gerente</t>');
    expect(sheet).toContain('<t xml:space="preserve">Cortesia &lt;gerente&gt; &amp; cia</t>');
    expect(sheet).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve">Sim</t></is></c>');
    expect(sheet).toContain('<c r="C2"><v>12.5</v></c>');
    expect(sheet).toContain('<c r="D3" t="inlineStr"><is><t xml:space="preserve">Não</t></is></c>');
    expect(sheet).not.toContain('r="C3"');
    // A number stored before the field became exact is still a number cell.
    const antigo = lerZip(toXlsx(recurso, [{ _id: '1', descricao: 'Antigo', exigeAutorizacao: false, percentualMaximo: 7.25, ativo: true }]))['xl/worksheets/sheet1.xml']!;
    expect(antigo).toContain('<c r="C2"><v>7.25</v></c>');
  });

  it('writes money from integer centavos as an exact R$ number cell', () => {
    const base = findRecurso('descontoMotivo')!;
    const recurso = { ...base, colunas: ['descricao', 'preco'], campos: { ...base.campos, preco: { rotulo: 'Preço', tipo: 'dinheiro' } } } as unknown as RecursoDef;
    const sheet = lerZip(toXlsx(recurso, [{ _id: '1', descricao: 'X', preco: 123456 }, { _id: '2', descricao: 'Y', preco: 29 }]))['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('<c r="B2" s="2"><v>1234.56</v></c>');
    expect(sheet).toContain('<c r="B3" s="2"><v>0.29</v></c>');
  });
  it("writes a report's tables on sheets of their own, named (unique, 31 characters at most) and each with its columns", () => {
    const arquivos = lerZip(
      toXlsxPlanilhas([
        { nome: 'Produtos vendidos', campos: { produto: { rotulo: 'Produto', tipo: 'texto' }, quantidade: { rotulo: 'Quantidade', tipo: 'decimal' } }, registros: [{ _id: '1', produto: 'Xis', quantidade: '2.500' }] },
        { nome: 'Totais por loja: unidade / quantidade vendida', campos: { loja: { rotulo: 'Loja', tipo: 'texto' }, total: { rotulo: 'Total', tipo: 'dinheiro' } }, registros: [{ _id: 'a', loja: 'Centro', total: 123456 }] },
        { nome: 'Produtos vendidos', campos: { x: { rotulo: 'X', tipo: 'inteiro' } }, registros: [] },
      ] as never),
    );
    expect(arquivos['xl/workbook.xml']).toContain('<sheet name="Produtos vendidos" sheetId="1" r:id="rId1"/><sheet name="Totais por loja  unidade   quan" sheetId="2" r:id="rId2"/><sheet name="Produtos vendidos (3)" sheetId="3" r:id="rId3"/>');
    expect(arquivos['xl/_rels/workbook.xml.rels']).toContain('Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"');
    expect(arquivos['[Content_Types].xml']).toContain('/xl/worksheets/sheet3.xml');
    expect(arquivos['xl/worksheets/sheet1.xml']).toContain('<c r="B2"><v>2.5</v></c>');
    expect(arquivos['xl/worksheets/sheet2.xml']).toContain('<t>Loja</t>');
    expect(arquivos['xl/worksheets/sheet2.xml']).toContain('<c r="B2" s="2"><v>1234.56</v></c>');
  });
});
