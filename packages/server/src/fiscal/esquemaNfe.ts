import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ParseOption, XmlBufferInputProvider, XmlDocument, xmlRegisterInputProvider, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { pastaDoServidor } from '../pastas.ts';

/**
 * The official PL_010 schema (packages/server/schemas/nfe, provenance in its README) checked against each
 * received NF-e. Real files often break it, so its problems are warnings in Portuguese, never a refusal.
 * The schema is compiled once per process, by the first note checked (about 0.2 s: not worth every
 * process's start, most of which never import a note); a note then takes about a millisecond.
 */
// From the server's folder, not from this file: the bundle (dist/main.mjs) sits elsewhere than the source.
const PASTA = path.join(pastaDoServidor, 'schemas', 'nfe');
const MAX_AVISOS = 5;

let validadores: { nfeProc: XsdValidator; NFe: XsdValidator } | undefined;

function compilar(): { nfeProc: XsdValidator; NFe: XsdValidator } {
  if (validadores) return validadores;
  // The includes between the XSDs are resolved from memory: libxml2 never opens a file or the network.
  const arquivos: Record<string, Uint8Array> = {};
  for (const nome of readdirSync(PASTA)) if (nome.endsWith('.xsd')) arquivos[`nfe/${nome}`] = new Uint8Array(readFileSync(path.join(PASTA, nome)));
  xmlRegisterInputProvider(new XmlBufferInputProvider(arquivos));
  const de = (nome: string) => XsdValidator.fromDoc(XmlDocument.fromBuffer(arquivos[`nfe/${nome}`]!, { url: `nfe/${nome}` }));
  validadores = { nfeProc: de('procNFe_v4.00.xsd'), NFe: de('nfe_v4.00.xsd') };
  return validadores;
}

/** The schema's problems of one XML, in Portuguese (at most five, then how many more); empty when valid. */
export function avisosDoEsquema(bytes: Uint8Array): string[] {
  const { nfeProc, NFe } = compilar();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: ParseOption.XML_PARSE_NONET });
  } catch (erro) {
    const detalhe = (erro as { details?: { line: number; message: string }[] }).details?.[0];
    return [`Esquema XSD (PL_010): o XML não é bem formado${detalhe ? ` (linha ${detalhe.line}: ${detalhe.message.trim()})` : ''}; não foi validado.`];
  }
  try {
    (doc.root.name === 'NFe' ? NFe : nfeProc).validate(doc);
    return [];
  } catch (erro) {
    if (!(erro instanceof XmlValidateError)) throw erro;
    const avisos = erro.details.slice(0, MAX_AVISOS).map((d) => `Esquema XSD (PL_010), linha ${d.line}: ${traduzir(d.message)}`);
    const resto = erro.details.length - MAX_AVISOS;
    if (resto > 0) avisos.push(`Esquema XSD (PL_010): e mais ${resto} ${resto === 1 ? 'problema' : 'problemas'}.`);
    return avisos;
  } finally {
    doc.dispose();
  }
}

const semNs = (s: string) => s.replace(/\{[^}]*\}/g, '');
const lista = (s: string) => semNs(s).replace(/[()]/g, '').split(',').map((x) => x.trim()).filter(Boolean).join(', ');

/** libxml2's message in Portuguese for the usual cases; otherwise its own text after the element's name. */
export function traduzir(mensagem: string): string {
  const m = mensagem.trim();
  const alvo = /^Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/s.exec(m);
  if (!alvo) return semNs(m);
  const elemento = semNs(alvo[1]!);
  const onde = alvo[2] ? `atributo ${alvo[2]} de <${elemento}>` : `<${elemento}>`;
  const resto = alvo[3]!;
  let r: RegExpExecArray | null;
  if (/No matching global declaration available for the validation root/.test(resto)) return `o documento começa por <${elemento}>, que não é uma NF-e do leiaute 4.00 (nfeProc ou NFe).`;
  if ((r = /^This element is not expected\.(?: Expected is(?: one of)? (.*)\.)?$/s.exec(resto))) return `${onde} não era esperado aqui${r[1] ? ` (esperado: ${lista(r[1])})` : ''}.`;
  if ((r = /^Missing child element\(s\)\. Expected is(?: one of)? (.*)\.$/s.exec(resto))) return `faltam elementos dentro de ${onde} (esperado: ${lista(r[1]!)}).`;
  if ((r = /^\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern/s.exec(resto))) return `o valor '${r[1]}' de ${onde} não segue o formato do leiaute.`;
  if ((r = /^\[facet 'enumeration'\] The value '(.*)' is not an element of the set/s.exec(resto))) return `o valor '${r[1]}' de ${onde} não é um dos aceitos pelo leiaute.`;
  if ((r = /^\[facet '(?:maxLength|minLength|length)'\] The value '(.*)' has a length/s.exec(resto))) return `o valor '${r[1]}' de ${onde} tem tamanho fora do permitido.`;
  if (/is not a valid value of the atomic type|is not a valid value of the local atomic type/.test(resto)) return `${onde} tem um valor inválido para o leiaute.`;
  if ((r = /^The attribute '([^']+)' is required but missing\.$/.exec(resto))) return `falta o atributo ${r[1]} em ${onde}.`;
  return `${onde}: ${semNs(resto)}`;
}
