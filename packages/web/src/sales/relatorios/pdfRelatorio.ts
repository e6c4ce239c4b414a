import type { Campo } from '@retaguarda/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Registro } from '../../resources/exportar.ts';
import { formatData, formatValor } from '../../resources/format.ts';
import { linhaDeTotal } from './exportarRelatorio.ts';

/** One table of a report (a report may have more than one: cancelled sales, then cancelled items). */
export interface SecaoPdf {
  titulo?: string;
  colunas: Readonly<Record<string, Campo>>;
  linhas: readonly Registro[];
}

/** What a report's PDF says besides its tables: who it is for, which period, which filters. */
export interface DocumentoRelatorio {
  titulo: string;
  /** 'Grupo Demonstração · Restaurante Centro' */
  empresa: string;
  de: string;
  ate: string;
  /** Other filters as the screen shows them: [['Canais', 'Salão, Delivery'], ['Agrupar por', 'Dia']]. */
  filtros: readonly (readonly [string, string])[];
  secoes: readonly SecaoPdf[];
  geradoEm?: Date;
}


// A4 in points; wide tables turn the page (still A4).
const A4: [number, number] = [595.28, 841.89];
const MARGEM = 36;
const ALTURA_LINHA = 14;
const FONTE = 8;
const FONTE_MINIMA = 6;
const RODAPE = 28;

interface Coluna {
  nome: string;
  campo: Campo;
  largura: number;
  direita: boolean;
}

type Bloco = { tipo: 'titulo'; texto: string } | { tipo: 'cabecalho'; secao: number } | { tipo: 'linha'; secao: number; registro: Registro };

/** 'dd/mm/aaaa hh:mm' in the stores' clock (UTC−3). */
const quando = (d: Date) => {
  const local = new Date(d.getTime() - 3 * 3_600_000).toISOString();
  return `${formatData(local)} ${local.slice(11, 16)}`;
};

/**
 * The standard PDF fonts write WinAnsi (Portuguese accents included); a character outside it (an
 * arrow, an emoji) becomes '?', and the no-break spaces of Intl money become plain spaces.
 */
