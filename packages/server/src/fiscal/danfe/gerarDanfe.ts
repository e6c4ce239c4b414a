import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { modulosCode128 } from './codigo128.ts';
import { chaveEmGrupos, lerDadosDanfe, type DadosDanfe, type ItemDanfe } from './dadosDanfe.ts';

/**
 * The DANFE (retrato, MOC Anexo II) of an NF-e as an A4 PDF: canhoto, emitente, the DANFE box with the
 * key's Code 128 barcode, protocolo, destinatário, duplicatas, cálculo do imposto, transportador, the
 * products (continued on as many pages as they need, the header repeated on each) and the additional
 * data; "SEM VALOR FISCAL" across every page of a homologação note. Standard fonts only (Helvetica).
 */
export async function gerarDanfe(xml: string): Promise<Uint8Array> {
  return desenharDanfe(lerDadosDanfe(xml));
}

const A4: [number, number] = [595.28, 841.89];
const M = 14;
const LARGURA = A4[0] - 2 * M;
const TOPO = A4[1] - M;
const PRETO = rgb(0, 0, 0);
const LINHA_ITEM = 7;
const LINHA_INFO = 7;
const ALTURA_ADICIONAIS = 78;

/** Helvetica's WinAnsi has the Portuguese letters; typographic marks become ASCII and anything else '?'. */
const seguro = (texto: string) =>
  texto
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

