import forge from 'node-forge';

/** A self-signed A1-like .pfx made in the test: e-CNPJ common name 'NOME:CNPJ', given validity. */
export function gerarPfx(opcoes: { cnpj: string; senha: string; validade?: Date; inicio?: Date; nome?: string }): Buffer {
  const chaves = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = chaves.publicKey;
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = opcoes.inicio ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = opcoes.validade ?? new Date(Date.now() + 365 * 86_400_000);
  const nome = [
    { name: 'commonName', value: forge.util.encodeUtf8(`${opcoes.nome ?? 'RESTAURANTE TESTE LTDA'}:${opcoes.cnpj}`) },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(chaves.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(chaves.privateKey, [cert], opcoes.senha, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
