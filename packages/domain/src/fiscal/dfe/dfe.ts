/**
 * DF-e distribution and manifestation (issue 15, shared/DOMAIN.md §2): the request and event XML the
 * server sends and the reading of what SEFAZ answers. Pure text in, values out: the gzip of docZip, the
 * TLS and the signature are the server's.
 */
import { z } from 'zod';
import { erroDeFormaDaChave, normalizarChaveAcesso } from '../../documents/chaveAcesso.ts';
import { centavosDoXml } from '../nfe/valores.ts';
import { buscar, buscarTodos, ErroXml, filhos, lerXml, textoDe, type ElementoXml } from '../nfe/xml.ts';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';

/** NSUs are 15 digits, zero-padded, and compared as such. */
export const nsu15 = (n: string | number | bigint): string => String(n).replace(/\D/g, '').padStart(15, '0').slice(-15);

/** What one distDFeInt asks: continue from ultNSU, one NSU (a gap), or one access key. */
export type ConsultaDfe = { ultNSU: string } | { NSU: string } | { chNFe: string };

/** distDFeInt versão 1.01 (distDFeInt_v1.01.xsd), without XML declaration. */
export function montarDistDFeInt(p: { tpAmb: '1' | '2'; cUFAutor: string; cnpj: string; consulta: ConsultaDfe }): string {
  const c = p.consulta;
  const pedido =
    'ultNSU' in c ? `<distNSU><ultNSU>${nsu15(c.ultNSU)}</ultNSU></distNSU>` : 'NSU' in c ? `<consNSU><NSU>${nsu15(c.NSU)}</NSU></consNSU>` : `<consChNFe><chNFe>${c.chNFe}</chNFe></consChNFe>`;
  return `<distDFeInt xmlns="${NS_NFE}" versao="1.01"><tpAmb>${p.tpAmb}</tpAmb><cUFAutor>${p.cUFAutor}</cUFAutor><CNPJ>${p.cnpj}</CNPJ>${pedido}</distDFeInt>`;
}

export interface DocZip {
  nsu: string;
  schema: string;
  /** base64 of gzip of the XML, as it came. */
  conteudo: string;
}

export interface RetDistDFeInt {
  cStat: string;
  xMotivo: string;
  ultNSU: string;
  maxNSU: string;
  dhResp: string | null;
  documentos: DocZip[];
}

/** retDistDFeInt, found anywhere in the SOAP answer. Throws ErroXml when it is not there. */
export function lerRetDistDFeInt(xml: string): RetDistDFeInt {
  const raiz = lerXml(xml);
  const ret = raiz.nome === 'retDistDFeInt' ? raiz : buscar(raiz, 'retDistDFeInt');
  if (!ret) throw new ErroXml('a resposta da SEFAZ não contém retDistDFeInt.');
  const cStat = textoDe(ret, 'cStat');
  if (!cStat) throw new ErroXml('a resposta da SEFAZ não tem cStat.');
  return {
    cStat,
    xMotivo: textoDe(ret, 'xMotivo') ?? '',
    ultNSU: nsu15(textoDe(ret, 'ultNSU') ?? '0'),
    maxNSU: nsu15(textoDe(ret, 'maxNSU') ?? '0'),
    dhResp: textoDe(ret, 'dhResp'),
    documentos: buscarTodos(ret, 'docZip').map((d) => ({ nsu: nsu15(d.atributos.NSU ?? '0'), schema: d.atributos.schema ?? '', conteudo: d.texto.trim() })),
  };
}

/** One hour: NT 2014.002 blocks the CNPJ (656) for calling again sooner after 137 or ultNSU = maxNSU. */
export const ESPERA_DFE_MS = 60 * 60 * 1000;

/**
 * After an answer: whether to call again right away (more documents wait) or not before `aguardarAte`.
 * 656 itself also waits the hour (SEFAZ counts it from the offending call).
 */
export function proximaConsultaDfe(ret: Pick<RetDistDFeInt, 'cStat' | 'ultNSU' | 'maxNSU'>, agora: Date): { continuar: boolean; aguardarAte: Date | null } {
  const esgotado = ret.cStat === '137' || ret.cStat === '656' || ret.ultNSU >= ret.maxNSU;
  if (ret.cStat === '138' && !esgotado) return { continuar: true, aguardarAte: null };
  return { continuar: false, aguardarAte: new Date(agora.getTime() + ESPERA_DFE_MS) };
}

