import { createHash, createVerify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import forge from 'node-forge';
import { ESPERA_DFE_MS, lerDocumentoDfe, nsu15 } from '@retaguarda/domain';

/**
 * A local SEFAZ (Ambiente Nacional) for the tests: HTTPS with its own CA made here, requiring a client
 * certificate of that CA (mutual TLS, like the real one), speaking SOAP 1.2 with the real envelopes of
 * NFeDistribuicaoDFe and NFeRecepcaoEvento4. It answers from documents the test puts in by NSU (gaps
 * allowed), 137 when nothing is new, and 656 when called again within the hour after 137 or
 * ultNSU = maxNSU, on the test's clock. A Ciência it accepts makes the note's procNFe the next NSU.
 * consChNFe answers the key's document (the full XML once published) and 656 past 20 an hour.
 * NFeAutorizacao4 (the issuing UF's authoriser) checks the note's signature and answers 100 with a
 * protocol, 204 for a key already authorised, 539 for a number authorised under another key, or what the
 * test sets in `autorizacao.proxima`; asynchronous batches (indSinc 0) are answered by NFeRetAutorizacao4.
 * `parar()` closes the port (SEFAZ unreachable) and `retomar()` opens it again on the same port.
 */
export interface SefazLocal {
  url: string;
  /** PEM file of the test CA (SEFAZ_CA). */
  caArquivo: string;
  /** A client .pfx issued by the test CA for the CNPJ. */
  emitirPfx(cnpj: string, senha: string): Buffer;
  /** Adds a document for the CNPJ at the NSU (default: the next one); `xml` is kept as docZip. */
  publicar(cnpj: string, schema: string, xml: string, nsu?: number): number;
  /** The procNFe to publish after an accepted Ciência, by key. */
  aposCiencia: Map<string, string>;
  chamadas: { servico: 'distribuicao' | 'evento' | 'autorizacao' | 'retAutorizacao'; corpo: string; cStat: string }[];
  /** The next authorisation's answer (then back to the rules), and whether batches are processed asynchronously. */
  autorizacao: { proxima: { cStat: string; xMotivo: string } | null; assincrono: boolean };
  /** Authorised notes: key → protocol. */
  autorizadas: Map<string, string>;
  parar(): Promise<void>;
  retomar(): Promise<void>;
  close(): Promise<void>;
}

const NS = 'http://www.portalfiscal.inf.br/nfe';

function certificado(chavePub: forge.pki.PublicKey, assunto: forge.pki.CertificateField[], emissor: { cert: forge.pki.Certificate | null; chave: forge.pki.rsa.PrivateKey }, extensoes: object[], serial: string) {
  const c = forge.pki.createCertificate();
  c.publicKey = chavePub;
  c.serialNumber = serial;
  c.validity.notBefore = new Date(Date.now() - 86_400_000);
  c.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  c.setSubject(assunto);
  c.setIssuer(emissor.cert ? emissor.cert.subject.attributes : assunto);
  c.setExtensions(extensoes);
  c.sign(emissor.chave, forge.md.sha256.create());
  return c;
}

const retDist = (cStat: string, xMotivo: string, ultNSU: string, maxNSU: string, docs: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeDistDFeInteresseResponse xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"><nfeDistDFeInteresseResult>` +
  `<retDistDFeInt xmlns="${NS}" versao="1.01"><tpAmb>1</tpAmb><verAplic>1.5.11</verAplic><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><dhResp>2026-11-28T10:00:00-03:00</dhResp><ultNSU>${ultNSU}</ultNSU><maxNSU>${maxNSU}</maxNSU>${docs ? `<loteDistDFeInt>${docs}</loteDistDFeInt>` : ''}</retDistDFeInt>` +
  `</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse></soap:Body></soap:Envelope>`;

const retEvento = (cStat: string, xMotivo: string, chave: string, tpEvento: string, nProt: string | null) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4">` +
  `<retEnvEvento xmlns="${NS}" versao="1.00"><idLote>1</idLote><tpAmb>1</tpAmb><verAplic>AN_1.0</verAplic><cOrgao>91</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>` +
  `<retEvento versao="1.00"><infEvento><tpAmb>1</tpAmb><verAplic>AN_1.0</verAplic><cOrgao>91</cOrgao><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${tpEvento}</tpEvento>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento></retEnvEvento>` +
  `</nfeResultMsg></soap:Body></soap:Envelope>`;

const tag = (xml: string, nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)?.[1] ?? '';

/** Checks the enveloped signature the way SEFAZ does: digest of the canonical infEvento, RSA-SHA1 over SignedInfo with the certificate in KeyInfo. */
function assinaturaConfere(corpo: string): boolean {
  const inf = /<infEvento[\s>][\s\S]*<\/infEvento>/.exec(corpo)?.[0];
  const signedInfo = /<SignedInfo[\s\S]*<\/SignedInfo>/.exec(corpo)?.[0];
  if (!inf || !signedInfo) return false;
  if (createHash('sha1').update(inf).digest('base64') !== tag(signedInfo, 'DigestValue')) return false;
  const cert = `-----BEGIN CERTIFICATE-----\n${tag(corpo, 'X509Certificate')}\n-----END CERTIFICATE-----\n`;
  return createVerify('RSA-SHA1').update(signedInfo).verify(cert, tag(corpo, 'SignatureValue'), 'base64');
}

/** The same check for an NF-e: digest of the canonical infNFe. */
function assinaturaNfeConfere(nfe: string): boolean {
  const inf = /<infNFe[\s>][\s\S]*<\/infNFe>/.exec(nfe)?.[0];
  const signedInfo = /<SignedInfo[\s\S]*<\/SignedInfo>/.exec(nfe)?.[0];
  if (!inf || !signedInfo) return false;
  if (createHash('sha1').update(inf).digest('base64') !== tag(signedInfo, 'DigestValue')) return false;
  const cert = `-----BEGIN CERTIFICATE-----\n${tag(nfe, 'X509Certificate')}\n-----END CERTIFICATE-----\n`;
  return createVerify('RSA-SHA1').update(signedInfo).verify(cert, tag(nfe, 'SignatureValue'), 'base64');
}

const envelopeNfe = (servico: 'NFeAutorizacao4' | 'NFeRetAutorizacao4', corpo: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${corpo}</nfeResultMsg></soap:Body></soap:Envelope>`;

export async function iniciarSefazLocal(opcoes: { pasta: string; agora: () => Date }): Promise<SefazLocal> {
  const chavesCa = forge.pki.rsa.generateKeyPair(1024);
  const ca = certificado(chavesCa.publicKey, [{ name: 'commonName', value: 'AC Teste SEFAZ Local' }], { cert: null, chave: chavesCa.privateKey }, [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }], '01');
  const caPem = forge.pki.certificateToPem(ca);
  const chavesServidor = forge.pki.rsa.generateKeyPair(1024);
  const servidor = certificado(chavesServidor.publicKey, [{ name: 'commonName', value: 'localhost' }], { cert: ca, chave: chavesCa.privateKey }, [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }], '02');
  const caArquivo = `${opcoes.pasta}/sefaz-ca.pem`;
  writeFileSync(caArquivo, caPem);

  const documentos = new Map<string, { nsu: number; schema: string; xml: string }[]>();
  const bloqueioAte = new Map<string, number>();
  const consultasChave = new Map<string, number[]>();
  const aposCiencia = new Map<string, string>();
  const chamadas: SefazLocal['chamadas'] = [];
  let serial = 3;
  const autorizacaoCfg: SefazLocal['autorizacao'] = { proxima: null, assincrono: false };
  const autorizadas = new Map<string, string>();
  const numerosAutorizados = new Map<string, string>();
  const lotes = new Map<string, string>();
  let protocolos = 1;

  const publicar = (cnpj: string, schema: string, xml: string, nsu?: number) => {
    const lista = documentos.get(cnpj) ?? [];
    const n = nsu ?? (lista.at(-1)?.nsu ?? 0) + 1;
    lista.push({ nsu: n, schema, xml });
    lista.sort((a, b) => a.nsu - b.nsu);
    documentos.set(cnpj, lista);
    return n;
  };

  function distribuicao(corpo: string): string {
    const cnpj = tag(corpo, 'CNPJ');
    const agora = opcoes.agora().getTime();
    const lista = documentos.get(cnpj) ?? [];
    const max = lista.at(-1)?.nsu ?? 0;
    const chNFe = tag(corpo, 'chNFe');
    if (chNFe) {
      // consChNFe: its own limit (20 an hour per CNPJ), apart from distNSU's hour after 137; the key's current document (the full XML once there), whatever its NSU.
      const hora = (consultasChave.get(cnpj) ?? []).filter((t) => t > agora - ESPERA_DFE_MS);
      hora.push(agora);
      consultasChave.set(cnpj, hora);
      if (hora.length > 20) {
        return retDist('656', 'Rejeicao: Consumo Indevido (Ultrapassado o limite de 20 consultas por chave em uma hora)', nsu15(max), nsu15(max), '');
      }
      const daChave = lista.filter((d) => { const l = lerDocumentoDfe(d.xml); return l.tipo !== 'evento' && 'chave' in l && l.chave === chNFe; });
      const doc = daChave.find((d) => d.schema.startsWith('procNFe')) ?? daChave[0];
      if (!doc) return retDist('137', 'Nenhum documento localizado', nsu15(max), nsu15(max), '');
      return retDist('138', 'Documento localizado', nsu15(max), nsu15(max), `<docZip NSU="${nsu15(doc.nsu)}" schema="${doc.schema}">${gzipSync(Buffer.from(doc.xml, 'utf8')).toString('base64')}</docZip>`);
    }
    if ((bloqueioAte.get(cnpj) ?? 0) > agora) {
      bloqueioAte.set(cnpj, agora + ESPERA_DFE_MS);
      return retDist('656', 'Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes. Tente apos 1 hora)', nsu15(max), nsu15(max), '');
    }
    const ult = Number(tag(corpo, 'ultNSU') || '0');
    const novos = lista.filter((d) => d.nsu > ult).slice(0, 50);
    if (!novos.length) {
      bloqueioAte.set(cnpj, agora + ESPERA_DFE_MS);
      return retDist('137', 'Nenhum documento localizado', nsu15(Math.max(ult, max)), nsu15(max), '');
    }
    const ultimo = novos.at(-1)!.nsu;
    if (ultimo >= max) bloqueioAte.set(cnpj, agora + ESPERA_DFE_MS);
    const docs = novos.map((d) => `<docZip NSU="${nsu15(d.nsu)}" schema="${d.schema}">${gzipSync(Buffer.from(d.xml, 'utf8')).toString('base64')}</docZip>`).join('');
    return retDist('138', 'Documento(s) localizado(s)', nsu15(ultimo), nsu15(max), docs);
  }

  function evento(corpo: string): string {
    const chave = tag(corpo, 'chNFe');
    const tpEvento = tag(corpo, 'tpEvento');
    if (!assinaturaConfere(corpo)) return retEvento('297', 'Rejeicao: Assinatura difere do calculado', chave, tpEvento, null);
    if (tpEvento === '210240' && tag(corpo, 'xJust').length < 15) return retEvento('215', 'Rejeicao: Falha no schema XML', chave, tpEvento, null);
    const cnpj = tag(corpo, 'CNPJ');
    const proc = aposCiencia.get(chave);
    if (tpEvento === '210210' && proc) {
      publicar(cnpj, 'procNFe_v4.00.xsd', proc);
      aposCiencia.delete(chave);
      bloqueioAte.delete(cnpj);
    }
    return retEvento('135', 'Evento registrado e vinculado a NF-e', chave, tpEvento, `9912600000${String(serial++).padStart(5, '0')}`);
  }

  function protocolar(nfe: string): string {
    const chave = /Id="NFe([0-9A-Z]{44})"/.exec(nfe)?.[1] ?? '';
    const tpAmb = tag(nfe, 'tpAmb');
    const numero = `${/<emit><CNPJ>([^<]*)/.exec(nfe)?.[1]}:${tag(nfe, 'serie')}:${tag(nfe, 'nNF')}`;
    const digest = tag(nfe, 'DigestValue');
    let cStat: string;
    let xMotivo: string;
    let nProt: string | null = null;
    if (!assinaturaNfeConfere(nfe)) [cStat, xMotivo] = ['297', 'Rejeicao: Assinatura difere do calculado'];
    else if (autorizacaoCfg.proxima) {
      ({ cStat, xMotivo } = autorizacaoCfg.proxima);
      autorizacaoCfg.proxima = null;
    } else if (autorizadas.has(chave)) [cStat, xMotivo] = ['204', `Rejeicao: Duplicidade de NF-e [nProt:${autorizadas.get(chave)}]`];
    else if (numerosAutorizados.has(numero)) [cStat, xMotivo] = ['539', `Rejeicao: Duplicidade de NF-e com diferenca na Chave de Acesso [chNFe:${numerosAutorizados.get(numero)}]`];
    else [cStat, xMotivo] = ['100', 'Autorizado o uso da NF-e'];
    if (cStat === '100') {
      nProt = `1352600${String(protocolos++).padStart(8, '0')}`;
      autorizadas.set(chave, nProt);
      numerosAutorizados.set(numero, chave);
    }
    return `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe><dhRecbto>${dhAgora()}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}<digVal>${digest}</digVal><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>`;
  }
  const dhAgora = () => `${new Date(opcoes.agora().getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

  function autorizacao(corpo: string): string {
    const nfe = /<NFe[\s>][\s\S]*<\/NFe>/.exec(corpo)?.[0] ?? '';
    const tpAmb = tag(nfe, 'tpAmb') || '1';
    const cabecalho = `<tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>`;
    if (tag(corpo, 'indSinc') === '0' || autorizacaoCfg.assincrono) {
      const recibo = `35${String(Date.now()).slice(-13)}`;
      lotes.set(recibo, protocolar(nfe));
      return envelopeNfe('NFeAutorizacao4', `<retEnviNFe xmlns="${NS}" versao="4.00">${cabecalho}<cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><cUF>35</cUF><dhRecbto>${dhAgora()}</dhRecbto><infRec><nRec>${recibo}</nRec><tMed>1</tMed></infRec></retEnviNFe>`);
    }
    return envelopeNfe('NFeAutorizacao4', `<retEnviNFe xmlns="${NS}" versao="4.00">${cabecalho}<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>${dhAgora()}</dhRecbto>${protocolar(nfe)}</retEnviNFe>`);
  }

  function retAutorizacao(corpo: string): string {
    const recibo = tag(corpo, 'nRec');
    const prot = lotes.get(recibo);
    const cabecalho = `<tpAmb>${tag(corpo, 'tpAmb')}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><nRec>${recibo}</nRec>`;
    if (!prot) return envelopeNfe('NFeRetAutorizacao4', `<retConsReciNFe xmlns="${NS}" versao="4.00">${cabecalho}<cStat>106</cStat><xMotivo>Lote nao localizado</xMotivo><cUF>35</cUF></retConsReciNFe>`);
    return envelopeNfe('NFeRetAutorizacao4', `<retConsReciNFe xmlns="${NS}" versao="4.00">${cabecalho}<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>${dhAgora()}</dhRecbto>${prot}</retConsReciNFe>`);
  }

  const https_ = https.createServer(
    { key: forge.pki.privateKeyToPem(chavesServidor.privateKey), cert: forge.pki.certificateToPem(servidor), ca: caPem, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => {
        const corpo = Buffer.concat(partes).toString('utf8');
        const url = req.url?.toLowerCase() ?? '';
        const servico = url.includes('distribuicao') ? 'distribuicao' : url.includes('retautorizacao') ? 'retAutorizacao' : url.includes('autorizacao') ? 'autorizacao' : 'evento';
        const resposta = { distribuicao, evento, autorizacao, retAutorizacao }[servico](corpo);
        chamadas.push({ servico, corpo, cStat: [...resposta.matchAll(/<cStat>(\d+)<\/cStat>/g)].at(-1)?.[1] ?? '' });
        res.writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' }).end(resposta);
      });
    },
  );
  await new Promise<void>((resolve) => https_.listen(0, '127.0.0.1', resolve));
  const porta = (https_.address() as AddressInfo).port;

  return {
    url: `https://localhost:${porta}`,
    caArquivo,
    emitirPfx(cnpj, senha) {
      const chaves = forge.pki.rsa.generateKeyPair(1024);
      const cert = certificado(chaves.publicKey, [{ name: 'commonName', value: `RESTAURANTE TESTE LTDA:${cnpj}` }, { name: 'countryName', value: 'BR' }], { cert: ca, chave: chavesCa.privateKey }, [{ name: 'extKeyUsage', clientAuth: true }], String(serial++).padStart(2, '0'));
      const p12 = forge.pkcs12.toPkcs12Asn1(chaves.privateKey, [cert, ca], senha, { algorithm: '3des' });
      return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
    },
    publicar,
    aposCiencia,
    chamadas,
    autorizacao: autorizacaoCfg,
    autorizadas,
    parar: () => new Promise<void>((resolve) => {
      https_.close(() => resolve());
      https_.closeAllConnections();
    }),
    retomar: () => new Promise<void>((resolve) => https_.listen(porta, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => (https_.listening ? https_.close(() => resolve()) : resolve())),
  };
}

/** The resNFe SEFAZ makes of a full note (DOMAIN.md §2 fields), as the summary docZip carries it. */
export function resumoDe(procNFe: string): string {
  const d = lerDocumentoDfe(procNFe);
  if (d.tipo !== 'procNFe') throw new Error('amostra sem procNFe');
  const reais = (d.valor / 100).toFixed(2);
  return `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${d.chave}</chNFe><CNPJ>${d.emitenteDocumento}</CNPJ><xNome>${d.emitenteNome}</xNome><IE>123456789</IE><dhEmi>${d.emissao}</dhEmi><tpNF>1</tpNF><vNF>${reais}</vNF><digVal>abc=</digVal><dhRecbto>${d.emissao}</dhRecbto><nProt>${d.protocolo}</nProt><cSitNFe>1</cSitNFe></resNFe>`;
}
