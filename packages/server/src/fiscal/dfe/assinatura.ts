import { createHash, createSign } from 'node:crypto';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/**
 * XML-DSig enveloped signature as SEFAZ requires (RSA-SHA1, SHA-1 digest, C14N, the certificate in
 * KeyInfo). `canonico` must already be the canonical form of the referenced element (the domain builds
 * infEvento that way), so its digest is computed on exactly these bytes.
 */
export function assinarXml(canonico: string, id: string, chave: { chavePem: string; certBase64: string }): string {
  const digest = createHash('sha1').update(canonico, 'utf8').digest('base64');
  const signedInfo =
    `<SignedInfo xmlns="${DSIG}"><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod><SignatureMethod Algorithm="${DSIG}rsa-sha1"></SignatureMethod>` +
    `<Reference URI="#${id}"><Transforms><Transform Algorithm="${DSIG}enveloped-signature"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${DSIG}sha1"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const valor = createSign('RSA-SHA1').update(signedInfo, 'utf8').sign(chave.chavePem, 'base64');
  return `<Signature xmlns="${DSIG}">${signedInfo}<SignatureValue>${valor}</SignatureValue><KeyInfo><X509Data><X509Certificate>${chave.certBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
}
