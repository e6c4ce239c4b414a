import type { Campo, RecursoDef } from '@retaguarda/domain';
import { celulaPlanilha, centavosDecimal, dataBrDe, serialDeData } from './celulaPlanilha.ts';
import type { Registro } from './exportar.ts';
import { formatValor, type Rotulos } from './format.ts';

/**
 * A small XLSX writer (Office Open XML spreadsheet in an uncompressed ZIP), so the export needs no
 * spreadsheet library: one sheet, a bold header, numbers as numbers, money as R$ with two places and dates as dates.
 */

const encoder = new TextEncoder();

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** ZIP with every entry stored (method 0): valid for XLSX readers and simple to write. */
export function zipStore(arquivos: { nome: string; conteudo: string }[], agora = new Date()): Uint8Array {
  const dosTime = (agora.getHours() << 11) | (agora.getMinutes() << 5) | Math.floor(agora.getSeconds() / 2);
  const dosDate = ((agora.getFullYear() - 1980) << 9) | ((agora.getMonth() + 1) << 5) | agora.getDate();
  const locais: Uint8Array[] = [];
  const centrais: Uint8Array[] = [];
  let offset = 0;
  for (const arquivo of arquivos) {
    const nome = encoder.encode(arquivo.nome);
    const dados = encoder.encode(arquivo.conteudo);
    const crc = crc32(dados);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint16(8, 0, true);
    local.setUint16(10, dosTime, true);
    local.setUint16(12, dosDate, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, dados.length, true);
    local.setUint32(22, dados.length, true);
    local.setUint16(26, nome.length, true);
    local.setUint16(28, 0, true);
    locais.push(new Uint8Array(local.buffer), nome, dados);

    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, 0, true);
    central.setUint16(12, dosTime, true);
    central.setUint16(14, dosDate, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, dados.length, true);
    central.setUint32(24, dados.length, true);
    central.setUint16(28, nome.length, true);
    central.setUint32(42, offset, true);
    centrais.push(new Uint8Array(central.buffer), nome);
    offset += 30 + nome.length + dados.length;
  }
  const tamanhoCentral = centrais.reduce((n, b) => n + b.length, 0);
  const fim = new DataView(new ArrayBuffer(22));
  fim.setUint32(0, 0x06054b50, true);
  fim.setUint16(8, arquivos.length, true);
  fim.setUint16(10, arquivos.length, true);
  fim.setUint32(12, tamanhoCentral, true);
  fim.setUint32(16, offset, true);
  const partes = [...locais, ...centrais, new Uint8Array(fim.buffer)];
  const saida = new Uint8Array(partes.reduce((n, b) => n + b.length, 0));
  let pos = 0;
  for (const parte of partes) {
    saida.set(parte, pos);
    pos += parte.length;
  }
  return saida;
}

const xml = (texto: string) =>
  texto
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters are not allowed in XML 1.0.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function colunaLetra(indice: number): string {
  let n = indice + 1;
  let letras = '';
  while (n > 0) {
    const resto = (n - 1) % 26;
    letras = String.fromCharCode(65 + resto) + letras;
    n = Math.floor((n - 1) / 26);
  }
  return letras;
}

const ESTILO = { cabecalho: 1, dinheiro: 2, data: 3, dataHora: 4 } as const;

function celula(ref: string, campo: Campo, valor: unknown, rotulos: Rotulos | undefined): { xml: string; largura: number } {
  const c = celulaPlanilha(campo, valor, rotulos);
  switch (c.tipo) {
    case 'dinheiro':
      return { xml: `<c r="${ref}" s="${ESTILO.dinheiro}"><v>${centavosDecimal(c.centavos)}</v></c>`, largura: formatValor(campo, valor).length };
    case 'numero':
      return { xml: `<c r="${ref}"><v>${c.digitos}</v></c>`, largura: formatValor(campo, valor).length };
    case 'data': {
      // A real date: the day's serial under a dd/mm/yyyy format, so the spreadsheet sorts and filters it.
      const estilo = c.hora === undefined ? ESTILO.data : ESTILO.dataHora;
      return { xml: `<c r="${ref}" s="${estilo}"><v>${serialDeData(c)}</v></c>`, largura: dataBrDe(c).length };
    }
    default:
      if (!c.texto) return { xml: '', largura: 0 };
      return { xml: `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(c.texto)}</t></is></c>`, largura: c.texto.length };
  }
}

function nomePlanilha(rotulo: string): string {
  return rotulo.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Planilha1';
}

/** One sheet of a workbook: its name, columns (declared as a resource's) and rows. */
export interface Planilha {
  nome: string;
  campos: Readonly<Record<string, Campo>>;
  registros: readonly Registro[];
}

function folha({ campos, registros }: Planilha, rotulos: Rotulos | undefined): string {
  const colunas = Object.keys(campos);
  const larguras = colunas.map((c) => campos[c]!.rotulo.length);
  const linhas: string[] = [];
  linhas.push(`<row r="1">${colunas.map((c, i) => `<c r="${colunaLetra(i)}1" t="inlineStr" s="${ESTILO.cabecalho}"><is><t>${xml(campos[c]!.rotulo)}</t></is></c>`).join('')}</row>`);
  registros.forEach((registro, linha) => {
    const r = linha + 2;
    const celulas = colunas.map((c, i) => {
      const { xml: x, largura } = celula(`${colunaLetra(i)}${r}`, campos[c]!, registro[c], rotulos);
      larguras[i] = Math.max(larguras[i]!, largura);
      return x;
    });
    linhas.push(`<row r="${r}">${celulas.join('')}</row>`);
  });
  const cols = larguras.map((l, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(60, l + 3)}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${linhas.join('')}</sheetData></worksheet>`
  );
}

/** The rows shown, as an .xlsx file. */
export function toXlsx(recurso: RecursoDef, registros: readonly Registro[], rotulos?: Rotulos): Uint8Array {
  const campos = Object.fromEntries((recurso.colunas as readonly string[]).map((c) => [c, recurso.campos[c] ?? { rotulo: c, tipo: 'texto' }])) as Record<string, Campo>;
  return toXlsxPlanilhas([{ nome: recurso.rotuloPlural, campos, registros }], rotulos);
}

/** A workbook of several sheets (a report's sections), each with its own columns. */
export function toXlsxPlanilhas(planilhas: readonly Planilha[], rotulos?: Rotulos): Uint8Array {
  // Sheet names are unique and at most 31 characters in a workbook.
  const usados = new Set<string>();
  const nomes = planilhas.map((p, i) => {
    let nome = nomePlanilha(p.nome);
    if (usados.has(nome.toLowerCase())) nome = `${nome.slice(0, 27)} (${i + 1})`;
    usados.add(nome.toLowerCase());
    return nome;
  });
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets>${nomes.map((n, i) => `<sheet name="${xml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`;
  const styles =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;R$&quot;\\ #,##0.00"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="dd/mm/yyyy\\ hh:mm"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  return zipStore([
    {
      nome: '[Content_Types].xml',
      conteudo:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        planilhas.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    },
    {
      nome: '_rels/.rels',
      conteudo:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    { nome: 'xl/workbook.xml', conteudo: workbook },
    {
      nome: 'xl/_rels/workbook.xml.rels',
      conteudo:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        planilhas.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rId${planilhas.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    { nome: 'xl/styles.xml', conteudo: styles },
    ...planilhas.map((p, i) => ({ nome: `xl/worksheets/sheet${i + 1}.xml`, conteudo: folha(p, rotulos) })),
  ]);
}
