import { createHash, createVerify } from 'node:crypto';
import { conferirChaveAcesso, naturezasOperacaoPadrao as naturezasOperacao, type TipoNotaEmitida } from '@retaguarda/domain';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { avisosDoEsquema } from '../src/fiscal/esquemaNfe.ts';
import { assinarNfe } from '../src/fiscal/emissao/assinar.ts';
import { calcularImpostos, totalizar, type ConfigImpostoItem } from '../src/fiscal/emissao/impostos.ts';
import { cfopDaOperacao, dec2, montarInfNFe, type DadosNfe } from '../src/fiscal/emissao/xmlNfe.ts';

let chave: { chavePem: string; certBase64: string; certPem: string };

beforeAll(() => {
  const par = forge.pki.rsa.generateKeyPair(1024);
  const cert = forge.pki.createCertificate();
  cert.publicKey = par.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'RESTAURANTE TESTE LTDA:11222333000181' }]);
  cert.setIssuer(cert.subject.attributes);
  cert.sign(par.privateKey, forge.md.sha256.create());
  chave = {
    chavePem: forge.pki.privateKeyToPem(par.privateKey),
    certPem: forge.pki.certificateToPem(cert),
    certBase64: forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes()),
  };
});

const endereco = (uf: string, cMun: string, xMun: string) => ({ logradouro: 'Rua das Flores', numero: '100', bairro: 'Centro', codigoMunicipio: cMun, municipio: xMun, uf, cep: '01001000' });
const federal = { cstPis: '01', aliquotaPis: '1.6500', cstCofins: '01', aliquotaCofins: '7.6000' };
const ibsCbs = { cst: '000', cClassTrib: '000001', aliquotaIbsUf: '0.1000', aliquotaIbsMun: '0.0000', aliquotaCbs: '0.9000' };

function nota(tipo: TipoNotaEmitida, configs: ConfigImpostoItem[], crt = '3', ufDest = 'SP'): DadosNfe {
  const valores = [12345, 9990, 100];
  const itens = configs.map((c, i) => {
    const valor = valores[i % valores.length]!;
    return {
      codigo: `P${i + 1}`,
      gtin: i === 0 ? '7891000315507' : null,
      descricao: `Produto ${i + 1} & cia`,
      ncm: '19059090',
      cfop: cfopDaOperacao(tipo, ufDest === 'SP'),
      unidade: 'KG',
      quantidade: '2.5',
      valorUnitario: String(valor / 250),
      valor,
      impostos: calcularImpostos(valor, c, crt),
    };
  });
  return {
    tipo,
    naturezaOperacao: naturezasOperacao[tipo],
    serie: 1,
    numero: 42,
    codigo: 12345678,
    emissao: '2026-11-28T10:00:00-03:00',
    tpAmb: '2',
    emitente: { documento: '11222333000181', nome: 'Restaurante Teste Ltda', fantasia: 'Cantina', ie: '110042490114', crt, endereco: endereco('SP', '3550308', 'São Paulo') },
    destinatario: { documento: '11444777000161', nome: 'Filial Centro', ie: '110042490114', endereco: endereco(ufDest, ufDest === 'SP' ? '3550308' : '3304557', ufDest === 'SP' ? 'São Paulo' : 'Rio de Janeiro') },
    itens,
    totais: totalizar(itens),
    referencia: tipo === 'devolucao' ? '35260111222333000181550010000001231000001234'.slice(0, 43) + '0' : null,
    informacoesComplementares: 'Transferência de insumos para a filial.',
  };
}

function assinada(d: DadosNfe) {
  const inf = montarInfNFe(d);
  return { inf, xml: assinarNfe(inf, chave) };
}

