import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErroOfx, lerOfx, type ExtratoOfx } from './index.ts';
import { centavosOfx, dataOfx } from './valores.ts';

const amostra = (nome: string) => readFileSync(fileURLToPath(new URL(`../../../../../fixtures/ofx/${nome}`, import.meta.url)));
const soma = (e: ExtratoOfx) => e.linhas.reduce((s, l) => s + l.valor, 0);
const texto = (s: string) => new TextEncoder().encode(s);
const falha = (bytes: Uint8Array) => {
  try {
    lerOfx(bytes);
  } catch (e) {
    if (e instanceof ErroOfx) return e;
    throw e;
  }
  throw new Error('era para falhar');
};
const cabecalho = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n';
const linha = (campos: string) => `<STMTTRN>${campos}</STMTTRN>`;
const ofx = (linhas: string, acct = '<BANKID>001<ACCTID>1234-5') =>
  `${cabecalho}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM>${acct}</BANKACCTFROM><BANKTRANLIST>${linhas}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('OFX: the real samples (fixtures/ofx)', () => {
  it('Banco do Brasil, closed tags, Windows-1252 bytes: 3 lines, accents right, BANKID 1, period and ledger balance', () => {
    const [e, ...resto] = lerOfx(amostra('bb_closing_tags_cp1252.ofx'));
    expect(resto).toEqual([]);
    expect(e).toMatchObject({ tipo: 'banco', banco: '1', agencia: '9999-9', conta: '99999-9', moeda: 'BRL', inicio: '2014-02-24', fim: '2014-03-27' });
    expect(e!.saldo).toEqual({ valor: 999_999, data: '2014-03-27' });
    expect(e!.linhas.map((l) => [l.fitid, l.data, l.valor, l.memo, l.trntype, l.checknum])).toEqual([
      ['2014030503444800', '2014-03-05', 344_480, 'Transferência Agendada', 'OTHER', '300000429583'],
      ['20140305122250', '2014-03-05', -2_225, 'Compra com Cartão', 'OTHER', '000000070561'],
      ['201403051100000', '2014-03-05', -10_000, 'Saque', 'OTHER', '000000072644'],
    ]);
    expect(soma(e!)).toBe(332_255);
  });

  it('Banco do Brasil, header says 1252 but the bytes are UTF-8: "CRÉDITO" read once, not as mojibake; BANKID 001 → 1', () => {
    const [e] = lerOfx(amostra('bb_utf8_but_header_1252.ofx'));
    expect(e).toMatchObject({ banco: '1', conta: '455000-5', inicio: '2015-10-30', fim: '2015-11-30', saldo: { valor: 23_935, data: '2015-12-09' } });
    expect(e!.linhas).toEqual([
      expect.objectContaining({ fitid: '20151103023955', data: '2015-11-03', valor: 23_955, memo: 'DOC CRÉDITO EM CONTA', trntype: 'DEP', checknum: '252602' }),
    ]);
  });

  it('Itaú, SGML without closing tags, zone [-03:EST]: 3 lines, memos without their trailing spaces', () => {
    const [e] = lerOfx(amostra('itau_sgml_no_closing_tags.ofx'));
    expect(e).toMatchObject({ banco: '341', conta: '9999 99999-9', inicio: '2013-12-05', fim: '2014-02-28', saldo: { valor: -999_999, data: '2014-03-04' } });
    expect(e!.linhas.map((l) => [l.fitid, l.data, l.valor, l.memo, l.trntype])).toEqual([
      ['20131209001', '2013-12-09', -66_666, 'RSHOP', 'DEBIT'],
      ['20131209002', '2013-12-09', 9_999, 'REND PAGO APLIC AUT MAIS', 'CREDIT'],
      ['20131210001', '2013-12-10', -7_777, 'SISDEB', 'DEBIT'],
    ]);
  });

  it('Santander, amounts left-padded with mixed separators ("-11.11", "-222,22"), zone [-3:GMT]', () => {
    const [e] = lerOfx(amostra('santander_padded_comma_decimals.ofx'));
    expect(e).toMatchObject({ banco: '33', conta: '9999999999999', saldo: { valor: 999_999, data: '2014-02-03' } });
    expect(e!.linhas.map((l) => [l.fitid, l.data, l.valor, l.memo])).toEqual([
      ['00510367', '2013-11-07', -1_111, 'DEBITO VISA ELECTRON BRASIL'],
      ['00000105', '2013-11-07', -22_222, 'COMPENSACAO INTERNA DE CHEQUE'],
      ['00330867', '2013-11-08', -33_333, 'DEBITO VISA ELECTRON BRASIL'],
    ]);
  });

  it('Gerencianet (364), mixed closed/unclosed tags and several lines on one line, comma decimals, TRNTYPE "0"/"1", plus a card section', () => {
    const [banco, cartao, ...resto] = lerOfx(amostra('gerencianet_364_mixed_closing_tags_comma_decimal.ofx'));
    expect(resto).toEqual([]);
    expect(banco).toMatchObject({ tipo: 'banco', banco: '364', conta: '1459950-11', inicio: '2018-01-30', fim: '2018-04-29' });
    expect(banco!.linhas).toHaveLength(18);
    // The 18 lines add up to the ledger balance the bank states: R$ 635,50.
    expect(soma(banco!)).toBe(63_550);
    expect(banco!.saldo).toEqual({ valor: 63_550, data: '2018-04-29' });
    expect(banco!.linhas[0]).toMatchObject({ fitid: '2018030607232002046000000061553574', data: '2018-03-09', valor: 7_440, memo: 'Repasse pagamento: 17223405 de XXXXXXXX', trntype: 'CREDIT' });
    // Unclosed MEMO running into </STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>… on the same line.
    expect(banco!.linhas.slice(8, 10).map((l) => [l.valor, l.memo, l.trntype])).toEqual([
      [7_440, 'Repasse pagamento: 29384993 de ZZZZZZZZZZ', 'CREDIT'],
      [-334, 'Tarifa repasse: 29384993 de ZZZZZZZZZZ', 'DEBIT'],
    ]);
    expect(banco!.linhas.slice(12, 14).map((l) => [l.data, l.valor])).toEqual([['2018-04-28', 12_090], ['2018-04-28', -723]]);
    expect(banco!.linhas.at(-1)).toMatchObject({ fitid: '2018042606101001046000000066643670', data: '2018-04-29', valor: -334, memo: '\\Tarifa repasse: 30830691 de \\\\Du\\que' });
    expect(banco!.linhas.filter((l) => ['0', '1'].includes(l.trntype)).map((l) => l.valor)).toEqual([-349, 7_440]);
    expect(cartao).toMatchObject({ tipo: 'cartao', banco: '', conta: '123412341234', moeda: 'USD', inicio: '2005-08-01', fim: '2005-08-31', saldo: { valor: -56_200 } });
    expect(cartao!.linhas.map((l) => [l.fitid, l.valor, l.name, l.trntype])).toEqual([
      ['219867', -2_300, 'Interest Charge', 'INT'],
      ['219868', 35_000, 'Payment - Thank You', 'CREDIT'],
    ]);
  });
});

describe('OFX: amounts and dates', () => {
  it('reads amounts to the centavo without floats', () => {
    const casos: [string, number][] = [
      ['74,40', 7_440], ['-2,48', -248], ['6000.000,00', 600_000_000], ['1.234.567,89', 123_456_789], ['1,234,567.89', 123_456_789],
      ['           -222,22', -22_222], ['9999.99   ', 999_999], ['- 3,34', -334], ['3,34-', -334], ['+10', 1_000], ['0.1', 10],
      ['.5', 50], ['-0,00', 0], ['1.000.000', 100_000_000], ['-3.345', -335], ['0.29', 29], ['1.15', 115],
    ];
    expect(casos.map(([b]) => centavosOfx(b))).toEqual(casos.map(([, c]) => c));
    for (const ruim of ['', 'abc', '1,2,3.4.5', '12a', '--1', '-1-', '1.23.4', '12345678901234,00']) expect(centavosOfx(ruim), ruim).toBeUndefined();
  });

  it('reads every date form as the day the bank wrote', () => {
    expect(['20140305', '20140305120000', '20050831165153.000[-3:BRT]', '20131209100000[-03:EST]', '20140203182251[0:GMT]', '20240229', '20181231235959[-3:GMT]'].map(dataOfx)).toEqual([
      '2014-03-05', '2014-03-05', '2005-08-31', '2013-12-09', '2014-02-03', '2024-02-29', '2018-12-31',
    ]);
    for (const ruim of ['2014035', '20230229', '20141301', '20140305250000', 'ontem', '20140305[BRT]']) expect(dataOfx(ruim), ruim).toBeUndefined();
  });
});

describe('OFX: OFX 2, repeats, errors', () => {
  it('reads an OFX 2 XML prolog over a body that is not well-formed', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>237</BANKID><BRANCHID>0001<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>XFER<DTPOSTED>20250102<TRNAMT>1.500,00</TRNAMT><FITID>A1<MEMO>PIX RECEBIDO &amp; CIA</STMTTRN></BANKTRANLIST></STMTRS></BANKMSGSRSV1></OFX>`;
    const [e] = lerOfx(texto(xml));
    expect(e).toMatchObject({ banco: '237', agencia: '0001', conta: '12345-6' });
    expect(e!.linhas).toEqual([expect.objectContaining({ fitid: 'A1', data: '2025-01-02', valor: 150_000, memo: 'PIX RECEBIDO & CIA', trntype: 'XFER' })]);
  });

  it('numbers repeats of the same key within a file and keeps two STMTRS apart', () => {
    const mesma = linha('<TRNTYPE>DEBIT<DTPOSTED>20250110<TRNAMT>-10,00<FITID>X');
    const [a] = lerOfx(texto(ofx(mesma + mesma + linha('<TRNTYPE>DEBIT<DTPOSTED>20250110<TRNAMT>-11,00<FITID>X'))));
    expect(a!.linhas.map((l) => l.ocorrencia)).toEqual([1, 2, 1]);
    expect(a!.linhas[0]!.chave).toBe(a!.linhas[1]!.chave);
    // BANKID 1 and 001 are the same account: same key in two exports.
    const [b] = lerOfx(texto(ofx(mesma, '<BANKID>1<ACCTID>1234-5')));
    expect(b!.linhas[0]!.chave).toBe(a!.linhas[0]!.chave);
    const [c] = lerOfx(texto(ofx(mesma, '<BANKID>1<ACCTID>9999-9')));
    expect(c!.linhas[0]!.chave).not.toBe(a!.linhas[0]!.chave);
  });

  it('refuses what is not an OFX statement, with a Portuguese message saying why and where', () => {
    expect(falha(new Uint8Array())).toMatchObject({ motivo: 'vazio', message: 'O arquivo está vazio' });
    expect(falha(texto(' \r\n\n'))).toMatchObject({ motivo: 'vazio' });
    expect(falha(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toMatchObject({ motivo: 'binario', message: expect.stringContaining('binário') });
    expect(falha(texto(ofx('').replace('<BANKID>', '<BANK\0ID>')))).toMatchObject({ motivo: 'binario' });
    expect(falha(texto('data;valor\n2025-01-01;10,00\n'))).toMatchObject({ motivo: 'naoOfx', message: expect.stringContaining('não é um extrato OFX') });
    expect(falha(texto(`${cabecalho}<HTML>`))).toMatchObject({ motivo: 'danificado' });
    expect(falha(texto(`${cabecalho}<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>`))).toMatchObject({ motivo: 'semExtrato' });
    // Cut in the middle of a tag.
    expect(falha(texto(ofx(linha('<DTPOSTED>20250110<TRNAMT>-1,00<FITID>X')).slice(0, 200) + '<TRN'))).toMatchObject({ motivo: 'danificado', linha: 7 });
    const semValor = falha(texto(ofx(linha('<DTPOSTED>20250110<FITID>1') + linha('<DTPOSTED>20250110<TRNAMT>dez reais<FITID>2'))));
    expect(semValor).toMatchObject({ motivo: 'campo', message: 'Lançamento 1: falta o valor (TRNAMT) (linha 7 do arquivo)' });
    const valorRuim = falha(texto(ofx(linha('<DTPOSTED>20250110<TRNAMT>dez reais<FITID>2'))));
    expect(valorRuim.message).toBe('Lançamento 1: o valor TRNAMT "dez reais" não é um número (linha 7 do arquivo)');
    const dataRuim = falha(texto(ofx(`\n${linha('<DTPOSTED>20250110<TRNAMT>1<FITID>1')}\n${linha('<DTPOSTED>20251301<TRNAMT>1<FITID>2')}`)));
    expect(dataRuim.message).toBe('Lançamento 2: a data DTPOSTED "20251301" não é uma data OFX (AAAAMMDD…) (linha 9 do arquivo)');
    expect(falha(texto(ofx(linha('<DTPOSTED>20250110<TRNAMT>1'))))).toMatchObject({ motivo: 'campo', message: expect.stringContaining('FITID') });
  });

  // Refused by their limits, not by how long they take: the file's size first, nesting at 32 levels, tags
  // at a million (timings belong in bench/, not here). The timeout only stops a pathological reading.
  it('refuses hostile input by its limits: 50 MB, deep nesting, an entity bomb, millions of tags', { timeout: 60_000 }, () => {
    const cinquenta = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    const fundo = texto(`${cabecalho}<OFX>${'<A>'.repeat(200_000)}</OFX>`);
    const plano = texto(`${cabecalho}<OFX>${'<X>1'.repeat(2_300_000)}</OFX>`);
    expect(falha(cinquenta)).toMatchObject({ motivo: 'grande', message: 'O arquivo tem 50,0 MB; um extrato OFX pode ter no máximo 10 MB' });
    expect(falha(fundo)).toMatchObject({ motivo: 'danificado', message: expect.stringContaining('aninhadas mais de 32 níveis') });
    const bomba = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>`;
    const [e] = lerOfx(texto(bomba + ofx(linha('<DTPOSTED>20250110<TRNAMT>1<FITID>1<MEMO>&lol3;')).slice(cabecalho.length)));
    expect(e!.linhas[0]!.memo).toBe('&lol3;');
    // A 9 MB file of 2.3 million bare tags stops at the millionth.
    expect(falha(plano)).toMatchObject({ motivo: 'danificado', message: expect.stringContaining('mais de 1.000.000 tags') });
  });
});
