import type { RecursoDef } from '@retaguarda/domain';
import { formatValor, type Rotulos } from './format.ts';

export type Registro = Record<string, unknown> & { _id: string };

function celulaCsv(valor: string): string {
  // Intl puts a no-break space in "R$ 1,00"; spreadsheets read a plain one better.
  const texto = valor.replace(/\u00a0/g, ' ');
  return /[";\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/** The rows shown, as the spreadsheet a Brazilian Excel opens directly: BOM, ';', CRLF. */
export function toCsv(recurso: RecursoDef, registros: readonly Registro[], rotulos?: Rotulos): string {
  const colunas = recurso.colunas as readonly string[];
  const cabecalho = colunas.map((c) => celulaCsv(recurso.campos[c]?.rotulo ?? c)).join(';');
  const linhas = registros.map((r) => colunas.map((c) => celulaCsv(recurso.campos[c] ? formatValor(recurso.campos[c]!, r[c], rotulos) : '')).join(';'));
  return `\uFEFF${[cabecalho, ...linhas].join('\r\n')}\r\n`;
}

export function nomeArquivo(recurso: RecursoDef, extensao: string, agora = new Date()): string {
  const d = agora.toISOString().slice(0, 10);
  return `${recurso.nome}-${d}.${extensao}`;
}

export function baixar(conteudo: BlobPart, tipo: string, arquivo: string): void {
  const url = URL.createObjectURL(new Blob([conteudo], { type: tipo }));
  const a = document.createElement('a');
  a.href = url;
  a.download = arquivo;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
