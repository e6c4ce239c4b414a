/** A statement line to write: the day 'AAAA-MM-DD' and signed centavos. */
export interface LinhaOfxNova {
  fitid: string;
  data: string;
  valor: number;
  memo: string;
}

const dia = (data: string) => data.replaceAll('-', '');
/** Signed centavos as an OFX amount, by integer arithmetic: -350 → '-3.50'. */
const valorOfx = (centavos: number) => `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;

/**
 * An OFX 1 (SGML) bank statement of these lines in reais, leaf tags unclosed as Brazilian banks write
 * them, with the ledger balance when given: the file the demonstration imports and the tests and the
 * bench build theirs with.
 */
export function escreverOfx(conta: { banco: string; agencia?: string; numero: string }, linhas: readonly LinhaOfxNova[], saldo?: { valor: number; data: string }): string {
  const agencia = conta.agencia ? `<BRANCHID>${conta.agencia}` : '';
  return (
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n' +
    `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>${conta.banco}${agencia}<ACCTID>${conta.numero}</BANKACCTFROM><BANKTRANLIST>\n` +
    linhas.map((l) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${dia(l.data)}<TRNAMT>${valorOfx(l.valor)}<FITID>${l.fitid}<MEMO>${l.memo}</STMTTRN>`).join('\n') +
    '\n</BANKTRANLIST>' +
    (saldo ? `<LEDGERBAL><BALAMT>${valorOfx(saldo.valor)}<DTASOF>${dia(saldo.data)}</LEDGERBAL>` : '') +
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>'
  );
}
