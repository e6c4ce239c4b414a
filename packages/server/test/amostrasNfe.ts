import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { montarChaveAcesso } from '@retaguarda/domain';

/** The real supplier files of shared/samples/nfe (issue 15), copied into fixtures/nfe so a clean clone has them. */
export const PASTA_NFE = fileURLToPath(new URL('../../../fixtures/nfe/', import.meta.url));

export const lerAmostraNfe = (nome: string): string => readFileSync(PASTA_NFE + nome, 'utf8');

/**
 * A sample addressed to one of our companies: the files were issued to other CNPJs, and the importer
 * only takes a note whose recipient is a company of the group. dest is outside the access key and the
 * importer does not check the signature (the anonymised files' signatures are already broken).
 */
export function paraDestinatario(xml: string, cnpj: string): string {
  return xml.replace(/(<dest>\s*<CNPJ>)[^<]*(<\/CNPJ>)/, `$1${cnpj}$2`);
}

/**
 * A note with its access key rebuilt from its own ide and emit (the protocol's key too), optionally as
 * another number (a second note of the same supplier) or another cUF.
 */
export function comChaveRefeita(xml: string, opcoes: { numero?: number; cUF?: number } = {}): string {
  const campo = (nome: string) => new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)![1]!;
  const dhEmi = campo('dhEmi');
  const emitente = /<emit>\s*<CNPJ>([^<]*)<\/CNPJ>/.exec(xml)![1]!;
  const numero = opcoes.numero ?? Number(campo('nNF'));
  const chave = montarChaveAcesso({ cUF: opcoes.cUF ?? Number(campo('cUF')), anoMes: dhEmi.slice(2, 4) + dhEmi.slice(5, 7), emitente, modelo: campo('mod'), serie: Number(campo('serie')), numero, tpEmis: campo('tpEmis'), codigo: Number(campo('cNF')) });
  return xml
    .replace(/Id="NFe[0-9A-Z]{44}"/, `Id="NFe${chave}"`)
    .replaceAll(/<chNFe>[^<]*<\/chNFe>/g, `<chNFe>${chave}</chNFe>`)
    .replace(/<nNF>[^<]*<\/nNF>/, `<nNF>${numero}</nNF>`);
}

export const base64 = (texto: string) => Buffer.from(texto, 'utf8').toString('base64');
