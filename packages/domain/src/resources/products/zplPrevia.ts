/**
 * An approximate reading of a filled ZPL label for an on-screen preview: where texts, barcodes and
 * boxes start and how big they are, in printer dots. Fonts, rotation and most commands are ignored,
 * so the preview shows the layout, never the exact print.
 */
export type ElementoEtiqueta =
  | { tipo: 'texto'; x: number; y: number; altura: number; texto: string; largura?: number; alinhamento?: 'L' | 'C' | 'R' | 'J'; linhas?: number }
  | { tipo: 'codigoBarras'; x: number; y: number; altura: number; texto: string; simbologia: string }
  | { tipo: 'caixa'; x: number; y: number; largura: number; altura: number; espessura: number };

const numeros = (parametros: string) => parametros.split(',').map((p) => Number.parseInt(p, 10));

/** Elements of a ZPL label (commands that are not understood are skipped). */
export function lerZpl(zpl: string): ElementoEtiqueta[] {
  const elementos: ElementoEtiqueta[] = [];
  let x = 0;
  let y = 0;
  let baseline = false;
  let alturaFonte = 30;
  let alturaFontePadrao = 30;
  let alturaBarras = 50;
  let barras: string | null = null;
  let bloco: { largura: number; linhas: number; alinhamento: 'L' | 'C' | 'R' | 'J' } | null = null;
  // Commands start with ^ or ~; the field data of ^FD runs until the next ^FS.
  const comandos = zpl.split(/(?=[\^~])/);
  for (const bruto of comandos) {
    const cmd = bruto.slice(1, 3).toUpperCase();
    const resto = bruto.slice(3).replace(/[\r\n]+$/, '');
    if (cmd === 'FO' || cmd === 'FT') {
      const [px = 0, py = 0] = numeros(resto);
      x = Number.isFinite(px) ? px : 0;
      y = Number.isFinite(py) ? py : 0;
      baseline = cmd === 'FT';
    } else if (cmd.startsWith('A') && cmd !== 'A@') {
      // ^A0N,h,w: font 0, orientation N, height h.
      const [, h] = resto.split(',');
      alturaFonte = Number.parseInt(h ?? '', 10) || alturaFontePadrao;
    } else if (cmd === 'CF') {
      const [, h] = resto.split(',');
      alturaFontePadrao = alturaFonte = Number.parseInt(h ?? '', 10) || alturaFontePadrao;
    } else if (cmd === 'BY') {
      const [, , h] = numeros(resto);
      if (h && Number.isFinite(h)) alturaBarras = h;
    } else if (cmd.startsWith('B') && cmd !== 'BY') {
      // ^BCN,h…, ^BEN,h…: a barcode symbology; the next ^FD is its data.
      const [, h] = resto.split(',');
      barras = cmd;
      alturaBarras = Number.parseInt(h ?? '', 10) || alturaBarras;
    } else if (cmd === 'FB') {
      const [largura = '0', linhas = '1', , alinhamento = 'L'] = resto.split(',');
      bloco = { largura: Number.parseInt(largura, 10) || 0, linhas: Number.parseInt(linhas, 10) || 1, alinhamento: (['L', 'C', 'R', 'J'].includes(alinhamento.trim()) ? alinhamento.trim() : 'L') as 'L' };
    } else if (cmd === 'GB') {
      const [largura = 1, altura = 1, espessura = 1] = numeros(resto);
      elementos.push({ tipo: 'caixa', x, y, largura, altura, espessura });
    } else if (cmd === 'FD' || cmd === 'FV') {
      const texto = bruto.slice(3);
      if (barras) {
        elementos.push({ tipo: 'codigoBarras', x, y: baseline ? y - alturaBarras : y, altura: alturaBarras, texto, simbologia: barras });
      } else {
        elementos.push({
          tipo: 'texto',
          x,
          y: baseline ? y - alturaFonte : y,
          altura: alturaFonte,
          texto,
          ...(bloco ? { largura: bloco.largura, alinhamento: bloco.alinhamento, linhas: bloco.linhas } : {}),
        });
      }
    } else if (cmd === 'FS') {
      barras = null;
      bloco = null;
      alturaFonte = alturaFontePadrao;
    }
  }
  return elementos;
}
