import { readdirSync } from 'node:fs';
import { lerNfe } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PADROES_128, valoresCode128C } from '../src/fiscal/danfe/codigo128.ts';
import { gerarDanfe } from '../src/fiscal/danfe/gerarDanfe.ts';
import { base64, lerAmostraNfe, PASTA_NFE, paraDestinatario } from './amostrasNfe.ts';
import { contextoEntradaNfe, type ContextoEntradaNfe } from './contextoEntradaNfe.ts';
import { onPostgres } from './harness.ts';
import { signIn, withCookie } from './http.ts';
import { textoDoPdf } from './textoPdf.ts';

const grupos = (chave: string) => chave.match(/.{4}/g)!.join(' ');
const notas = readdirSync(PASTA_NFE)
  .sort()
  .filter((n) => lerAmostraNfe(n).includes('<infNFe'));

// The PDF and the bar code are drawn without a database: checked once, in the PGlite run; the route below runs on both.
describe.skipIf(onPostgres)('DANFE from the sample NF-e', () => {
  it.each(notas)('%s: the PDF shows the key in groups of 4, the issuer, every item code and its page count', async (nome) => {
    const xml = lerAmostraNfe(nome);
    const lida = lerNfe(xml);
    if (lida.tipo !== 'nota') throw new Error(`${nome} não é nota`);
    const paginas = await textoDoPdf(await gerarDanfe(xml));
    const tudo = paginas.join('\n');
    expect(tudo).toContain(grupos(lida.nota.chave));
    expect(tudo).toContain(lida.nota.emitente.nome);
    for (const item of lida.nota.itens) expect(tudo.split('\n'), `item ${item.numero}`).toContain(item.cProd);
    paginas.forEach((p, i) => expect(p).toContain(`FOLHA ${i + 1}/${paginas.length}`));
  });

  it('the 41-item note runs to a second page with the header repeated and the canhoto only on the first', async () => {
    const xml = lerAmostraNfe('nfe55_41itens_ipitrib_7dups.xml');
    const paginas = await textoDoPdf(await gerarDanfe(xml));
    expect(paginas.length).toBeGreaterThanOrEqual(2);
    for (const p of paginas) {
      expect(p).toContain('DANFE');
      expect(p).toContain('9456 7341 5768 0700 0161 5500 1000 0699 1610 0043 6194');
      expect(p).toContain('Nº 000.069.916');
      expect(p).toContain('DADOS DOS PRODUTOS / SERVIÇOS');
    }
    expect(paginas[0]).toContain('DATA DE RECEBIMENTO');
    expect(paginas[1]).not.toContain('DATA DE RECEBIMENTO');
    // The figures as the note has them, in pt-BR: the first item and the note's total and duplicatas.
    expect(paginas[0]).toContain('FRIGIDEIRA RETA ALTA 20 SEM TPA - CEREJA');
    expect(paginas[0]).toContain('238.643,07');
    expect(paginas[0]).toContain('Valor R$ 34.173,69');
    expect(paginas[0]).toContain('135259806782559 - 12/05/2025 13:59:47');
  });

  it('a homologação note (tpAmb 2) says SEM VALOR FISCAL on every page; a production note does not', async () => {
    const homologacao = await textoDoPdf(await gerarDanfe(lerAmostraNfe('nfe55_simples_icmssn202_st_dup.xml')));
    for (const p of homologacao) expect(p).toContain('SEM VALOR FISCAL');
    const producao = await textoDoPdf(await gerarDanfe(lerAmostraNfe('nfe55_41itens_ipitrib_7dups.xml')));
    for (const p of producao) expect(p).not.toContain('SEM VALOR FISCAL');
  });

  it('additional data longer than its box continues on a page of its own, to the last word', async () => {
    const longa = Array.from({ length: 120 }, (_, i) => `Observação ${i + 1} do pedido de compra com a condição de entrega combinada.`).join(' ');
    const xml = lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml').replace(/<infAdic>[\s\S]*?<\/infAdic>|(?=<\/infNFe>)/, `<infAdic><infCpl>${longa} FIM-DO-TEXTO</infCpl></infAdic>`);
    const paginas = await textoDoPdf(await gerarDanfe(xml));
    expect(paginas.length).toBeGreaterThanOrEqual(2);
    expect(paginas.at(-1)).toContain('DADOS ADICIONAIS (CONTINUAÇÃO)');
    expect(paginas.at(-1)).toContain('FIM-DO-TEXTO');
    expect(paginas.join('\n')).toContain('Observação 60 do pedido');
  });

  it('an event or a DF-e summary has no DANFE, and says so', async () => {
    await expect(gerarDanfe(lerAmostraNfe('evento_procEventoNFe_110110_cce.xml'))).rejects.toThrow('O arquivo não é uma NF-e (elemento raiz <procEventoNFe>): não há DANFE a imprimir.');
    await expect(gerarDanfe(lerAmostraNfe('dfe_retConsNFeDest_resNFe_legacy.xml'))).rejects.toThrow(/não é uma NF-e/);
  });
});

describe.skipIf(onPostgres)('Code 128 of the access key', () => {
  it('every symbol is 11 modules with an even bar count, and no two are alike (a typo in the table would break one)', () => {
    expect(PADROES_128).toHaveLength(107);
    for (const p of PADROES_128.slice(0, 106)) {
      const w = [...p].map(Number);
      expect(w.reduce((s, x) => s + x, 0)).toBe(11);
      expect((w[0]! + w[2]! + w[4]!) % 2).toBe(0);
    }
    expect(new Set(PADROES_128).size).toBe(107);
  });

  it('subset C: start C, one symbol per pair of digits, the weighted check modulo 103, stop', () => {
    // 105 + 1×12 + 2×34 = 185 → 185 mod 103 = 82.
    expect(valoresCode128C('1234')).toEqual([105, 12, 34, 82, 106]);
    expect(valoresCode128C('94567341576807000161550010000699161000436194')).toHaveLength(22 + 3);
  });
});

describe('GET /api/entradaNotaFiscal/:id/danfe', () => {
  let c: ContextoEntradaNfe;
  beforeAll(async () => {
    c = await contextoEntradaNfe('Almoxarifado DANFE');
  });
  afterAll(async () => c?.fechar());

  it('gives the PDF of an imported note from its kept XML; another group gets 404', async () => {
    const xml = paraDestinatario(lerAmostraNfe('nfe55_alimentos_icms10_st_ipi_boleto_1dup.xml'), c.cnpj);
    const [r] = (await c.api('POST', '/entradaNotaFiscal/importar', { arquivos: [{ nome: 'alimentos.xml', conteudo: base64(xml) }] })).body.data;
    expect(r.situacao).toBe('pendente');
    const baixar = async (email: string) => c.ctx.app.inject({ method: 'GET', url: `/api/entradaNotaFiscal/${r.entrada}/danfe`, ...withCookie(await signIn(c.ctx.app, email)) });
    const pdf = await baixar('admin@demo.com.br');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [pagina] = await textoDoPdf(pdf.rawPayload);
    expect(pagina).toContain(grupos(r.chave));
    const vizinho = await baixar('admin@vizinho.com.br');
    expect(vizinho.statusCode).toBe(404);
    expect(vizinho.json().data.message).toContain('Entrada de nota fiscal não encontrada nesta empresa.');
  });
});
