import { formatCnpj, normalizeCnpj, partesChaveAcesso, type Venda } from '@retaguarda/domain';

/**
 * A note's access key carries its issuer: a store's NFC-e is issued under the store's CNPJ. A key of
 * another CNPJ is a terminal set up for another store (or a mistyped key) and would make the fiscal
 * summary list notes that are not this store's. A store without a CNPJ (a CPF issuer) is not checked.
 * Answers the fields in error, named as referenciasDasVendas names them (prefixed in a batch).
 */
export function conferirEmitente(cnpjDaLoja: string | null, vendas: readonly Venda[]): Record<string, string> {
  const cnpj = cnpjDaLoja ? normalizeCnpj(cnpjDaLoja) : '';
  if (cnpj.length !== 14) return {};
  const erros: Record<string, string> = {};
  vendas.forEach((v, i) => {
    if (!v.documentoFiscal) return;
    const { emitente } = partesChaveAcesso(v.documentoFiscal.chave);
    if (emitente === cnpj) return;
    // A CPF issuer fills the slot with three zeros and the CPF: said as it is, not as a CNPJ.
    const quem = emitente.startsWith('000') ? `do CPF ${emitente.slice(3)}` : `do CNPJ ${formatCnpj(emitente)}`;
    erros[`${vendas.length === 1 ? '' : `pedidos.${i}.`}documentoFiscal.chave`] = `A chave de acesso é ${quem}, não da loja (CNPJ ${formatCnpj(cnpj)}).`;
  });
  return erros;
}
