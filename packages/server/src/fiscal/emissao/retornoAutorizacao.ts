import { buscar, lerXml, NS_NFE, textoDe } from '@retaguarda/domain';

/**
 * SEFAZ's answer to NFeAutorizacao4 (retEnviNFe) or NFeRetAutorizacao4 (retConsReciNFe): the batch's
 * status (103 received, 104 processed, 105 in process), the receipt of an asynchronous batch, and the
 * note's own protNFe (cStat 100 authorised with nProt; anything else a rejection with its xMotivo).
 */
export interface RetAutorizacao {
  cStatLote: string;
  xMotivoLote: string;
  recibo: string | null;
  /** The protNFe as SEFAZ wrote it (kept inside the procNFe), or null while the batch is not processed. */
  protNFe: string | null;
  cStat: string | null;
  xMotivo: string | null;
  protocolo: string | null;
  recebidaEm: string | null;
}

export function lerRetAutorizacao(xml: string): RetAutorizacao {
  const raiz = lerXml(xml);
  const ret = buscar(raiz, 'retEnviNFe') ?? buscar(raiz, 'retConsReciNFe');
  if (!ret) throw new Error('a resposta da SEFAZ não contém retEnviNFe nem retConsReciNFe.');
  const prot = buscar(ret, 'infProt');
  const bruto = /<(?:\w+:)?protNFe[\s\S]*?<\/(?:\w+:)?protNFe>/.exec(xml)?.[0] ?? null;
  return {
    cStatLote: textoDe(ret, 'cStat') ?? '',
    xMotivoLote: textoDe(ret, 'xMotivo') ?? '',
    recibo: textoDe(buscar(ret, 'infRec'), 'nRec') ?? textoDe(ret, 'nRec'),
    // Inside nfeProc it inherits the NF-e namespace, as it did inside SEFAZ's answer.
    protNFe: bruto,
    cStat: textoDe(prot, 'cStat'),
    xMotivo: textoDe(prot, 'xMotivo'),
    protocolo: textoDe(prot, 'nProt'),
    recebidaEm: textoDe(prot, 'dhRecbto'),
  };
}

/** The envelope of one note, synchronous (indSinc 1) unless asked otherwise. */
export const enviNFe = (nfe: string, idLote: string, sincrono = true): string =>
  `<enviNFe xmlns="${NS_NFE}" versao="4.00"><idLote>${idLote}</idLote><indSinc>${sincrono ? 1 : 0}</indSinc>${nfe}</enviNFe>`;

export const consReciNFe = (tpAmb: '1' | '2', recibo: string): string => `<consReciNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><nRec>${recibo}</nRec></consReciNFe>`;

/** The authorised note as it is kept and given to the recipient: nfeProc = NFe + protNFe. */
export const procNFe = (nfe: string, protNFe: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NS_NFE}" versao="4.00">${nfe}${protNFe}</nfeProc>`;
