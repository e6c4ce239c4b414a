import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's metrics of the 14 standard fonts, which a DANFE uses (without them it warns on every page). */
const FONTES = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The text of each page of a PDF, read back with pdf.js (Mozilla's reader), one line per text run. */
export async function textoDoPdf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: FONTES }).promise;
  const paginas: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const conteudo = await (await pdf.getPage(n)).getTextContent();
    paginas.push(conteudo.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await pdf.destroy();
  return paginas;
}
