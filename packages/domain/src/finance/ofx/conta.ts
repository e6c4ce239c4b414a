import type { ExtratoOfx } from './extrato.ts';

/** What of a financeiroConta identifies it in a bank's file. */
export interface ContaDoExtrato {
  nome: string;
  /** COMPE code as registered ('001'), or null. */
  banco: string | null;
  numeroConta: string | null;
}

const digitos = (s: string) => s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/**
 * The statements of a file that belong to the account: bank statements in reais (card sections and
 * other currencies are not an account's money), of the account's bank when it has one ('1' = '001'),
 * and, when a file holds several, the one whose ACCTID ends with the account's number. Either the
 * statements, or why none fits, in Portuguese.
 */
export function extratosDaConta(extratos: ExtratoOfx[], conta: ContaDoExtrato): { extratos: ExtratoOfx[] } | { erro: string } {
  const emReais = extratos.filter((e) => e.tipo === 'banco' && (e.moeda === '' || e.moeda === 'BRL'));
  if (emReais.length === 0) return { erro: 'o arquivo só tem extrato de cartão de crédito ou em outra moeda; importe o extrato de uma conta em reais.' };
  const banco = conta.banco ? digitos(conta.banco) : '';
  const doBanco = banco ? emReais.filter((e) => e.banco === '' || e.banco === banco) : emReais;
  if (doBanco.length === 0) {
    const e = emReais[0]!;
    return { erro: `o extrato é do banco ${e.banco.padStart(3, '0')} (conta ${e.conta}), e a conta "${conta.nome}" é do banco ${conta.banco}.` };
  }
  const numero = conta.numeroConta ? digitos(conta.numeroConta) : '';
  const daConta = numero && doBanco.length > 1 ? doBanco.filter((e) => digitos(e.conta).endsWith(numero)) : [];
  return { extratos: daConta.length ? daConta : doBanco };
}
