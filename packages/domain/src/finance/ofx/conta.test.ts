import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extratosDaConta, lerOfx } from './index.ts';

const ler = (nome: string) => lerOfx(readFileSync(fileURLToPath(new URL(`../../../../../fixtures/ofx/${nome}`, import.meta.url))));
const texto = (s: string) => new TextEncoder().encode(s);
const stmt = (banco: string, conta: string, fitid: string) =>
  `<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>${banco}<ACCTID>${conta}</BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20250102<TRNAMT>1,00<FITID>${fitid}</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>`;

describe('the statements of a file that belong to an account', () => {
  it('keeps the bank statement in reais and leaves the card section (USD) out', () => {
    const r = extratosDaConta(ler('gerencianet_364_mixed_closing_tags_comma_decimal.ofx'), { nome: 'Efí', banco: '364', numeroConta: null });
    expect('extratos' in r && r.extratos.map((e) => [e.tipo, e.linhas.length])).toEqual([['banco', 18]]);
  });

  it('matches BANKID 1 with the COMPE code 001, and refuses another bank naming both', () => {
    const bb = ler('bb_closing_tags_cp1252.ofx');
    expect('extratos' in extratosDaConta(bb, { nome: 'BB', banco: '001', numeroConta: null })).toBe(true);
    expect(extratosDaConta(bb, { nome: 'Itaú', banco: '341', numeroConta: null })).toEqual({ erro: 'o extrato é do banco 001 (conta 99999-9), e a conta "Itaú" é do banco 341.' });
    // An account without a bank (a wallet) takes any bank statement.
    expect('extratos' in extratosDaConta(bb, { nome: 'Carteira', banco: null, numeroConta: null })).toBe(true);
  });

  it('picks, of two accounts in one file, the one whose ACCTID ends with the account number', () => {
    const dois = lerOfx(texto(`<OFX><BANKMSGSRSV1>${stmt('237', '0001 11111-1', 'A')}${stmt('237', '0001 22222-2', 'B')}</BANKMSGSRSV1></OFX>`));
    const r = extratosDaConta(dois, { nome: 'Bradesco', banco: '237', numeroConta: '22222-2' });
    expect('extratos' in r && r.extratos.map((e) => e.linhas[0]!.fitid)).toEqual(['B']);
    const semNumero = extratosDaConta(dois, { nome: 'Bradesco', banco: '237', numeroConta: null });
    expect('extratos' in semNumero && semNumero.extratos).toHaveLength(2);
  });

  it('refuses a file with only a card statement', () => {
    const cartao = lerOfx(texto('<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>BRL<CCACCTFROM><ACCTID>4111</CCACCTFROM><BANKTRANLIST></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>'));
    expect(extratosDaConta(cartao, { nome: 'X', banco: null, numeroConta: null })).toEqual({ erro: expect.stringContaining('só tem extrato de cartão de crédito') });
  });
});