/** A document a docZip carried, read. */
export type DocumentoDfe =
  | { tipo: 'resNFe'; chave: string; emitenteDocumento: string; emitenteNome: string; emissao: string; valor: number; situacaoNfe: string; protocolo: string | null }
  | { tipo: 'procNFe'; chave: string; emitenteDocumento: string; emitenteNome: string; emissao: string; valor: number; protocolo: string | null }
  | { tipo: 'evento'; chave: string; tpEvento: string; descricao: string; dataEvento: string | null }
  | { tipo: 'desconhecido'; motivo: string };

/** dEmi of old summaries has no time: midnight in Brasília. */
const instante = (t: string | null): string | null => (!t ? null : /^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00-03:00` : t);

function emitente(el: ElementoXml | undefined): string {
  return textoDe(el, 'CNPJ') ?? textoDe(el, 'CPF') ?? '';
}

/** Reads the decoded XML of a docZip by its root: resNFe, nfeProc, resEvento or procEventoNFe. */
export function lerDocumentoDfe(xml: string): DocumentoDfe {
  let raiz: ElementoXml;
  try {
    raiz = lerXml(xml.replace(/^\uFEFF/, ''));
  } catch (erro) {
    if (erro instanceof ErroXml) return { tipo: 'desconhecido', motivo: erro.message };
    throw erro;
  }
  const el = (nome: string) => (raiz.nome === nome ? raiz : buscar(raiz, nome));
  const res = el('resNFe');
  if (res) {
    const chave = textoDe(res, 'chNFe') ?? '';
    return {
      tipo: 'resNFe',
      chave,
      emitenteDocumento: emitente(res),
      emitenteNome: textoDe(res, 'xNome') ?? '',
      emissao: instante(textoDe(res, 'dhEmi') ?? textoDe(res, 'dEmi')) ?? '',
      valor: centavosDoXml(textoDe(res, 'vNF')),
      situacaoNfe: textoDe(res, 'cSitNFe') ?? '1',
      protocolo: textoDe(res, 'nProt'),
    };
  }
  const inf = el('infNFe');
  if (inf) {
    const ide = buscar(inf, 'ide');
    const emit = buscar(inf, 'emit');
    const chave = (inf.atributos.Id ?? '').replace(/^NFe/, '') || (textoDe(buscar(raiz, 'infProt'), 'chNFe') ?? '');
    return {
      tipo: 'procNFe',
      chave,
      emitenteDocumento: emitente(emit),
      emitenteNome: textoDe(emit, 'xNome') ?? '',
      emissao: instante(textoDe(ide, 'dhEmi') ?? textoDe(ide, 'dEmi')) ?? '',
      valor: centavosDoXml(textoDe(buscar(inf, 'ICMSTot'), 'vNF')),
      protocolo: textoDe(buscar(raiz, 'infProt'), 'nProt'),
    };
  }
  const ev = el('resEvento') ?? el('infEvento');
  if (ev) {
    const det = buscar(ev, 'detEvento');
    return {
      tipo: 'evento',
      chave: textoDe(ev, 'chNFe') ?? '',
      tpEvento: textoDe(ev, 'tpEvento') ?? '',
      descricao: textoDe(ev, 'xEvento') ?? textoDe(det, 'descEvento') ?? '',
      dataEvento: instante(textoDe(ev, 'dhEvento')),
    };
  }
  return { tipo: 'desconhecido', motivo: `documento ${raiz.nome} não é resNFe, procNFe nem evento.` };
}

/** The recipient's manifestations (leiauteConfRecebto_v1.00). */
export const manifestacoes = {
  '210210': 'Ciência da Operação',
  '210200': 'Confirmação da Operação',
  '210220': 'Desconhecimento da Operação',
  '210240': 'Operação não Realizada',
} as const;
export type TipoManifestacao = keyof typeof manifestacoes;
export const tiposManifestacao = Object.keys(manifestacoes) as TipoManifestacao[];

/** Ciência is not conclusive; the other three are, and only one of them stands. */
export const manifestacaoConclusiva = (t: TipoManifestacao): boolean => t !== '210210';

/** cStat of an event SEFAZ registered (135 linked, 136 registered without link, 573 duplicate already registered). */
export const EVENTO_ACEITO = new Set(['135', '136', '573']);

/** Why this manifestation cannot be sent as asked (the field's message), or null. */
export function conferirManifestacao(tpEvento: string, justificativa: string | null | undefined): { campo: 'tpEvento' | 'justificativa'; mensagem: string } | null {
  if (!(tpEvento in manifestacoes)) return { campo: 'tpEvento', mensagem: 'Escolha Ciência, Confirmação, Desconhecimento ou Operação não realizada.' };
  const j = (justificativa ?? '').trim();
  if (tpEvento === '210240' && (j.length < 15 || j.length > 255)) return { campo: 'justificativa', mensagem: 'Informe a justificativa com 15 a 255 caracteres.' };
  return null;
}

const escapar = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The infEvento of a manifestation, already in canonical form (C14N: no whitespace, attributes in
 * order, the namespace declared on it), so the digest the server signs is that of these exact bytes.
 * dhEvento: 'AAAA-MM-DDThh:mm:ss-03:00'.
 */
export function montarInfEventoManifestacao(p: { tpAmb: '1' | '2'; cnpj: string; chave: string; tpEvento: TipoManifestacao; nSeqEvento: number; dhEvento: string; justificativa?: string | null }): { id: string; xml: string } {
  const seq = String(p.nSeqEvento).padStart(2, '0');
  const id = `ID${p.tpEvento}${p.chave}${seq}`;
  const just = p.tpEvento === '210240' ? `<xJust>${escapar((p.justificativa ?? '').trim())}</xJust>` : '';
  const xml =
    `<infEvento xmlns="${NS_NFE}" Id="${id}"><cOrgao>91</cOrgao><tpAmb>${p.tpAmb}</tpAmb><CNPJ>${p.cnpj}</CNPJ><chNFe>${p.chave}</chNFe>` +
    `<dhEvento>${p.dhEvento}</dhEvento><tpEvento>${p.tpEvento}</tpEvento><nSeqEvento>${p.nSeqEvento}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00"><descEvento>${manifestacoes[p.tpEvento]}</descEvento>${just}</detEvento></infEvento>`;
  return { id, xml };
}

