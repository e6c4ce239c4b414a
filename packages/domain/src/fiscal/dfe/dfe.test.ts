import { describe, expect, it } from 'vitest';
import { conferirManifestacao, lerDocumentoDfe, lerRetDistDFeInt, lerRetEnvEvento, montarDistDFeInt, montarInfEventoManifestacao, proximaConsultaDfe } from './dfe.ts';

const agora = new Date('2026-11-28T10:00:00-03:00');
const umaHora = new Date('2026-11-28T11:00:00-03:00');

describe('DF-e distribution rules (NT 2014.002)', () => {
  it('continues only while 138 and ultNSU < maxNSU; waits one hour after 137, ultNSU = maxNSU or 656', () => {
    expect(proximaConsultaDfe({ cStat: '138', ultNSU: '000000000000050', maxNSU: '000000000000120' }, agora)).toEqual({ continuar: true, aguardarAte: null });
    expect(proximaConsultaDfe({ cStat: '138', ultNSU: '000000000000120', maxNSU: '000000000000120' }, agora)).toEqual({ continuar: false, aguardarAte: umaHora });
    expect(proximaConsultaDfe({ cStat: '137', ultNSU: '000000000000120', maxNSU: '000000000000120' }, agora)).toEqual({ continuar: false, aguardarAte: umaHora });
    expect(proximaConsultaDfe({ cStat: '656', ultNSU: '000000000000000', maxNSU: '000000000000000' }, agora)).toEqual({ continuar: false, aguardarAte: umaHora });
  });

  it('writes distDFeInt with the NSU in 15 digits, and reads retDistDFeInt with its docZips', () => {
    expect(montarDistDFeInt({ tpAmb: '1', cUFAutor: '35', cnpj: '12345678000195', consulta: { ultNSU: '42' } })).toBe(
      '<distDFeInt xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><tpAmb>1</tpAmb><cUFAutor>35</cUFAutor><CNPJ>12345678000195</CNPJ><distNSU><ultNSU>000000000000042</ultNSU></distNSU></distDFeInt>',
    );
    const ret = lerRetDistDFeInt(
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><retDistDFeInt xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><tpAmb>1</tpAmb><cStat>138</cStat><xMotivo>Documento(s) localizado(s)</xMotivo><ultNSU>000000000000007</ultNSU><maxNSU>000000000000009</maxNSU><loteDistDFeInt><docZip NSU="000000000000007" schema="resNFe_v1.01.xsd">H4sI</docZip></loteDistDFeInt></retDistDFeInt></soap:Body></soap:Envelope>',
    );
    expect(ret).toMatchObject({ cStat: '138', ultNSU: '000000000000007', maxNSU: '000000000000009', documentos: [{ nsu: '000000000000007', schema: 'resNFe_v1.01.xsd', conteudo: 'H4sI' }] });
  });

  it('reads a summary of the old shape (dEmi without time) in centavos', () => {
    const d = lerDocumentoDfe('<resNFe><chNFe>35130611290482000188550010000065961003608500</chNFe><CNPJ>11290482000188</CNPJ><xNome>MAVELLO</xNome><dEmi>2013-06-17</dEmi><vNF>994.89</vNF><cSitNFe>1</cSitNFe></resNFe>');
    expect(d).toMatchObject({ tipo: 'resNFe', valor: 99489, emissao: '2013-06-17T00:00:00-03:00', emitenteDocumento: '11290482000188' });
  });
});

describe('manifestation', () => {
  it('Operação não realizada needs 15 to 255 characters of justification; the others none', () => {
    expect(conferirManifestacao('210240', 'curta')).toMatchObject({ campo: 'justificativa' });
    expect(conferirManifestacao('210240', 'Mercadoria não foi entregue')).toBeNull();
    expect(conferirManifestacao('210210', null)).toBeNull();
    expect(conferirManifestacao('110111', null)).toMatchObject({ campo: 'tpEvento' });
  });

  it('infEvento carries the Id the signature references, cOrgao 91 and the escaped justification', () => {
    const e = montarInfEventoManifestacao({ tpAmb: '1', cnpj: '12345678000195', chave: '3'.repeat(44), tpEvento: '210240', nSeqEvento: 1, dhEvento: '2026-11-28T10:00:00-03:00', justificativa: 'Entrega <não> feita & devolvida' });
    expect(e.id).toBe(`ID210240${'3'.repeat(44)}01`);
    expect(e.xml).toContain('<cOrgao>91</cOrgao>');
    expect(e.xml).toContain('<xJust>Entrega &lt;não&gt; feita &amp; devolvida</xJust>');
    expect(e.xml).toContain('<descEvento>Operação não Realizada</descEvento>');
  });

  it("the event's own cStat counts, not the batch's 128", () => {
    expect(lerRetEnvEvento('<retEnvEvento><cStat>128</cStat><xMotivo>Lote processado</xMotivo><retEvento><infEvento><cStat>573</cStat><xMotivo>Duplicidade de evento</xMotivo></infEvento></retEvento></retEnvEvento>')).toEqual({
      cStat: '573',
      xMotivo: 'Duplicidade de evento',
      protocolo: null,
      // The event's answer as SEFAZ sent it: a registered one goes into the procEventoNFe kept.
      xml: '<retEvento><infEvento><cStat>573</cStat><xMotivo>Duplicidade de evento</xMotivo></infEvento></retEvento>',
    });
  });
});