interface Coluna {
  rotulo: string;
  largura: number;
  valor: (i: ItemDanfe) => string;
  alinhar: 'esq' | 'dir' | 'centro';
}
const COLUNAS: Coluna[] = [
  { rotulo: 'CÓDIGO', largura: 50, valor: (i) => i.codigo, alinhar: 'esq' },
  { rotulo: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', largura: 151, valor: (i) => i.descricao, alinhar: 'esq' },
  { rotulo: 'NCM/SH', largura: 34, valor: (i) => i.ncm, alinhar: 'centro' },
  { rotulo: 'CST', largura: 20, valor: (i) => i.cst, alinhar: 'centro' },
  { rotulo: 'CFOP', largura: 20, valor: (i) => i.cfop, alinhar: 'centro' },
  { rotulo: 'UN', largura: 20, valor: (i) => i.unidade, alinhar: 'centro' },
  { rotulo: 'QUANT.', largura: 38, valor: (i) => i.quantidade, alinhar: 'dir' },
  { rotulo: 'V. UNIT.', largura: 40, valor: (i) => i.valorUnitario, alinhar: 'dir' },
  { rotulo: 'V. TOTAL', largura: 42, valor: (i) => i.valorTotal, alinhar: 'dir' },
  { rotulo: 'BC ICMS', largura: 40, valor: (i) => i.bcIcms, alinhar: 'dir' },
  { rotulo: 'V. ICMS', largura: 34, valor: (i) => i.valorIcms, alinhar: 'dir' },
  { rotulo: 'V. IPI', largura: 30, valor: (i) => i.valorIpi, alinhar: 'dir' },
  { rotulo: 'ALÍQ. ICMS', largura: 24, valor: (i) => i.aliquotaIcms, alinhar: 'dir' },
  { rotulo: 'ALÍQ. IPI', largura: 24, valor: (i) => i.aliquotaIpi, alinhar: 'dir' },
];

class Folha {
  constructor(
    readonly pagina: PDFPage,
    readonly fonte: PDFFont,
    readonly negrito: PDFFont,
  ) {}

  texto(t: string, x: number, y: number, tamanho: number, opcoes: { negrito?: boolean; largura?: number; alinhar?: 'esq' | 'dir' | 'centro'; minimo?: number } = {}) {
    const f = opcoes.negrito ? this.negrito : this.fonte;
    let s = seguro(t);
    let tam = tamanho;
    if (opcoes.largura) {
      // Shrink to fit first (a code or a key must stay whole), then cut what still does not fit.
      while (tam > (opcoes.minimo ?? tamanho * 0.7) && f.widthOfTextAtSize(s, tam) > opcoes.largura) tam -= 0.25;
      while (s.length > 1 && f.widthOfTextAtSize(s, tam) > opcoes.largura) s = s.slice(0, -1);
    }
    const w = f.widthOfTextAtSize(s, tam);
    const dx = opcoes.largura && opcoes.alinhar === 'dir' ? opcoes.largura - w : opcoes.largura && opcoes.alinhar === 'centro' ? (opcoes.largura - w) / 2 : 0;
    this.pagina.drawText(s, { x: x + dx, y, size: tam, font: f, color: PRETO });
  }

  caixa(x: number, yTopo: number, w: number, h: number) {
    this.pagina.drawRectangle({ x, y: yTopo - h, width: w, height: h, borderColor: PRETO, borderWidth: 0.5 });
  }

  /** A labelled field: the small caption at the top, the value below it. */
  campo(x: number, yTopo: number, w: number, h: number, rotulo: string, valor: string, opcoes: { alinhar?: 'esq' | 'dir' | 'centro'; tamanho?: number; negrito?: boolean } = {}) {
    this.caixa(x, yTopo, w, h);
    this.texto(rotulo, x + 2, yTopo - 6, 5, { largura: w - 4 });
    this.texto(valor, x + 2, yTopo - h + 3.5, opcoes.tamanho ?? 8, { largura: w - 4, alinhar: opcoes.alinhar ?? 'esq', ...(opcoes.negrito ? { negrito: true } : {}) });
  }

  titulo(t: string, y: number) {
    this.texto(t, M, y - 6.5, 6, { negrito: true });
  }

  /** Words to lines of at most `largura` points (a word longer than a line is broken). */
  quebrar(t: string, largura: number, tamanho: number): string[] {
    const linhas: string[] = [];
    let atual = '';
    for (let palavra of seguro(t).split(' ')) {
      while (this.fonte.widthOfTextAtSize(palavra, tamanho) > largura) {
        let n = palavra.length;
        while (n > 1 && this.fonte.widthOfTextAtSize(palavra.slice(0, n), tamanho) > largura) n--;
        if (atual) linhas.push(atual);
        atual = '';
        linhas.push(palavra.slice(0, n));
        palavra = palavra.slice(n);
      }
      const junto = atual ? `${atual} ${palavra}` : palavra;
      if (this.fonte.widthOfTextAtSize(junto, tamanho) > largura && atual) {
        linhas.push(atual);
        atual = palavra;
      } else atual = junto;
    }
    if (atual) linhas.push(atual);
    return linhas;
  }
}

/** Canhoto: the receipt the carrier brings back signed, torn along the dashed line. */
function canhoto(f: Folha, d: DadosDanfe, y: number): number {
  const direita = 110;
  const w = LARGURA - direita;
  f.caixa(M, y, w, 22);
  const frase = `RECEBEMOS DE ${d.emitente.nome} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. EMISSÃO: ${d.emissao} - DESTINATÁRIO: ${d.destinatario.nome}`;
  f.quebrar(frase, w - 4, 6)
    .slice(0, 2)
    .forEach((l, i) => f.texto(l, M + 2, y - 8 - i * 7, 6));
  f.campo(M, y - 22, 110, 26, 'DATA DE RECEBIMENTO', '');
  f.campo(M + 110, y - 22, w - 110, 26, 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', '');
  f.caixa(M + w, y, direita, 48);
  f.texto('NF-e', M + w, y - 14, 12, { negrito: true, largura: direita, alinhar: 'centro' });
  f.texto(`Nº ${d.numero}`, M + w, y - 28, 9, { negrito: true, largura: direita, alinhar: 'centro' });
  f.texto(`SÉRIE ${d.serie}`, M + w, y - 40, 9, { negrito: true, largura: direita, alinhar: 'centro' });
  const corte = y - 54;
  f.pagina.drawLine({ start: { x: M, y: corte }, end: { x: M + LARGURA, y: corte }, thickness: 0.5, color: PRETO, dashArray: [3, 2] });
  return corte - 6;
}

function codigoDeBarras(f: Folha, chave: string, x: number, yTopo: number, w: number, h: number) {
  const modulos = modulosCode128(chave);
  const total = modulos.reduce((s, m) => s + m, 0);
  const modulo = Math.min(0.9, (w - 12) / total);
  let cx = x + (w - total * modulo) / 2;
  modulos.forEach((largura, i) => {
    if (i % 2 === 0) f.pagina.drawRectangle({ x: cx, y: yTopo - h + 4, width: largura * modulo, height: h - 8, color: PRETO });
    cx += largura * modulo;
  });
}

/** Emitente, the DANFE box, the key; natureza and protocolo; the issuer's registrations. Repeated on every page. */
function cabecalho(f: Folha, d: DadosDanfe, y: number, folha: number, folhas: number): number {
  const h = 112;
  const wEmit = 236;
  const wDanfe = 92;
  const wChave = LARGURA - wEmit - wDanfe;
  f.caixa(M, y, wEmit, h);
  f.texto('IDENTIFICAÇÃO DO EMITENTE', M + 2, y - 7, 5, { largura: wEmit - 4, alinhar: 'centro' });
  const nome = f.quebrar(d.emitente.nome, wEmit - 12, 10).slice(0, 3);
  let ly = y - 24;
  for (const l of nome) {
    f.texto(l, M + 2, ly, 10, { negrito: true, largura: wEmit - 4, alinhar: 'centro' });
    ly -= 12;
  }
  ly -= 4;
  for (const l of d.emitente.endereco) {
    f.texto(l, M + 2, ly, 7, { largura: wEmit - 4, alinhar: 'centro' });
    ly -= 9;
  }

  const xd = M + wEmit;
  f.caixa(xd, y, wDanfe, h);
  f.texto('DANFE', xd, y - 16, 14, { negrito: true, largura: wDanfe, alinhar: 'centro' });
  f.texto('DOCUMENTO AUXILIAR DA', xd, y - 26, 6, { largura: wDanfe, alinhar: 'centro' });
  f.texto('NOTA FISCAL ELETRÔNICA', xd, y - 33, 6, { largura: wDanfe, alinhar: 'centro' });
  f.texto('0 - ENTRADA', xd + 8, y - 46, 7);
  f.texto('1 - SAÍDA', xd + 8, y - 55, 7);
  f.caixa(xd + wDanfe - 26, y - 40, 16, 16);
  f.texto(d.tpNF, xd + wDanfe - 26, y - 52, 11, { negrito: true, largura: 16, alinhar: 'centro' });
  f.texto(`Nº ${d.numero}`, xd, y - 72, 9, { negrito: true, largura: wDanfe, alinhar: 'centro' });
  f.texto(`SÉRIE ${d.serie}`, xd, y - 84, 9, { negrito: true, largura: wDanfe, alinhar: 'centro' });
  f.texto(`FOLHA ${folha}/${folhas}`, xd, y - 98, 8, { largura: wDanfe, alinhar: 'centro' });

  const xc = xd + wDanfe;
  f.caixa(xc, y, wChave, 40);
  if (d.chave) codigoDeBarras(f, d.chave, xc, y, wChave, 40);
  f.campo(xc, y - 40, wChave, 22, 'CHAVE DE ACESSO', chaveEmGrupos(d.chave), { alinhar: 'centro', tamanho: 7.5, negrito: true });
  f.caixa(xc, y - 62, wChave, h - 62);
  f.texto('Consulta de autenticidade no portal nacional da NF-e', xc, y - 78, 7, { largura: wChave, alinhar: 'centro' });
  f.texto('www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora', xc, y - 88, 7, { largura: wChave, alinhar: 'centro' });

  let yy = y - h;
  const wNat = LARGURA * 0.6;
  f.campo(M, yy, wNat, 20, 'NATUREZA DA OPERAÇÃO', d.natureza);
  f.campo(M + wNat, yy, LARGURA - wNat, 20, 'PROTOCOLO DE AUTORIZAÇÃO DE USO', d.protocolo, { alinhar: 'centro' });
  yy -= 20;
  const w3 = LARGURA / 3;
  f.campo(M, yy, w3, 20, 'INSCRIÇÃO ESTADUAL', d.emitente.ie);
  f.campo(M + w3, yy, w3, 20, 'INSC. ESTADUAL DO SUBST. TRIBUT.', d.emitente.ieSt);
  f.campo(M + 2 * w3, yy, w3, 20, 'CNPJ / CPF', d.emitente.documento);
  return yy - 20 - 2;
}

/** A row of fields whose widths are fractions of the page's. */
function linhaCampos(f: Folha, y: number, campos: [string, string, number][], alinhar: 'esq' | 'dir' = 'esq'): number {
  let x = M;
  for (const [rotulo, valor, fracao] of campos) {
    f.campo(x, y, LARGURA * fracao, 20, rotulo, valor, { alinhar });
    x += LARGURA * fracao;
  }
  return y - 20;
}

function destinatario(f: Folha, d: DadosDanfe, y: number): number {
  f.titulo('DESTINATÁRIO / REMETENTE', y);
  const t = d.destinatario;
  let yy = linhaCampos(f, y - 8, [
    ['NOME / RAZÃO SOCIAL', t.nome, 0.58],
    ['CNPJ / CPF', t.documento, 0.25],
    ['DATA DA EMISSÃO', d.emissao, 0.17],
  ]);
  yy = linhaCampos(f, yy, [
    ['ENDEREÇO', t.endereco, 0.45],
    ['BAIRRO / DISTRITO', t.bairro, 0.25],
    ['CEP', t.cep, 0.13],
    ['DATA DA SAÍDA/ENTRADA', d.saida, 0.17],
  ]);
  yy = linhaCampos(f, yy, [
    ['MUNICÍPIO', t.municipio, 0.4],
    ['FONE / FAX', t.fone, 0.18],
    ['UF', t.uf, 0.05],
    ['INSCRIÇÃO ESTADUAL', t.ie, 0.2],
    ['HORA DA SAÍDA/ENTRADA', d.horaSaida, 0.17],
  ]);
  return yy - 2;
}

const DUPLICATAS_POR_LINHA = 6;
const alturaDuplicatas = (d: DadosDanfe) => (d.duplicatas.length || d.fatura ? 8 + (d.fatura ? 12 : 0) + Math.ceil(d.duplicatas.length / DUPLICATAS_POR_LINHA) * 26 + 2 : 0);

function duplicatas(f: Folha, d: DadosDanfe, y: number): number {
  if (!d.duplicatas.length && !d.fatura) return y;
  f.titulo('FATURA / DUPLICATAS', y);
  let yy = y - 8;
  if (d.fatura) {
    f.caixa(M, yy, LARGURA, 12);
    f.texto(d.fatura, M + 2, yy - 8.5, 6.5, { largura: LARGURA - 4 });
    yy -= 12;
  }
  const w = LARGURA / DUPLICATAS_POR_LINHA;
  d.duplicatas.forEach((dup, i) => {
    const x = M + (i % DUPLICATAS_POR_LINHA) * w;
    const topo = yy - Math.floor(i / DUPLICATAS_POR_LINHA) * 26;
    f.caixa(x, topo, w, 26);
    f.texto(`Núm. ${dup.numero}`, x + 3, topo - 7.5, 6.5, { largura: w - 6 });
    f.texto(`Venc. ${dup.vencimento}`, x + 3, topo - 15, 6.5, { largura: w - 6 });
    f.texto(`Valor R$ ${dup.valor}`, x + 3, topo - 22.5, 6.5, { negrito: true, largura: w - 6 });
  });
  return yy - Math.ceil(d.duplicatas.length / DUPLICATAS_POR_LINHA) * 26 - 2;
}

function imposto(f: Folha, d: DadosDanfe, y: number): number {
  f.titulo('CÁLCULO DO IMPOSTO', y);
  let yy = y - 8;
  for (const linha of d.impostos) yy = linhaCampos(f, yy, linha.map(([r, v]) => [r, v, 1 / linha.length] as [string, string, number]), 'dir');
  return yy - 2;
}

function transportador(f: Folha, d: DadosDanfe, y: number): number {
  f.titulo('TRANSPORTADOR / VOLUMES TRANSPORTADOS', y);
  let yy = y - 8;
  for (const linha of d.transporte.rows) yy = linhaCampos(f, yy, linha);
  return yy - 2;
}

/** The product table's caption, header row and column rules from `y` down to `fundo`; answers where rows start. */
function grade(f: Folha, y: number, fundo: number): number {
  f.titulo('DADOS DOS PRODUTOS / SERVIÇOS', y);
  const topo = y - 8;
  f.caixa(M, topo, LARGURA, topo - fundo);
  f.pagina.drawLine({ start: { x: M, y: topo - 16 }, end: { x: M + LARGURA, y: topo - 16 }, thickness: 0.5, color: PRETO });
  let x = M;
  for (const c of COLUNAS) {
    const linhas = f.quebrar(c.rotulo, c.largura - 2, 5);
    linhas.slice(0, 2).forEach((l, i) => f.texto(l, x + 1, topo - (linhas.length > 1 ? 6.5 : 10) - i * 6, 5, { negrito: true, largura: c.largura - 2, alinhar: 'centro' }));
    if (x > M) f.pagina.drawLine({ start: { x, y: topo }, end: { x, y: fundo }, thickness: 0.3, color: PRETO });
    x += c.largura;
  }
  return topo - 16;
}

const linhasDoItem = (f: Folha, i: ItemDanfe) => f.quebrar(i.descricao, COLUNAS[1]!.largura - 4, 6);
const alturaItem = (f: Folha, i: ItemDanfe) => linhasDoItem(f, i).length * LINHA_ITEM + 2;

function item(f: Folha, i: ItemDanfe, y: number): number {
  const descricao = linhasDoItem(f, i);
  let x = M;
  for (const [n, c] of COLUNAS.entries()) {
    if (n === 1) descricao.forEach((l, k) => f.texto(l, x + 2, y - 6.5 - k * LINHA_ITEM, 6));
    else f.texto(c.valor(i), x + 1.5, y - 6.5, 6, { largura: c.largura - 3, alinhar: c.alinhar, minimo: 3.5 });
    x += c.largura;
  }
  const fim = y - descricao.length * LINHA_ITEM - 2;
  f.pagina.drawLine({ start: { x: M, y: fim }, end: { x: M + LARGURA, y: fim }, thickness: 0.2, color: rgb(0.6, 0.6, 0.6) });
  return fim;
}

function adicionais(f: Folha, titulo: string, y: number, h: number, informacoes: string[], fisco: string[]) {
  f.titulo(titulo, y);
  const wInfo = LARGURA * 0.66;
  f.caixa(M, y - 8, wInfo, h);
  f.texto('INFORMAÇÕES COMPLEMENTARES', M + 2, y - 14, 5);
  informacoes.forEach((l, k) => f.texto(l, M + 2, y - 22 - k * LINHA_INFO, 6));
  f.caixa(M + wInfo, y - 8, LARGURA - wInfo, h);
  f.texto('RESERVADO AO FISCO', M + wInfo + 2, y - 14, 5);
  fisco.forEach((l, k) => f.texto(l, M + wInfo + 2, y - 22 - k * LINHA_INFO, 6));
}

function marcaDagua(f: Folha) {
  const t = 'SEM VALOR FISCAL';
  const tam = 64;
  const w = f.negrito.widthOfTextAtSize(t, tam);
  const angulo = 35;
  const rad = (angulo * Math.PI) / 180;
  f.pagina.drawText(t, { x: A4[0] / 2 - (w / 2) * Math.cos(rad), y: A4[1] / 2 - (w / 2) * Math.sin(rad), size: tam, font: f.negrito, color: rgb(0.55, 0.55, 0.55), opacity: 0.35, rotate: degrees(angulo) });
}

async function desenharDanfe(d: DadosDanfe): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`DANFE NF-e ${d.numero} série ${d.serie}`);
  doc.setSubject(d.chave);
  doc.setCreator('Retaguarda');
  const fonte = await doc.embedFont(StandardFonts.Helvetica);
  const negrito = await doc.embedFont(StandardFonts.HelveticaBold);
  const medida = new Folha(doc.addPage(A4), fonte, negrito);
  doc.removePage(0);

  // Plan the pages before drawing: the header says "FOLHA n/total".
  const alturaCabecalho = 112 + 40 + 2;
  const inicioItensPrimeira = TOPO - 60 - alturaCabecalho - 68 - alturaDuplicatas(d) - (8 + d.impostos.length * 20 + 2) - 68 - 8 - 16;
  const fimPrimeira = M + ALTURA_ADICIONAIS + 8 + 2;
  const inicioItensOutras = TOPO - alturaCabecalho - 8 - 16;
  const paginas: ItemDanfe[][] = [[]];
  let livre = inicioItensPrimeira - fimPrimeira;
  for (const i of d.itens) {
    const h = alturaItem(medida, i);
    if (h > livre && paginas[paginas.length - 1]!.length) {
      paginas.push([]);
      livre = inicioItensOutras - M;
    }
    paginas[paginas.length - 1]!.push(i);
    livre -= h;
  }
  const wInfo = LARGURA * 0.66;
  const cabem = Math.floor((ALTURA_ADICIONAIS - 18) / LINHA_INFO);
  const informacoes = medida.quebrar(d.informacoes, wInfo - 6, 6);
  const fisco = medida.quebrar(d.fisco, LARGURA - wInfo - 6, 6);
  // What does not fit the first page's box continues on pages of its own after the products.
  const resto = [informacoes.slice(cabem), fisco.slice(cabem)];
  const porPaginaResto = Math.floor((inicioItensOutras + 24 - M - 26) / LINHA_INFO);
  const paginasResto = Math.ceil(Math.max(resto[0]!.length, resto[1]!.length) / porPaginaResto);
  const total = paginas.length + paginasResto;

  for (let n = 0; n < total; n++) {
    const f = new Folha(doc.addPage(A4), fonte, negrito);
    if (d.tpAmb === '2') marcaDagua(f);
    let y = TOPO;
    if (n === 0) y = canhoto(f, d, y);
    y = cabecalho(f, d, y, n + 1, total);
    if (n < paginas.length) {
      let fundo = M;
      if (n === 0) {
        y = destinatario(f, d, y);
        y = duplicatas(f, d, y);
        y = imposto(f, d, y);
        y = transportador(f, d, y);
        fundo = fimPrimeira - 2;
        adicionais(f, 'DADOS ADICIONAIS', M + ALTURA_ADICIONAIS + 8, ALTURA_ADICIONAIS, informacoes.slice(0, cabem), fisco.slice(0, cabem));
      }
      y = grade(f, y, fundo);
      for (const i of paginas[n]!) y = item(f, i, y);
    } else {
      const k = n - paginas.length;
      const fatia = (l: string[]) => l.slice(k * porPaginaResto, (k + 1) * porPaginaResto);
      const h = y - M - 8;
      adicionais(f, 'DADOS ADICIONAIS (CONTINUAÇÃO)', y, h, fatia(resto[0]!), fatia(resto[1]!));
    }
  }
  return doc.save();
}