export interface RetEvento {
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  /** SEFAZ's retEvento as it came (the second half of the procEventoNFe kept), when present. */
  xml?: string | null;
}

/** retEnvEvento: the batch's status, and the event's own cStat when present (that is the one that counts). */
export function lerRetEnvEvento(xml: string): RetEvento {
  const raiz = lerXml(xml);
  const lote = raiz.nome === 'retEnvEvento' ? raiz : buscar(raiz, 'retEnvEvento');
  if (!lote) throw new ErroXml('a resposta da SEFAZ não contém retEnvEvento.');
  const inf = filhos(lote, 'retEvento').map((r) => buscar(r, 'infEvento'))[0];
  const fonte = inf ?? lote;
  const bruto = /<(?:\w+:)?retEvento[\s>][\s\S]*?<\/(?:\w+:)?retEvento>/.exec(xml)?.[0] ?? null;
  return { cStat: textoDe(fonte, 'cStat') ?? '', xMotivo: textoDe(fonte, 'xMotivo') ?? '', protocolo: textoDe(inf, 'nProt'), xml: bruto };
}

/** The status a user reads: summary only, manifested (waiting for the XML), full XML, entered. */
export const situacoesDfe = ['resumo', 'manifestado', 'completo', 'lancado'] as const;
export type SituacaoDfe = (typeof situacoesDfe)[number];

/** POST /api/baixarNotas/lista and /api/relatorioDFE: emission period (dd inclusive, ISO dates) and status. */
export const filtroDfeSchema = z.object({
  inicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use uma data válida (dd/mm/aaaa).').optional(),
  fim: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use uma data válida (dd/mm/aaaa).').optional(),
  situacao: z.enum(situacoesDfe, { error: 'Escolha Resumo, Manifestado, XML completo ou Lançado.' }).optional(),
});

export const manifestarDfeSchema = z.object({
  tpEvento: z.enum(tiposManifestacao as [TipoManifestacao, ...TipoManifestacao[]], { error: 'Escolha Ciência, Confirmação, Desconhecimento ou Operação não realizada.' }),
  justificativa: z.string().max(255, 'No máximo 255 caracteres.').nullish(),
});

/** POST /api/baixarNotas/chave: one note by its access key (consChNFe); spaces and the NFe prefix are dropped. */
export const baixarPorChaveSchema = z.object({
  chave: z
    .string({ error: 'Informe a chave de acesso (44 caracteres).' })
    .transform(normalizarChaveAcesso)
    .superRefine((chave, c) => {
      const erro = erroDeFormaDaChave(chave);
      if (erro) c.addIssue({ code: 'custom', message: erro });
    }),
});

