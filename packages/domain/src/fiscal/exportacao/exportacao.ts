import { z } from 'zod';
import { dataBr } from '../../shared/datas.ts';

/**
 * exportarDados (issue 15): the accountant's zip of a period's NF-e XMLs, their events and a summary CSV,
 * for chosen companies of the group. Built by a job on the server; kept DIAS_EXPORTACAO days.
 */

/** How long a finished export can be downloaded (the storage sweep removes the zip after). */
export const DIAS_EXPORTACAO = 7;
/** A zip up to this size goes attached to the accountant's e-mail; a bigger one as a link to the screen. */
export const ANEXO_MAXIMO_BYTES = 5 * 1024 * 1024;
/** The longest period of one export: a year, so one click cannot zip the group's whole history. */
export const DIAS_MAXIMOS_EXPORTACAO = 366;

export const situacoesExportacao = ['processando', 'concluida', 'falhou', 'expirada'] as const;
export type SituacaoExportacao = (typeof situacoesExportacao)[number];

const dia = z.string({ error: 'Informe a data (dd/mm/aaaa).' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Use uma data válida (dd/mm/aaaa).');

export const exportarDadosSchema = z
  .object({
    inicio: dia,
    fim: dia,
    empresas: z.array(z.string().min(1), { error: 'Escolha as empresas.' }).min(1, 'Escolha ao menos uma empresa.').max(200),
    eventos: z.boolean().default(true),
    email: z
      .string()
      .trim()
      .max(200)
      .email('Informe um e-mail válido.')
      .nullish()
      .or(z.literal('').transform(() => null)),
  })
  .superRefine((v, c) => {
    if (v.fim < v.inicio) c.addIssue({ code: 'custom', path: ['fim'], message: 'O fim vem antes do início.' });
    else if ((Date.parse(v.fim) - Date.parse(v.inicio)) / 86_400_000 >= DIAS_MAXIMOS_EXPORTACAO) c.addIssue({ code: 'custom', path: ['fim'], message: `No máximo ${DIAS_MAXIMOS_EXPORTACAO} dias por exportação.` });
  });
export type ExportarDados = z.output<typeof exportarDadosSchema>;

export const rotulosCampoExportacao: Record<string, string> = { inicio: 'Período de', fim: 'Período até', empresas: 'Empresas', eventos: 'Eventos', email: 'E-mail do contador' };

/** One export as the screen lists it. */
export interface ExportacaoListada {
  _id: string;
  criadaEm: string;
  inicio: string;
  fim: string;
  /** The companies' display names. */
  empresas: string[];
  eventos: boolean;
  email: string | null;
  situacao: SituacaoExportacao;
  feitos: number;
  total: number;
  notas: number;
  /** Bytes of the zip, once done. */
  tamanho: number | null;
  erro: string | null;
  expiraEm: string | null;
  usuario: string | null;
}

/** One note of the summary CSV (one per key and company). */
export interface LinhaResumoExportacao {
  /** The company's CNPJ (the folder the XML is in). */
  empresa: string;
  chave: string;
  modelo: string;
  numero: number;
  serie: number;
  emitenteDocumento: string;
  emitenteNome: string;
  /** 'aaaa-mm-dd' in the stores' clock. */
  emissao: string;
  /** vNF in centavos. */
  valor: number;
  situacao: 'Autorizada' | 'Cancelada' | 'Denegada';
  /** Where the XML came from: the entry (entradaNotaFiscal) or DF-e; 'Só resumo' when there is no full XML yet; 'Emitida' for the company's own notes (emissaoNotaFiscal). */
  origem: 'Entrada de nota' | 'DF-e' | 'Só resumo (sem XML)' | 'Emitida';
}

const CABECALHO_RESUMO = ['Empresa (CNPJ)', 'Chave de acesso', 'Modelo', 'Número', 'Série', 'CNPJ/CPF do emitente', 'Emitente', 'Emissão', 'Valor total', 'Situação', 'Origem'];

function celula(valor: string): string {
  return /[";\r\n]/.test(valor) ? `"${valor.replace(/"/g, '""')}"` : valor;
}

/** Centavos as a spreadsheet number: '1234,56' (no thousands dots, no currency sign). */
const decimalCsv = (centavos: number): string => `${centavos < 0 ? '-' : ''}${Math.trunc(Math.abs(centavos) / 100)},${String(Math.abs(centavos) % 100).padStart(2, '0')}`;

/**
 * The summary as the CSV a Brazilian Excel opens directly (the same shape as the screens' exports: BOM,
 * ';', CRLF, dd/mm/aaaa, decimal comma). The access key stays plain digits: accounting software reads it back.
 */
export function resumoCsv(linhas: readonly LinhaResumoExportacao[]): string {
  const corpo = linhas.map((l) =>
    [l.empresa, l.chave, l.modelo, String(l.numero), String(l.serie), l.emitenteDocumento, l.emitenteNome, dataBr(l.emissao), decimalCsv(l.valor), l.situacao, l.origem].map(celula).join(';'),
  );
  return `\uFEFF${[CABECALHO_RESUMO.join(';'), ...corpo].join('\r\n')}\r\n`;
}

/** The zip's file names: <CNPJ>/recebidas/<chave>.xml, <CNPJ>/emitidas/<chave>.xml and <CNPJ>/eventos/<chave>-<tpEvento>-<n>.xml. */
export const caminhoNotaRecebida = (cnpj: string, chave: string): string => `${cnpj}/recebidas/${chave}.xml`;
export const caminhoNotaEmitida = (cnpj: string, chave: string): string => `${cnpj}/emitidas/${chave}.xml`;
export const caminhoEvento = (cnpj: string, chave: string, tpEvento: string, sequencia: string): string => `${cnpj}/eventos/${chave}-${tpEvento}-${sequencia}.xml`;
export const NOME_RESUMO = 'resumo.csv';

/** The zip's name as the accountant receives it: notas-fiscais_2026-10-01_2026-10-31.zip. */
export const nomeZipExportacao = (inicio: string, fim: string): string => `notas-fiscais_${inicio}_${fim}.zip`;
