import { readFileSync } from 'node:fs';
import https from 'node:https';
import { lerRetDistDFeInt, lerRetEnvEvento, montarDistDFeInt, type ConsultaDfe, type RetDistDFeInt, type RetEvento } from '@retaguarda/domain';
import { consReciNFe, lerRetAutorizacao, type RetAutorizacao } from '../emissao/retornoAutorizacao.ts';
import type { ChaveA1 } from './pfx.ts';

/**
 * The SEFAZ web services DF-e needs (Ambiente Nacional). The real one speaks SOAP 1.2 over HTTPS with the
 * company's A1 as client certificate; the tests point the same code at a local double (test/sefazLocal.ts).
 */
export interface SefazGateway {
  distribuicaoDFe(pedido: { tpAmb: '1' | '2'; cUFAutor: string; cnpj: string; consulta: ConsultaDfe }): Promise<RetDistDFeInt>;
  /** envEvento (signed) as text; SEFAZ's answer to the event. */
  recepcaoEvento(envEvento: string): Promise<RetEvento>;
  /** NFeAutorizacao4 of the issuer's UF: enviNFe (one signed note) as text. */
  autorizacao(enviNFe: string): Promise<RetAutorizacao>;
  /** NFeRetAutorizacao4: the result of an asynchronous batch by its receipt. */
  retAutorizacao(tpAmb: '1' | '2', recibo: string): Promise<RetAutorizacao>;
}

/** SEFAZ could not be reached or answered something that is not its protocol: nothing was recorded. */
export class SefazIndisponivel extends Error {}

/** Where the AN services are (SEFAZ_DFE_URL, SEFAZ_EVENTO_URL), the issuing UF's authoriser (SEFAZ_AUTORIZACAO_URL, SEFAZ_RET_AUTORIZACAO_URL; SP's by default) and the extra CA file their TLS is checked against (SEFAZ_CA: ICP-Brasil's chain, or the tests' CA). */
export interface EnderecosSefaz {
  distribuicao: string;
  evento: string;
  autorizacao: string;
  retAutorizacao: string;
  ca: string | null;
  tpAmb: '1' | '2';
}

export function enderecosSefaz(env: NodeJS.ProcessEnv = process.env): EnderecosSefaz {
  return {
    distribuicao: env.SEFAZ_DFE_URL?.trim() || 'https://www1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx',
    evento: env.SEFAZ_EVENTO_URL?.trim() || 'https://www.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
    autorizacao: env.SEFAZ_AUTORIZACAO_URL?.trim() || 'https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx',
    retAutorizacao: env.SEFAZ_RET_AUTORIZACAO_URL?.trim() || 'https://nfe.fazenda.sp.gov.br/ws/nferetautorizacao4.asmx',
    ca: env.SEFAZ_CA?.trim() || null,
    tpAmb: env.SEFAZ_AMBIENTE?.trim() === '2' ? '2' : '1',
  };
}

const WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl';
const TEMPO_LIMITE_MS = 30_000;

const envelope = (corpo: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>${corpo}</soap12:Body></soap12:Envelope>`;

/** The real gateway: mutual TLS with the company's A1. */
export function gatewaySefaz({ chavePem, certPem }: ChaveA1, enderecos: EnderecosSefaz = enderecosSefaz()): SefazGateway {
  const ca = enderecos.ca ? readFileSync(enderecos.ca, 'utf8') : undefined;
  const agente = new https.Agent({ key: chavePem, cert: certPem, ...(ca ? { ca } : {}), keepAlive: false });

  function postar(url: string, acao: string, corpo: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        { method: 'POST', agent: agente, timeout: TEMPO_LIMITE_MS, headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${acao}"` } },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (p: Buffer) => partes.push(p));
          res.on('end', () => {
            const texto = Buffer.concat(partes).toString('utf8');
            // SOAP faults come as 500 with a body; anything without our answer is the service being down.
            if ((res.statusCode ?? 500) >= 400 && !/ret(DistDFeInt|EnvEvento|EnviNFe|ConsReciNFe)/.test(texto)) reject(new SefazIndisponivel(`A SEFAZ respondeu HTTP ${res.statusCode}.`));
            else resolve(texto);
          });
          res.on('error', (e) => reject(new SefazIndisponivel(`Falha ao ler a resposta da SEFAZ: ${e.message}`)));
        },
      );
      req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
      req.on('error', (e) => reject(new SefazIndisponivel(`Não foi possível falar com a SEFAZ: ${e.message}`)));
      req.end(envelope(corpo));
    });
  }

  const ler = <T>(fn: (x: string) => T, texto: string): T => {
    try {
      return fn(texto);
    } catch (e) {
      throw new SefazIndisponivel(`Resposta da SEFAZ ilegível: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return {
    async distribuicaoDFe(pedido) {
      const corpo = `<nfeDistDFeInteresse xmlns="${WSDL}/NFeDistribuicaoDFe"><nfeDadosMsg>${montarDistDFeInt(pedido)}</nfeDadosMsg></nfeDistDFeInteresse>`;
      return ler(lerRetDistDFeInt, await postar(enderecos.distribuicao, `${WSDL}/NFeDistribuicaoDFe/nfeDistDFeInteresse`, corpo));
    },
    async recepcaoEvento(envEvento) {
      const corpo = `<nfeDadosMsg xmlns="${WSDL}/NFeRecepcaoEvento4">${envEvento}</nfeDadosMsg>`;
      return ler(lerRetEnvEvento, await postar(enderecos.evento, `${WSDL}/NFeRecepcaoEvento4/nfeRecepcaoEvento`, corpo));
    },
    async autorizacao(envi) {
      const corpo = `<nfeDadosMsg xmlns="${WSDL}/NFeAutorizacao4">${envi}</nfeDadosMsg>`;
      return ler(lerRetAutorizacao, await postar(enderecos.autorizacao, `${WSDL}/NFeAutorizacao4/nfeAutorizacaoLote`, corpo));
    },
    async retAutorizacao(tpAmb, recibo) {
      const corpo = `<nfeDadosMsg xmlns="${WSDL}/NFeRetAutorizacao4">${consReciNFe(tpAmb, recibo)}</nfeDadosMsg>`;
      return ler(lerRetAutorizacao, await postar(enderecos.retAutorizacao, `${WSDL}/NFeRetAutorizacao4/nfeRetAutorizacaoLote`, corpo));
    },
  };
}