/** SEFAZ answers at most this many consChNFe/consNSU per CNPJ in an hour (DOMAIN.md §2); more is 656. */
export const CONSULTAS_CHAVE_POR_HORA = 20;

export const rotulosCampoDfe: Record<string, string> = { inicio: 'Emissão de', fim: 'Emissão até', situacao: 'Situação', tpEvento: 'Manifestação', justificativa: 'Justificativa', chave: 'Chave de acesso' };

/** One note of baixarNotas / relatorioDFE. */
export interface DocumentoDfeListado {
  _id: string;
  chave: string;
  nsu: string;
  emitenteDocumento: string;
  emitenteNome: string;
  emissao: string;
  /** centavos */
  valor: number;
  situacao: SituacaoDfe;
  /** The note was cancelled by its emitter (cSitNFe 3). */
  cancelada: boolean;
  /** The last manifestation SEFAZ accepted, with its description. */
  manifestacao: { tpEvento: TipoManifestacao; descricao: string; em: string } | null;
  /** The last manifestation sent, when SEFAZ refused it. */
  recusa: { tpEvento: TipoManifestacao; cStat: string; xMotivo: string } | null;
  entrada: string | null;
}

/** GET /api/baixarNotas/controle: where the distribution stands for the company. */
export interface ControleDfe {
  ultNSU: string;
  maxNSU: string;
  ultimaConsulta: string | null;
  proximaConsulta: string | null;
  cStat: string | null;
  xMotivo: string | null;
  certificado: { cnpj: string | null; validade: string } | null;
}

/** Names of the NF-e events a back office meets (the emitter's and the recipient's). */
export const descricoesEvento: Record<string, string> = {
  '110110': 'Carta de Correção',
  '110111': 'Cancelamento',
  '110112': 'Cancelamento por substituição',
  ...manifestacoes,
};

/** One event of a note as its screens list it (GET /api/baixarNotas/:id/eventos, /api/entradaNotaFiscal/:id/eventos). */
export interface EventoNota {
  tpEvento: string;
  descricao: string;
  /** dhEvento (or when the company sent it), ISO. */
  em: string | null;
  protocolo: string | null;
  cStat: string | null;
  xMotivo: string | null;
  /** enviado: a manifestation the company sent; sefaz: downloaded by DF-e; arquivo: in the note's own XML. */
  origem: 'enviado' | 'sefaz' | 'arquivo';
}

/** The events (procEventoNFe, retEvento, a cancellation appended to the note) in an XML text. */
export function eventosDoXml(xml: string): EventoNota[] {
  let raiz: ElementoXml;
  try {
    raiz = lerXml(xml.replace(/^\uFEFF/, ''));
  } catch (erro) {
    if (erro instanceof ErroXml) return [];
    throw erro;
  }
  const eventos: EventoNota[] = [];
  // A procEventoNFe has the sent infEvento (tpEvento, dhEvento) and SEFAZ's retEvento/infEvento (cStat, nProt).
  for (const proc of raiz.nome === 'procEventoNFe' ? [raiz] : buscarTodos(raiz, 'procEventoNFe')) {
    const enviado = buscar(buscar(proc, 'evento'), 'infEvento');
    const ret = buscar(buscar(proc, 'retEvento'), 'infEvento');
    const tp = textoDe(enviado, 'tpEvento') ?? textoDe(ret, 'tpEvento') ?? '';
    eventos.push({ tpEvento: tp, descricao: descricoesEvento[tp] ?? textoDe(buscar(enviado, 'detEvento'), 'descEvento') ?? tp, em: instante(textoDe(enviado, 'dhEvento')), protocolo: textoDe(ret, 'nProt'), cStat: textoDe(ret, 'cStat'), xMotivo: textoDe(ret, 'xMotivo'), origem: 'arquivo' });
  }
  if (!eventos.length) {
    for (const ret of buscarTodos(raiz, 'retEvento').map((r) => buscar(r, 'infEvento')).filter((e): e is ElementoXml => !!e)) {
      const tp = textoDe(ret, 'tpEvento') ?? '';
      eventos.push({ tpEvento: tp, descricao: descricoesEvento[tp] ?? textoDe(ret, 'xEvento') ?? tp, em: instante(textoDe(ret, 'dhRegEvento')), protocolo: textoDe(ret, 'nProt'), cStat: textoDe(ret, 'cStat'), xMotivo: textoDe(ret, 'xMotivo'), origem: 'arquivo' });
    }
  }
  return eventos;
}
