import { NS_NFE } from '@retaguarda/domain';
import { assinarXml } from '../dfe/assinatura.ts';
import type { ChaveA1 } from '../dfe/pfx.ts';

/** The signed NFe: infNFe (canonical) and its enveloped signature, Reference URI "#NFe<chave>". */
export function assinarNfe(inf: { id: string; xml: string }, chave: Pick<ChaveA1, 'chavePem' | 'certBase64'>): string {
  return `<NFe xmlns="${NS_NFE}">${inf.xml}${assinarXml(inf.xml, inf.id, chave)}</NFe>`;
}
