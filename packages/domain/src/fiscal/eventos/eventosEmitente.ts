/**
 * The emitter's events on an NF-e it issued (issue 15): cancellation (110111) and the carta de correção
 * (110110), leiaute evento v1.00 (NT 2011.003 / MOC). The infEvento is built canonical (C14N: no
 * whitespace, attributes in order, the namespace on it) so the server signs exactly these bytes.
 */
import { z } from 'zod';
import { NS_NFE } from '../dfe/dfe.ts';

/** The legal conditions of use the correction letter must carry, word for word (Convênio S/N de 1970, art. 7º §1º-A). */
export const CONDICAO_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

/** SEFAZ accepts a cancellation up to 24 hours after the authorisation (later is rejection 501). */
export const PRAZO_CANCELAMENTO_MS = 24 * 60 * 60 * 1000;
/** At most 20 correction letters per note; each new one replaces the previous ones. */
export const MAXIMO_CARTAS_CORRECAO = 20;

/** One line of text, as the layout wants it (no line breaks or tabs; spaces collapsed). */
const umaLinha = (t: string) => t.replace(/\s+/g, ' ').trim();
const escapar = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const cancelarNotaSchema = z.object({
  justificativa: z.string({ error: 'Informe a justificativa do cancelamento.' }).transform(umaLinha).pipe(z.string().min(15, 'A justificativa precisa de 15 a 255 caracteres.').max(255, 'A justificativa precisa de 15 a 255 caracteres.')),
});

export const cartaCorrecaoSchema = z.object({
  correcao: z.string({ error: 'Informe o texto da correção.' }).transform(umaLinha).pipe(z.string().min(15, 'A correção precisa de 15 a 1.000 caracteres.').max(1000, 'A correção precisa de 15 a 1.000 caracteres.')),
});

export const rotulosCampoEventoEmitente: Record<string, string> = { justificativa: 'Justificativa', correcao: 'Correção' };

export type EventoEmitente = { tpEvento: '110111'; protocolo: string; justificativa: string } | { tpEvento: '110110'; correcao: string };

/** The infEvento of a cancellation or correction letter; cOrgao is the note's UF (the key's first two digits). dhEvento 'AAAA-MM-DDThh:mm:ss-03:00'. */
export function montarInfEventoEmitente(p: { tpAmb: '1' | '2'; cnpj: string; chave: string; nSeqEvento: number; dhEvento: string; evento: EventoEmitente }): { id: string; xml: string } {
  const seq = String(p.nSeqEvento).padStart(2, '0');
  const id = `ID${p.evento.tpEvento}${p.chave}${seq}`;
  const det =
    p.evento.tpEvento === '110111'
      ? `<descEvento>Cancelamento</descEvento><nProt>${p.evento.protocolo}</nProt><xJust>${escapar(umaLinha(p.evento.justificativa))}</xJust>`
      : `<descEvento>Carta de Correcao</descEvento><xCorrecao>${escapar(umaLinha(p.evento.correcao))}</xCorrecao><xCondUso>${CONDICAO_USO_CCE}</xCondUso>`;
  const xml =
    `<infEvento xmlns="${NS_NFE}" Id="${id}"><cOrgao>${p.chave.slice(0, 2)}</cOrgao><tpAmb>${p.tpAmb}</tpAmb><CNPJ>${p.cnpj}</CNPJ><chNFe>${p.chave}</chNFe>` +
    `<dhEvento>${p.dhEvento}</dhEvento><tpEvento>${p.evento.tpEvento}</tpEvento><nSeqEvento>${p.nSeqEvento}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00">${det}</detEvento></infEvento>`;
  return { id, xml };
}

/** One event the company sent on a note it issued, as GET /api/emissaoNotaFiscal/:id/eventos lists it. */
export interface EventoEmitido {
  _id: string;
  tpEvento: string;
  descricao: string;
  nSeqEvento: number;
  texto: string;
  em: string;
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  registrado: boolean;
}