function limpador(fonte: PDFFont) {
  const aceitos = new Set(fonte.getCharacterSet());
  return (texto: string) =>
    [...texto.replace(/[\u00a0\u202f]/g, ' ')].map((c) => (aceitos.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Shortens `texto` with '…' to fit `largura` at `tamanho`. */
function caber(texto: string, fonte: PDFFont, tamanho: number, largura: number): string {
  if (fonte.widthOfTextAtSize(texto, tamanho) <= largura) return texto;
  let fim = texto.length;
  while (fim > 0 && fonte.widthOfTextAtSize(`${texto.slice(0, fim)}...`, tamanho) > largura) fim--;
  return `${texto.slice(0, fim)}...`;
}

/** Column widths from the widest cell; text columns give way first when the page is too narrow. */
function medirColunas(secao: SecaoPdf, texto: (r: Registro, nome: string, campo: Campo) => string, regular: PDFFont, negrito: PDFFont, tamanho: number): Coluna[] {
  return Object.entries(secao.colunas).map(([nome, campo]) => {
    const celulas = secao.linhas.map((r) => (linhaDeTotal(r) ? negrito : regular).widthOfTextAtSize(texto(r, nome, campo), tamanho));
    // The header may wrap: its widest word must fit.
    const palavra = Math.max(...campo.rotulo.split(/\s+/).map((p) => negrito.widthOfTextAtSize(p, tamanho)));
    return { nome, campo, largura: Math.max(palavra, ...celulas, 12) + 8, direita: campo.tipo !== 'texto' };
  });
}

function ajustar(colunas: Coluna[], disponivel: number): Coluna[] {
  const total = colunas.reduce((s, c) => s + c.largura, 0);
  // A narrow table is spread over the width of the page, as the header line above it.
  if (total <= disponivel) return colunas.map((c) => ({ ...c, largura: (c.largura * disponivel) / total }));
  const fixas = colunas.filter((c) => c.direita).reduce((s, c) => s + c.largura, 0);
  const textos = total - fixas;
  const sobra = Math.max(disponivel - fixas, colunas.filter((c) => !c.direita).length * 40);
  return colunas.map((c) => (c.direita || textos === 0 ? c : { ...c, largura: Math.max(40, (c.largura * sobra) / textos) }));
}

/** Header words in up to two lines within the column. */
function linhasDoCabecalho(rotulo: string, fonte: PDFFont, tamanho: number, largura: number): string[] {
  const palavras = rotulo.split(/\s+/);
  const linhas: string[] = [];
  for (const p of palavras) {
    const ultima = linhas.at(-1);
    if (ultima !== undefined && fonte.widthOfTextAtSize(`${ultima} ${p}`, tamanho) <= largura - 8) linhas[linhas.length - 1] = `${ultima} ${p}`;
    else linhas.push(p);
  }
  return linhas.length > 2 ? [linhas[0]!, linhas.slice(1).join(' ')] : linhas;
}

const esperar = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A report as a real PDF file: A4, title, group and companies, period (dd/mm/aaaa) and filters on
 * every page, the tables with their totals in bold, the header row repeated on each page, and
 * "Página x de y". Values are written as the screen shows them (BRL, exact decimals). Pages are
 * drawn one at a time, telling `aoProgredir` (pages done, pages in all) and letting the screen paint.
 */
export async function relatorioParaPdf(doc: DocumentoRelatorio, aoProgredir?: (feitas: number, total: number) => void): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.titulo);
  pdf.setLanguage('pt-BR');
  pdf.setCreator('Retaguarda');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const negrito = await pdf.embedFont(StandardFonts.HelveticaBold);
  const limpar = limpador(regular);
  const texto = (r: Registro, nome: string, campo: Campo) => limpar(formatValor(campo, r[nome]));

  // The widest section decides the orientation and the font size for the whole document.
  let tamanho = FONTE;
  let [largura, altura] = A4;
  const larguraNatural = (t: number) => Math.max(...doc.secoes.map((s) => medirColunas(s, texto, regular, negrito, t).reduce((soma, c) => soma + c.largura, 0)));
  if (larguraNatural(tamanho) > largura - 2 * MARGEM) [altura, largura] = A4;
  while (tamanho > FONTE_MINIMA && larguraNatural(tamanho) > largura - 2 * MARGEM) tamanho -= 0.5;
  const disponivel = largura - 2 * MARGEM;
  const colunas = doc.secoes.map((s) => ajustar(medirColunas(s, texto, regular, negrito, tamanho), disponivel));
  const alturaCabecalho = (secao: number) => Math.max(...colunas[secao]!.map((c) => linhasDoCabecalho(c.campo.rotulo, negrito, tamanho, c.largura).length)) * (tamanho + 2) + 6;

  const cabecalhoPagina = [
    doc.empresa,
    `Período: ${formatData(doc.de)} a ${formatData(doc.ate)}`,
    ...(doc.filtros.length ? [doc.filtros.map(([rotulo, valor]) => `${rotulo}: ${valor}`).join(' · ')] : []),
  ].map(limpar);
  const topoTabela = altura - MARGEM - 20 - cabecalhoPagina.length * 12 - 8;
  const fundo = MARGEM + RODAPE;

  // Lay the blocks out into pages first, so the page count is known before drawing.
  const paginas: Bloco[][] = [[]];
  let y = topoTabela;
  const novaPagina = () => {
    paginas.push([]);
    y = topoTabela;
  };
  doc.secoes.forEach((secao, i) => {
    const alturaTitulo = secao.titulo ? 20 : 0;
    if (y - alturaTitulo - alturaCabecalho(i) - ALTURA_LINHA < fundo && paginas.at(-1)!.length) novaPagina();
    if (secao.titulo) {
      paginas.at(-1)!.push({ tipo: 'titulo', texto: limpar(secao.titulo) });
      y -= alturaTitulo;
    }
    paginas.at(-1)!.push({ tipo: 'cabecalho', secao: i });
    y -= alturaCabecalho(i);
    for (const registro of secao.linhas) {
      if (y - ALTURA_LINHA < fundo) {
        novaPagina();
        paginas.at(-1)!.push({ tipo: 'cabecalho', secao: i });
        y -= alturaCabecalho(i);
      }
      paginas.at(-1)!.push({ tipo: 'linha', secao: i, registro });
      y -= ALTURA_LINHA;
    }
    y -= 12;
  });

  const cinza = rgb(0.45, 0.45, 0.45);
  const linha = (pagina: PDFPage, yy: number, espessura = 0.5, cor = rgb(0.75, 0.75, 0.75)) =>
    pagina.drawLine({ start: { x: MARGEM, y: yy }, end: { x: largura - MARGEM, y: yy }, thickness: espessura, color: cor });
  const geradoEm = quando(doc.geradoEm ?? new Date());
  for (const [n, blocos] of paginas.entries()) {
    const pagina = pdf.addPage([largura, altura]);
    pagina.drawText(limpar(doc.titulo), { x: MARGEM, y: altura - MARGEM - 14, size: 14, font: negrito });
    cabecalhoPagina.forEach((t, i) => pagina.drawText(caber(t, regular, 9, disponivel), { x: MARGEM, y: altura - MARGEM - 30 - i * 12, size: 9, font: regular, color: cinza }));
    linha(pagina, topoTabela + 4, 0.8, cinza);
    let yy = topoTabela;
    for (const bloco of blocos) {
      if (bloco.tipo === 'titulo') {
        pagina.drawText(bloco.texto, { x: MARGEM, y: yy - 14, size: 11, font: negrito });
        yy -= 20;
        continue;
      }
      const cols = colunas[bloco.secao]!;
      if (bloco.tipo === 'cabecalho') {
        const h = alturaCabecalho(bloco.secao);
        pagina.drawRectangle({ x: MARGEM, y: yy - h, width: disponivel, height: h, color: rgb(0.93, 0.94, 0.96) });
        let x = MARGEM;
        for (const c of cols) {
          linhasDoCabecalho(limpar(c.campo.rotulo), negrito, tamanho, c.largura).forEach((t, i) => {
            const w = negrito.widthOfTextAtSize(t, tamanho);
            pagina.drawText(t, { x: c.direita ? x + c.largura - 4 - w : x + 4, y: yy - tamanho - 3 - i * (tamanho + 2), size: tamanho, font: negrito });
          });
          x += c.largura;
        }
        yy -= h;
        continue;
      }
      const total = linhaDeTotal(bloco.registro);
      const fonte = total ? negrito : regular;
      if (total) linha(pagina, yy, 0.8, rgb(0.3, 0.3, 0.3));
      let x = MARGEM;
      for (const c of cols) {
        const t = caber(texto(bloco.registro, c.nome, c.campo), fonte, tamanho, c.largura - 8);
        const w = fonte.widthOfTextAtSize(t, tamanho);
        pagina.drawText(t, { x: c.direita ? x + c.largura - 4 - w : x + 4, y: yy - tamanho - 3, size: tamanho, font: fonte });
        x += c.largura;
      }
      yy -= ALTURA_LINHA;
      linha(pagina, yy, 0.3, rgb(0.85, 0.85, 0.85));
    }
    pagina.drawText(limpar(`Gerado em ${geradoEm}`), { x: MARGEM, y: MARGEM, size: 8, font: regular, color: cinza });
    const rodape = `Página ${n + 1} de ${paginas.length}`;
    pagina.drawText(limpar(rodape), { x: largura - MARGEM - regular.widthOfTextAtSize(rodape, 8), y: MARGEM, size: 8, font: regular, color: cinza });
    aoProgredir?.(n + 1, paginas.length);
    await esperar();
  }
  return pdf.save();
}
