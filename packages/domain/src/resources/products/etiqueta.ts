import { reais } from '../../shared/dinheiro.ts';
/**
 * Label models (gerenciarEtiquetas): printer code (ZPL, EPL or PPLA) with placeholders such as
 * {descricao} or {preco}, filled per product before the file goes to the label printer.
 */
export const linguagensEtiqueta = ['ZPL', 'EPL', 'PPLA'] as const;
export type LinguagemEtiqueta = (typeof linguagensEtiqueta)[number];

/** The placeholders a model may use, with what each becomes. */
export const camposEtiqueta = {
  descricao: 'Descrição do produto',
  descricaoCupom: 'Descrição curta (cupom)',
  codigo: 'Código interno',
  gtin: 'GTIN/EAN',
  preco: 'Preço de venda (R$ 12,90)',
  unidade: 'Unidade (UN, KG…)',
  fabricacao: 'Data de fabricação (dd/mm/aaaa)',
  validade: 'Data de validade (dd/mm/aaaa)',
  empresa: 'Nome da empresa',
} as const;
export type CampoEtiqueta = keyof typeof camposEtiqueta;
export type ValoresEtiqueta = Partial<Record<CampoEtiqueta, string>>;

const MARCADOR = /\{([A-Za-z]+)\}/g;

/** Placeholders used by a model, in order of first use. */
export function marcadoresDoModelo(codigo: string): string[] {
  return [...new Set([...codigo.matchAll(MARCADOR)].map((m) => m[1]!))];
}

/** Placeholders of a model that are not known (a typo would print literally). */
export function marcadoresDesconhecidos(codigo: string): string[] {
  return marcadoresDoModelo(codigo).filter((m) => !Object.hasOwn(camposEtiqueta, m));
}

/**
 * A value made safe for the printer language: in ZPL '^' and '~' start commands, so they become
 * spaces; in EPL/PPLA a quote ends the text field and is escaped. Line breaks never survive.
 */
export function escaparValor(valor: string, linguagem: LinguagemEtiqueta): string {
  const linha = valor.replace(/[\r\n\t]+/g, ' ');
  if (linguagem === 'ZPL') return linha.replace(/[\^~]/g, ' ');
  return linha.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** The model with every known placeholder replaced; a known one without a value becomes empty. */
export function preencherModelo(codigo: string, linguagem: LinguagemEtiqueta, valores: ValoresEtiqueta): string {
  return codigo.replace(MARCADOR, (inteiro, nome: string) =>
    Object.hasOwn(camposEtiqueta, nome) ? escaparValor(valores[nome as CampoEtiqueta] ?? '', linguagem) : inteiro,
  );
}

/** Several labels (one per copy) in one file, as the printer takes them back to back. */
export function arquivoDeEtiquetas(codigo: string, linguagem: LinguagemEtiqueta, etiquetas: readonly { valores: ValoresEtiqueta; copias: number }[]): string {
  const partes: string[] = [];
  for (const { valores, copias } of etiquetas) {
    const preenchido = preencherModelo(codigo, linguagem, valores).trim();
    for (let i = 0; i < copias; i++) partes.push(preenchido);
  }
  return `${partes.join('\n')}\n`;
}

export { dataBr, somarDias } from '../../shared/datas.ts';

/** Centavos → 'R$ 12,90': the domain's money formatting, by the name the label fields use. */
export const precoBr = reais;

/** Dots per millimetre of a printer resolution (203 dpi ≈ 8 dots/mm). */
export const pontosPorMm = (dpi: number) => (dpi <= 203 ? 8 : dpi <= 300 ? 12 : 24);

export const MODELO_ZPL_PADRAO = [
  '^XA',
  '^CI28',
  '^FO20,20^A0N,32,32^FB560,2,0,L^FD{descricao}^FS',
  '^FO20,100^A0N,56,56^FD{preco}^FS',
  '^FO20,170^A0N,24,24^FDValidade: {validade}^FS',
  '^FO20,210^BY2^BEN,60,Y,N^FD{gtin}^FS',
  '^XZ',
].join('\n');
