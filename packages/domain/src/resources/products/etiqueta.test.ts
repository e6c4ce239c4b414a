import { describe, expect, it } from 'vitest';
import { arquivoDeEtiquetas, marcadoresDesconhecidos, MODELO_ZPL_PADRAO, precoBr, preencherModelo, somarDias } from './etiqueta.ts';
import { modeloEtiqueta } from './modeloEtiqueta.ts';
import { lerZpl } from './zplPrevia.ts';

describe('label models', () => {
  it('fills the placeholders, keeping ZPL commands out of the product’s text', () => {
    const zpl = preencherModelo('^XA^FO10,10^FD{descricao}^FS^FO10,60^FD{preco}^FS^XZ', 'ZPL', { descricao: 'Pão ^de~ queijo', preco: precoBr(1290) });
    expect(zpl).toBe('^XA^FO10,10^FDPão  de  queijo^FS^FO10,60^FDR$ 12,90^FS^XZ');
    expect(preencherModelo('A10,10,0,3,1,1,N,"{descricao}"', 'EPL', { descricao: 'Copo 12" azul' })).toBe('A10,10,0,3,1,1,N,"Copo 12\\" azul"');
  });

  it('repeats each product’s label by its copies in one file', () => {
    const arquivo = arquivoDeEtiquetas('^XA^FD{codigo}^FS^XZ', 'ZPL', [{ valores: { codigo: '1' }, copias: 2 }, { valores: { codigo: '2' }, copias: 1 }]);
    expect(arquivo).toBe('^XA^FD1^FS^XZ\n^XA^FD1^FS^XZ\n^XA^FD2^FS^XZ\n');
  });

  it('formats prices and adds days to dates without floats or time zones', () => {
    expect(precoBr(123456789)).toBe('R$ 1.234.567,89');
    expect(precoBr(5)).toBe('R$ 0,05');
    expect(somarDias('2026-02-27', 3)).toBe('2026-03-02');
  });

  it('refuses unknown placeholders and a ZPL model without ^XA…^XZ', () => {
    expect(marcadoresDesconhecidos('{descricao} {precoo}')).toEqual(['precoo']);
    const dados = modeloEtiqueta.schema.parse({ descricao: 'Gôndola', codigo: '^XA^FD{precoo}^FS^XZ' });
    expect(modeloEtiqueta.regras!(dados)[0]?.mensagem).toMatch(/^Campo desconhecido: \{precoo\}\. Use \{descricao\}/);
    const semXz = modeloEtiqueta.schema.parse({ descricao: 'Gôndola', codigo: '^XA^FD{preco}^FS' });
    expect(modeloEtiqueta.regras!(semXz)).toEqual([{ campo: 'codigo', mensagem: 'Um modelo ZPL começa com ^XA e termina com ^XZ.' }]);
    expect(modeloEtiqueta.regras!(modeloEtiqueta.schema.parse({ descricao: 'Padrão' }))).toEqual([]);
  });

  it('reads where the default model puts its texts, barcode and boxes for the preview', () => {
    const zpl = preencherModelo(MODELO_ZPL_PADRAO, 'ZPL', { descricao: 'Queijo minas', preco: 'R$ 39,90', validade: '30/11/2026', gtin: '7891000315507' });
    const elementos = lerZpl(`${zpl}^FO0,0^GB600,320,3^FS`);
    expect(elementos).toEqual([
      { tipo: 'texto', x: 20, y: 20, altura: 32, texto: 'Queijo minas', largura: 560, alinhamento: 'L', linhas: 2 },
      { tipo: 'texto', x: 20, y: 100, altura: 56, texto: 'R$ 39,90' },
      { tipo: 'texto', x: 20, y: 170, altura: 24, texto: 'Validade: 30/11/2026' },
      { tipo: 'codigoBarras', x: 20, y: 210, altura: 60, texto: '7891000315507', simbologia: 'BE' },
      { tipo: 'caixa', x: 0, y: 0, largura: 600, altura: 320, espessura: 3 },
    ]);
    // ^FT places the baseline: the text box starts one font height above it.
    expect(lerZpl('^XA^FT10,100^A0N,40,40^FDx^FS^XZ')[0]).toMatchObject({ y: 60, altura: 40 });
  });
});
