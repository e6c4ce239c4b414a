import { decodificarTexto } from '../shared/decodificacao.ts';

/**
 * The IBPT "De Olho no Imposto" table (DOMAIN.md §4, Lei 12.741/2012): one CSV per UF, Windows-1252,
 * ';'-separated, CRLF, descriptions in double quotes, decimals with a dot, dates DD/MM/YYYY.
 * Rates stay decimal strings ("13.45"): never binary floating point.
 */
export const IBPT_CABECALHO = [
  'codigo',
  'ex',
  'tipo',
  'descricao',
  'nacionalfederal',
  'importadosfederal',
  'estadual',
  'municipal',
  'vigenciainicio',
  'vigenciafim',
  'chave',
  'versao',
  'fonte',
] as const;

/** 0 NCM (goods), 1 NBS (services), 2 LC 116 service item. */
export const tiposIbpt = { 0: 'NCM', 1: 'NBS', 2: 'LC 116' } as const;
export type TipoIbpt = keyof typeof tiposIbpt;

export interface IbptLinha {
  codigo: string;
  /** TIPI exception ("01"…) or '' : the lookup key is (codigo, ex). */
  ex: string;
  tipo: TipoIbpt;
  descricao: string;
  nacionalFederal: string;
  importadosFederal: string;
  estadual: string;
  municipal: string;
  /** ISO dates (YYYY-MM-DD). */
  vigenciaInicio: string;
  vigenciaFim: string;
  chave: string;
  versao: string;
  fonte: string;
}

export interface IbptTabela {
  linhas: IbptLinha[];
  versao: string;
  chave: string;
  fonte: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  /** Rows per tipo: NCM, NBS, LC 116. */
  porTipo: Record<TipoIbpt, number>;
}

export class IbptErro extends Error {
  constructor(
    message: string,
    readonly linha?: number,
  ) {
    super(linha ? `Linha ${linha}: ${message}` : message);
  }
}

/** Fields of one line; quotes may hold ';' and doubled quotes. */
export function camposCsv(linha: string, separador = ';'): string[] {
  if (!linha.includes('"')) return linha.split(separador);
  const campos: string[] = [];
  let atual = '';
  let aspas = false;
  let inicio = 0; // start of the run of plain characters not yet copied into `atual`
  for (let i = 0; i < linha.length; i++) {
    const c = linha[i];
    if (aspas) {
      if (c !== '"') continue;
      atual += linha.slice(inicio, i);
      if (linha[i + 1] === '"') {
        atual += '"';
        i++;
      } else aspas = false;
      inicio = i + 1;
    } else if (c === '"') {
      atual += linha.slice(inicio, i);
      aspas = true;
      inicio = i + 1;
    } else if (c === separador) {
      campos.push(atual + linha.slice(inicio, i));
      atual = '';
      inicio = i + 1;
    }
  }
  campos.push(atual + linha.slice(inicio));
  return campos;
}

const PERCENTUAL = /^\d{1,3}(\.\d{1,4})?$/;
const DATA = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function percentual(texto: string, nome: string, linha: number): string {
  const t = texto.trim();
  if (!PERCENTUAL.test(t) || Number(t) > 100) throw new IbptErro(`${nome} inválido: "${texto}".`, linha);
  return t;
}

// Every row of a table repeats the same two dates: check each distinct text once.
const datasLidas = new Map<string, string>();

function data(texto: string, nome: string, linha: number): string {
  const lida = datasLidas.get(texto);
  if (lida) return lida;
  const m = DATA.exec(texto.trim());
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  if (!m || Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso) {
    throw new IbptErro(`${nome} inválida: "${texto}" (use DD/MM/AAAA).`, linha);
  }
  if (datasLidas.size < 1000) datasLidas.set(texto, iso);
  return iso;
}

/**
 * Decodes the file as Windows-1252 (not ISO-8859-1: 0x85 is "…", 0x93/0x94 are quotes, 0x96 a dash)
 * and reads every row; any bad row stops the import with its line number. A UTF-8 file (with or
 * without BOM) is accepted too, since people re-save the table in spreadsheet programs.
 */
export function lerTabelaIbpt(bytes: Uint8Array): IbptTabela {
  const texto = decodificarTexto(bytes);
  // Only CR/LF end a line: U+0085 (NEL, from byte 0x85 read the wrong way) must not.
  const linhas = texto.split(/\r?\n/);
  const cabecalho = camposCsv(linhas[0] ?? '').map((c) => c.trim().toLowerCase());
  if (IBPT_CABECALHO.some((nome, i) => cabecalho[i] !== nome)) {
    throw new IbptErro(`O arquivo não é uma tabela do IBPT: o cabeçalho deve ser ${IBPT_CABECALHO.join(';')}.`);
  }
  const saida: IbptLinha[] = [];
  const porTipo: Record<TipoIbpt, number> = { 0: 0, 1: 0, 2: 0 };
  for (let i = 1; i < linhas.length; i++) {
    const bruta = linhas[i]!;
    if (bruta.trim() === '') continue;
    const n = i + 1;
    const c = camposCsv(bruta);
    if (c.length < IBPT_CABECALHO.length) throw new IbptErro(`esperados ${IBPT_CABECALHO.length} campos, encontrados ${c.length}.`, n);
    const codigo = c[0]!.trim();
    if (!/^\d{1,9}$/.test(codigo)) throw new IbptErro(`código inválido: "${c[0]}".`, n);
    const tipo = Number(c[2]!.trim());
    if (tipo !== 0 && tipo !== 1 && tipo !== 2) throw new IbptErro(`tipo inválido: "${c[2]}" (0 NCM, 1 NBS, 2 LC 116).`, n);
    const linha: IbptLinha = {
      codigo,
      ex: c[1]!.trim(),
      tipo,
      descricao: c[3]!.trim(),
      nacionalFederal: percentual(c[4]!, 'Percentual federal (nacional)', n),
      importadosFederal: percentual(c[5]!, 'Percentual federal (importados)', n),
      estadual: percentual(c[6]!, 'Percentual estadual', n),
      municipal: percentual(c[7]!, 'Percentual municipal', n),
      vigenciaInicio: data(c[8]!, 'Vigência inicial', n),
      vigenciaFim: data(c[9]!, 'Vigência final', n),
      chave: c[10]!.trim(),
      versao: c[11]!.trim(),
      fonte: c[12]!.trim(),
    };
    porTipo[tipo]++;
    saida.push(linha);
  }
  const primeira = saida[0];
  if (!primeira) throw new IbptErro('A tabela do IBPT está vazia.');
  return {
    linhas: saida,
    versao: primeira.versao,
    chave: primeira.chave,
    fonte: primeira.fonte,
    vigenciaInicio: primeira.vigenciaInicio,
    vigenciaFim: primeira.vigenciaFim,
    porTipo,
  };
}

/** The UF of an official file name (TabelaIBPTax{UF}{versão}.csv), if it has one. */
export function ufDoArquivoIbpt(nome: string): string | undefined {
  return /^TabelaIBPTax([A-Z]{2})/i.exec(nome)?.[1]?.toUpperCase();
}

/** True when the table's validity ended before `hoje` (ISO date): the screen must warn. */
export const ibptVencida = (vigenciaFim: string, hoje: string) => vigenciaFim < hoje;
