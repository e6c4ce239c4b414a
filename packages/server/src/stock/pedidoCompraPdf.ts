import { custo, reais } from '@retaguarda/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** What the supplier's copy of an order shows. */
export interface PedidoParaPdf {
  numero: number;
  empresa: string;
  fornecedor: string;
  emitidoEm: Date;
  previsaoEntrega: string | null;
  observacao: string | null;
  valor: number;
  itens: { descricao: string | null; unidade: string | null; quantidade: string; precoUnitario: string; valor: number }[];
}

/** '12.5000' → '12,5' (the decimal text as is, never through a float). */
const decimalBr = (texto: string) => texto.replace(/\.?0+$/, '').replace('.', ',');
/** A price in centavos with 4 places as reais, the places it has (at least 2): '312.3456' → 'R$ 3,123456'. */
function precoBr(centavos: string): string {
  const e = custo(centavos);
  const frac = (e % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `R$ ${(e / 1_000_000n).toLocaleString('pt-BR')},${frac}`;
}
const dataBr = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
/** Helvetica's WinAnsi has the Portuguese letters; anything else (an emoji in a name) becomes '?'. */
const seguro = (texto: string) => texto.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/**
 * The order as the supplier receives it by e-mail: an A4 PDF with the store, the supplier, the number,
 * the expected delivery, one row per line (product, unit, quantity, price, total) and the order's total.
 */
export async function pdfDoPedidoCompra(p: PedidoParaPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Pedido de compra nº ${p.numero}`);
  doc.setCreator('Retaguarda');
  const fonte = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  const [largura, altura] = [595.28, 841.89];
  const margem = 40;
  let pagina: PDFPage = doc.addPage([largura, altura]);
  let y = altura - margem;
  const escrever = (texto: string, x: number, tamanho = 10, f: PDFFont = fonte, direita = false) => {
    const t = seguro(texto);
    pagina.drawText(t, { x: direita ? x - f.widthOfTextAtSize(t, tamanho) : x, y, size: tamanho, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const cortar = (texto: string, max: number, tamanho = 10) => {
    let t = seguro(texto);
    while (t.length > 1 && fonte.widthOfTextAtSize(t, tamanho) > max) t = t.slice(0, -1);
    return t;
  };

  escrever(`Pedido de compra nº ${p.numero}`, margem, 18, negrito);
  y -= 24;
  escrever(`De: ${p.empresa}`, margem, 11);
  y -= 16;
  escrever(`Para: ${p.fornecedor}`, margem, 11);
  y -= 16;
  escrever(`Emitido em ${p.emitidoEm.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}${p.previsaoEntrega ? ` · Entrega prevista: ${dataBr(p.previsaoEntrega)}` : ''}`, margem, 11);
  y -= 28;

  const colunas = { produto: margem, unidade: 300, quantidade: 400, preco: 480, total: largura - margem };
  const cabecalho = () => {
    escrever('Produto', colunas.produto, 10, negrito);
    escrever('Unid.', colunas.unidade, 10, negrito);
    escrever('Quantidade', colunas.quantidade, 10, negrito, true);
    escrever('Preço', colunas.preco, 10, negrito, true);
    escrever('Total', colunas.total, 10, negrito, true);
    y -= 6;
    pagina.drawLine({ start: { x: margem, y }, end: { x: largura - margem, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    y -= 14;
  };
  cabecalho();
  for (const l of p.itens) {
    if (y < margem + 60) {
      pagina = doc.addPage([largura, altura]);
      y = altura - margem;
      cabecalho();
    }
    escrever(cortar(l.descricao ?? '', colunas.unidade - colunas.produto - 8), colunas.produto);
    escrever(l.unidade ?? '', colunas.unidade);
    escrever(decimalBr(l.quantidade), colunas.quantidade, 10, fonte, true);
    escrever(precoBr(l.precoUnitario), colunas.preco, 10, fonte, true);
    escrever(reais(l.valor), colunas.total, 10, fonte, true);
    y -= 16;
  }
  y -= 4;
  pagina.drawLine({ start: { x: margem, y: y + 10 }, end: { x: largura - margem, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  escrever(`Total do pedido: ${reais(p.valor)}`, colunas.total, 12, negrito, true);
  if (p.observacao) {
    y -= 28;
    escrever(cortar(`Observação: ${p.observacao}`, largura - 2 * margem), margem);
  }
  return doc.save();
}
