import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** The stream(s) a page draws with, decompressed. */
function conteudo(pagina: PDFPage): Uint8Array[] {
  const contents = pagina.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs.map((ref) => {
    const stream = pagina.doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array();
  });
}

const winAnsi = new TextDecoder('windows-1252');

/**
 * The text of a PDF the app wrote with the standard fonts, page by page, one string per text
 * operation (`<hex> Tj`), in drawing order; plus each page's size in points. For tests: it reads
 * what a person would see without trusting the writer's own model.
 */
export async function textoDoPdf(bytes: Uint8Array): Promise<{ largura: number; altura: number; textos: string[] }[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((pagina) => {
    const textos: string[] = [];
    for (const parte of conteudo(pagina)) {
      const fonte = new TextDecoder('latin1').decode(parte);
      for (const m of fonte.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        const hex = m[1]!;
        const bytesTexto = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
        textos.push(winAnsi.decode(bytesTexto));
      }
    }
    const { width, height } = pagina.getSize();
    return { largura: width, altura: height, textos };
  });
}
