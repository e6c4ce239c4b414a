import forge from 'node-forge';
import { abrirCertificadoA1 } from '../../registration/certificadoA1.ts';

/** An opened A1: the private key and holder certificate as PEM (TLS), the certificate's DER in base64 (XML-DSig KeyInfo). */
export interface ChaveA1 {
  chavePem: string;
  certPem: string;
  certBase64: string;
}

/** Opens an A1 .pfx (the file was checked on upload) through abrirCertificadoA1, as the TLS and the signature take it. */
export function abrirPfx(pfx: Buffer, senha: string): ChaveA1 {
  const { chave, cert } = abrirCertificadoA1(pfx, senha);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return { chavePem: forge.pki.privateKeyToPem(chave), certPem: forge.pki.certificateToPem(cert), certBase64: forge.util.encode64(der) };
}
