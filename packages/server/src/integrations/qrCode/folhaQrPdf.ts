import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

export interface MesaNaFolha {
  nome: string;
  area: string;
  url: string;
}

/** Helvetica's WinAnsi has the Portuguese letters; anything else (an emoji in a name) becomes '?'. */
const seguro = (texto: string) => texto.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

const [LARGURA, ALTURA] = [595.28, 841.89];
const MARGEM = 36;
const COLUNAS = 2;
const LINHAS = 3;

/**
 * The printable A4 sheet: six tables a page, each a cut-out card with the store, the table's name and area,
 * its QR code (drawn as vector squares, sharp at any printer's resolution) and the address under it for who
 * types it.
 */
export async function folhaQrPdf(loja: string, mesas: readonly MesaNaFolha[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`QR Codes das mesas${loja ? ` - ${seguro(loja)}` : ''}`);
  doc.setCreator('Retaguarda');
  const fonte = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  const largura = (LARGURA - 2 * MARGEM) / COLUNAS;
  const altura = (ALTURA - 2 * MARGEM) / LINHAS;
  const cinza = rgb(0.55, 0.55, 0.55);
  let pagina = doc.addPage([LARGURA, ALTURA]);
  for (const [n, mesa] of mesas.entries()) {
    const naPagina = n % (COLUNAS * LINHAS);
    if (n > 0 && naPagina === 0) pagina = doc.addPage([LARGURA, ALTURA]);
    const x0 = MARGEM + (naPagina % COLUNAS) * largura;
    const yTopo = ALTURA - MARGEM - Math.floor(naPagina / COLUNAS) * altura;
    pagina.drawRectangle({ x: x0 + 4, y: yTopo - altura + 4, width: largura - 8, height: altura - 8, borderColor: cinza, borderWidth: 0.5, borderDashArray: [4, 4] });
    const centro = (texto: string, tamanho: number, y: number, f = fonte) => {
      let t = seguro(texto);
      while (t.length > 1 && f.widthOfTextAtSize(t, tamanho) > largura - 24) t = t.slice(0, -1);
      pagina.drawText(t, { x: x0 + (largura - f.widthOfTextAtSize(t, tamanho)) / 2, y, size: tamanho, font: f, color: rgb(0.1, 0.1, 0.1) });
    };
    centro(loja, 10, yTopo - 24);
    centro(mesa.nome, 18, yTopo - 46, negrito);
    if (mesa.area) centro(mesa.area, 10, yTopo - 60);
    const qr = QRCode.create(mesa.url, { errorCorrectionLevel: 'M' });
    const tamanho = qr.modules.size;
    const lado = 150;
    const modulo = lado / tamanho;
    const qx = x0 + (largura - lado) / 2;
    const qy = yTopo - 72 - lado;
    for (let r = 0; r < tamanho; r++) {
      for (let c = 0; c < tamanho; c++) {
        if (qr.modules.get(r, c)) pagina.drawRectangle({ x: qx + c * modulo, y: qy + (tamanho - 1 - r) * modulo, width: modulo + 0.05, height: modulo + 0.05, color: rgb(0, 0, 0) });
      }
    }
    centro('Aponte a câmera para ver o cardápio e pedir', 9, qy - 16);
    centro(mesa.url, 7, qy - 28);
  }
  return doc.save();
}
