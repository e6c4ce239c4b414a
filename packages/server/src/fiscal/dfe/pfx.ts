import forge from 'node-forge';

/** An opened A1: the private key and holder certificate as PEM (TLS), the certificate's DER in base64 (XML-DSig KeyInfo). */
export interface ChaveA1 {
  chavePem: string;
  certPem: string;
  certBase64: string;
}

/** Opens an A1 .pfx (the file was checked on upload). */
export function abrirPfx(pfx: Buffer, senha: string): ChaveA1 {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary'))), false, senha);
  const oids = forge.pki.oids as Record<string, string>;
  const bolsas = (tipo: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: oids[tipo]! })[oids[tipo]!] ?? [];
  const chave = [...bolsas('pkcs8ShroudedKeyBag'), ...bolsas('keyBag')].find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = bolsas('certBag').map((b) => b.cert).filter((c): c is forge.pki.Certificate => Boolean(c));
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(chave?.n ?? forge.jsbn.BigInteger.ZERO));
  if (!chave || !cert) throw new Error('O certificado guardado não tem a chave privada e o certificado correspondente.');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return { chavePem: forge.pki.privateKeyToPem(chave), certPem: forge.pki.certificateToPem(cert), certBase64: forge.util.encode64(der) };
}