describe('NF-e issuing: the XML against PL_010 and its signature', () => {
  it('a transfer (CST 00 with IPI, PIS/COFINS and IBS/CBS) validates with zero errors; CFOP 5152; pag 90', () => {
    const d = nota('transferencia', [{ icms: { uf: 'SP', cfop: '5152', cst: '00', csosn: null, aliquota: '18.0000' }, ipi: { cst: '50', enquadramento: '999', aliquota: '5.0000' }, ibsCbs, federal }]);
    const { inf, xml } = assinada(d);
    expect(avisosDoEsquema(Buffer.from(xml))).toEqual([]);
    // The same check does see a broken note: no CFOP.
    expect(avisosDoEsquema(Buffer.from(xml.replace('<CFOP>5152</CFOP>', ''))).join()).toContain('CFOP');
    expect(conferirChaveAcesso(inf.chave, { modelo: '55', serie: 1, numero: 42 })).toBeNull();
    expect(xml).toContain('<CFOP>5152</CFOP>');
    expect(xml).toContain('<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>');
  });

  it('a return to a supplier in another state (ICMS 10 with ST, 20, 40) validates; CFOP 6202, finNFe 4 and the referenced key', () => {
    const d = nota('devolucao', [
      { icms: { uf: 'RJ', cfop: '6202', cst: '10', csosn: null, aliquota: '12.0000', modBcSt: '4', mva: '35.0000', aliquotaSt: '18.0000' }, ibsCbs, federal },
      { icms: { uf: 'RJ', cfop: '6202', cst: '20', csosn: null, aliquota: '12.0000', reducaoBase: '33.3300' }, ibsCbs, federal },
      { icms: { uf: 'RJ', cfop: '6202', cst: '40', csosn: null }, ibsCbs: { ...ibsCbs, cst: '410', cClassTrib: '410001' }, federal: { cstPis: '07', cstCofins: '07' } },
    ], '3', 'RJ');
    const { xml } = assinada(d);
    expect(avisosDoEsquema(Buffer.from(xml))).toEqual([]);
    expect(xml).toContain('<CFOP>6202</CFOP>');
    expect(xml).toContain('<finNFe>4</finNFe>');
    expect(xml).toContain('<idDest>2</idDest>');
  });

  it('a sale by a Simples Nacional company (CSOSN 101, 102, 201) validates; no IBS/CBS in 2026; CFOP 5102', () => {
    const d = nota('venda', [
      { icms: { uf: 'SP', cfop: '5102', cst: null, csosn: '101', aliquota: '2.5600' }, ibsCbs, federal: { cstPis: '99', cstCofins: '99' } },
      { icms: { uf: 'SP', cfop: '5102', cst: null, csosn: '102' }, ibsCbs, federal: { cstPis: '49', cstCofins: '49' } },
      { icms: { uf: 'SP', cfop: '5102', cst: null, csosn: '201', aliquota: '18.0000', modBcSt: '4', mva: '40.0000', aliquotaSt: '18.0000' }, federal: { cstPis: '49', cstCofins: '49' } },
    ], '1');
    const { xml } = assinada(d);
    expect(avisosDoEsquema(Buffer.from(xml))).toEqual([]);
    expect(xml).not.toContain('<IBSCBS>');
    expect(xml).toContain('<CFOP>5102</CFOP>');
  });

  it('the totals are the sums of the items to the centavo, and vNF = vProd + vST + vIPI', () => {
    const cfg: ConfigImpostoItem = { icms: { uf: 'SP', cfop: '5152', cst: '10', csosn: null, aliquota: '18.0000', mva: '35.0000', aliquotaSt: '18.0000' }, ipi: { cst: '50', aliquota: '3.2500' }, ibsCbs, federal };
    const d = nota('transferencia', [cfg, cfg, cfg]);
    const soma = (f: (i: DadosNfe['itens'][number]) => number) => d.itens.reduce((s, i) => s + f(i), 0);
    expect(d.totais.vICMS).toBe(soma((i) => i.impostos.icms.vICMS));
    expect(d.totais.vST).toBe(soma((i) => i.impostos.icms.st!.vICMSST));
    expect(d.totais.vCBS).toBe(soma((i) => i.impostos.ibsCbs!.vCBS));
    expect(d.totais.vNF).toBe(d.totais.vProd + d.totais.vST + d.totais.vIPI);
    // Item 1: 123,45 × 18 % = 22,22 (22,221 rounded); IPI 3,25 % = 4,01; ST base (123,45 + 4,01) × 1,35 = 172,07; ST 30,97 − 22,22 = 8,75.
    const i1 = d.itens[0]!.impostos;
    expect([i1.icms.vICMS, i1.ipi!.vIPI, i1.icms.st!.vBCST, i1.icms.st!.vICMSST]).toEqual([2222, 401, 17207, 875]);
    const { xml } = assinada(d);
    expect(xml).toContain(`<vNF>${dec2(d.totais.vNF)}</vNF>`);
    expect(avisosDoEsquema(Buffer.from(xml))).toEqual([]);
  });

  it('the signature verifies with the certificate in KeyInfo: SHA-1 digest of infNFe, RSA-SHA1 over SignedInfo, URI #NFe<chave>', () => {
    const { inf, xml } = assinada(nota('transferencia', [{ icms: { uf: 'SP', cfop: '5152', cst: '00', csosn: null, aliquota: '18.0000' }, ibsCbs, federal }]));
    const tag = (n: string) => new RegExp(`<${n}>([^<]*)</${n}>`).exec(xml)![1]!;
    const signedInfo = /<SignedInfo[\s\S]*<\/SignedInfo>/.exec(xml)![0];
    expect(signedInfo).toContain(`URI="#NFe${inf.chave}"`);
    const infNoDocumento = /<infNFe[\s\S]*<\/infNFe>/.exec(xml)![0];
    expect(createHash('sha1').update(infNoDocumento).digest('base64')).toBe(tag('DigestValue'));
    const cert = `-----BEGIN CERTIFICATE-----\n${tag('X509Certificate')}\n-----END CERTIFICATE-----\n`;
    expect(createVerify('RSA-SHA1').update(signedInfo).verify(cert, tag('SignatureValue'), 'base64')).toBe(true);
    // One changed byte of the note and it no longer matches its digest.
    expect(createHash('sha1').update(infNoDocumento.replace('<nNF>42</nNF>', '<nNF>43</nNF>')).digest('base64')).not.toBe(tag('DigestValue'));
  });
});
