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

/** The cells of a sheet read back as a spreadsheet would: kind (number or text), value and number format. */
function lerCelulas(zip: Record<string, string>, folha = 'xl/worksheets/sheet1.xml') {
  const formatos = new Map([...zip['xl/styles.xml']!.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"')]));
  const xfs = [.../<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(zip['xl/styles.xml']!)![1]!.matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => formatos.get(m[1]!) ?? 'Geral');
  const celulas: Record<string, { tipo: 'numero' | 'texto'; valor: string; formato: string }> = {};
  for (const m of zip[folha]!.matchAll(/<c r="([A-Z]+\d+)"((?: [a-z]+="[^"]*")*)>([\s\S]*?)<\/c>/g)) {
    const atributos = Object.fromEntries([...m[2]!.matchAll(/ ([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    const texto = atributos.t === 'inlineStr' || atributos.t === 's' || atributos.t === 'str';
    const valor = texto ? /<t[^>]*>([^<]*)<\/t>/.exec(m[3]!)![1]! : /<v>([^<]*)<\/v>/.exec(m[3]!)![1]!;
    celulas[m[1]!] = { tipo: texto ? 'texto' : 'numero', valor, formato: xfs[Number(atributos.s ?? 0)]! };
  }
  return celulas;
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

  it('writes dates as real dates (a serial under dd/mm/yyyy) and money as numbers under the R$ format', () => {
    const planilha = {
      nome: 'Vendas por dia',
      campos: {
        dia: { rotulo: 'Dia', tipo: 'texto' },
        vencimento: { rotulo: 'Vencimento', tipo: 'data' },
        em: { rotulo: 'Fechada em', tipo: 'texto' },
        total: { rotulo: 'Total', tipo: 'dinheiro' },
        vendas: { rotulo: 'Vendas', tipo: 'inteiro' },
      },
      registros: [
        { _id: '1', dia: '26/11/2026', vencimento: '2026-11-30', em: '26/11/2026 18:00', total: 2911825, vendas: 12 },
        { _id: 'total', dia: 'Total', vencimento: null, em: '99/99/2026', total: -5, vendas: 12 },
      ],
    };
    const zip = lerZip(toXlsxPlanilhas([planilha] as never));
    const c = lerCelulas(zip);
    // 26/11/2026 is day 46352 counted from 30/12/1899, as Excel and LibreOffice count.
    expect(c.A2).toEqual({ tipo: 'numero', valor: '46352', formato: 'dd/mm/yyyy' });
    expect(c.B2).toEqual({ tipo: 'numero', valor: '46356', formato: 'dd/mm/yyyy' });
    expect(c.C2).toEqual({ tipo: 'numero', valor: '46352.75', formato: 'dd/mm/yyyy\\ hh:mm' });
    expect(c.D2).toEqual({ tipo: 'numero', valor: '29118.25', formato: '"R$"\\ #,##0.00' });
    expect(c.E2).toEqual({ tipo: 'numero', valor: '12', formato: 'Geral' });
    // A label that is not a date stays text; an invalid date too.
    expect(c.A3).toEqual({ tipo: 'texto', valor: 'Total', formato: 'Geral' });
    expect(c.B3).toBeUndefined();
    expect(c.C3).toEqual({ tipo: 'texto', valor: '99/99/2026', formato: 'Geral' });
    expect(c.D3).toEqual({ tipo: 'numero', valor: '-0.05', formato: '"R$"\\ #,##0.00' });
    expect(c.A1).toEqual({ tipo: 'texto', valor: 'Dia', formato: 'Geral' });
  });
});
