import { normalizeCnpj } from '@retaguarda/domain';
import forge from 'node-forge';

/** What is kept visible of an A1 certificate. */
export interface CertificadoLido {
  subject: string;
  cnpj: string | null;
  validade: Date;
  inicio: Date;
}

/** A .pfx that cannot be used; `campo` says which input is wrong (the file or its password). */
export class CertificadoInvalido extends Error {
  constructor(
    readonly campo: 'arquivo' | 'senha',
    message: string,
  ) {
    super(message);
  }
}

/** forge keeps X.509 strings as raw bytes; ICP-Brasil names are UTF-8. */
function utf8(valor: string): string {
  try {
    return forge.util.decodeUtf8(valor);
  } catch {
    return valor;
  }
}

/** OID of the CNPJ in the subject alternative name of an ICP-Brasil e-CNPJ. */
const OID_CNPJ = '2.16.76.1.3.3';

/** The CNPJ of an e-CNPJ: the otherName 2.16.76.1.3.3 of the SAN, else the 'NOME:CNPJ' common name. */
function cnpjDoCertificado(cert: forge.pki.Certificate, cn: string): string | null {
  const san = cert.getExtension('subjectAltName') as { value?: string } | undefined;
  if (san?.value) {
    try {
      const nomes = forge.asn1.fromDer(san.value).value as forge.asn1.Asn1[];
      for (const nome of nomes) {
        // otherName [0] { type-id OID, [0] EXPLICIT value }
        const partes = nome.value as forge.asn1.Asn1[];
        if (nome.type !== 0 || !Array.isArray(partes) || partes.length < 2) continue;
        if (forge.asn1.derToOid(partes[0]!.value as string) !== OID_CNPJ) continue;
        const valor = (partes[1]!.value as forge.asn1.Asn1[])[0]?.value;
        if (typeof valor === 'string' && /^[0-9A-Z]{12}\d{2}$/.test(normalizeCnpj(valor))) return normalizeCnpj(valor);
      }
    } catch {
      // A SAN forge cannot read: fall back to the common name.
    }
  }
  const m = /:([0-9A-Za-z./-]{14,18})$/.exec(cn);
  const cnpj = m ? normalizeCnpj(m[1]!) : '';
  return /^[0-9A-Z]{12}\d{2}$/.test(cnpj) ? cnpj : null;
}

/**
 * Opens a PKCS#12 (.pfx/.p12) with its password: its private key and the holder's certificate (the one
 * whose public key matches the key). Throws CertificadoInvalido naming the input.
 */
export function abrirCertificadoA1(pfx: Buffer, senha: string): { chave: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  } catch {
    throw new CertificadoInvalido('arquivo', 'O arquivo não é um certificado .pfx (PKCS#12).');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch (error) {
    const texto = error instanceof Error ? error.message : String(error);
    if (/MAC could not be verified|Invalid password|decrypt/i.test(texto)) throw new CertificadoInvalido('senha', 'Senha incorreta para este certificado.');
    throw new CertificadoInvalido('arquivo', 'O arquivo não é um certificado .pfx (PKCS#12) válido.');
  }
  const oids = forge.pki.oids as Record<string, string>;
  const bolsas = (tipo: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: oids[tipo]! })[oids[tipo]!] ?? [];
  const chaves = [...bolsas('pkcs8ShroudedKeyBag'), ...bolsas('keyBag')];
  const chave = chaves.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!chave) throw new CertificadoInvalido('arquivo', 'O arquivo não contém a chave privada do certificado.');
  const certs = bolsas('certBag').map((b) => b.cert).filter((c): c is forge.pki.Certificate => Boolean(c));
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(chave.n) && pub.e?.equals(chave.e);
  });
  if (!cert) throw new CertificadoInvalido('arquivo', 'O arquivo não contém o certificado da chave privada.');
  return { chave, cert };
}

/** Reads the holder's certificate of a .pfx (abrirCertificadoA1): what is kept visible of it. */
export function lerCertificadoA1(pfx: Buffer, senha: string): CertificadoLido {
  const { cert } = abrirCertificadoA1(pfx, senha);
  const cn = utf8(String(cert.subject.getField('CN')?.value ?? ''));
  return { subject: cn || utf8(cert.subject.attributes.map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${a.value}`).join(', ')), cnpj: cnpjDoCertificado(cert, cn), validade: cert.validity.notAfter, inicio: cert.validity.notBefore };
}
