import type { Campo, RecursoDef } from '@retaguarda/domain';
import { celulaPlanilha, centavosDecimal, dataBrDe } from './celulaPlanilha.ts';
import type { Rotulos } from './format.ts';

export type Registro = Record<string, unknown> & { _id: string };

function celulaCsv(valor: string): string {
  // Intl puts a no-break space in "R$ 1,00"; spreadsheets read a plain one better.
  const texto = valor.replace(/\u00a0/g, ' ');
  return /[";\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/**
 * One value as a Brazilian spreadsheet reads it as a number or a date: money and quantities with a
 * decimal comma and no thousands dots or currency sign (29118,25), dates as dd/mm/aaaa [hh:mm].
 */
export function valorCsv(campo: Campo, valor: unknown, rotulos?: Rotulos): string {
  const c = celulaPlanilha(campo, valor, rotulos);
  switch (c.tipo) {
    case 'dinheiro':
      return centavosDecimal(c.centavos).replace('.', ',');
    case 'numero':
      return c.digitos.replace('.', ',');
    case 'data':
      return dataBrDe(c);
    default:
      return c.texto;
  }
}

/** The rows shown, as the spreadsheet a Brazilian Excel opens directly: BOM, ';', CRLF, numbers it sums. */
export function toCsv(recurso: RecursoDef, registros: readonly Registro[], rotulos?: Rotulos): string {
  const colunas = recurso.colunas as readonly string[];
  const cabecalho = colunas.map((c) => celulaCsv(recurso.campos[c]?.rotulo ?? c)).join(';');
  const linhas = registros.map((r) => colunas.map((c) => celulaCsv(recurso.campos[c] ? valorCsv(recurso.campos[c]!, r[c], rotulos) : '')).join(';'));
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
