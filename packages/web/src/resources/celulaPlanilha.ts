import { normalizarDecimal, semZerosFinais, type Campo } from '@retaguarda/domain';
import { formatValor, type Rotulos } from './format.ts';

/**
 * What one value of a row is in a spreadsheet, decided once for the CSV and the XLSX writers:
 * money (exact, from integer centavos), a number (its exact decimal digits), a date or a date and
 * time (a field of type `data`, or a text that is exactly 'dd/mm/aaaa' or 'dd/mm/aaaa hh:mm', as the
 * reports write their days and moments), else the text the list shows.
 */
export type CelulaPlanilha =
  | { tipo: 'dinheiro'; centavos: number }
  | { tipo: 'numero'; digitos: string }
  | { tipo: 'data'; ano: number; mes: number; dia: number; hora?: number; minuto?: number }
  | { tipo: 'texto'; texto: string };

const DATA_BR = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;
const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function data(ano: string, mes: string, dia: string, hora?: string, minuto?: string): CelulaPlanilha | null {
  const a = Number(ano);
  const m = Number(mes);
  const d = Number(dia);
  if (m < 1 || m > 12 || d < 1 || d > 31 || a < 1900) return null;
  // 31/02 is not a day: the calendar must give back the same date.
  const t = new Date(Date.UTC(a, m - 1, d));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  if (hora === undefined) return { tipo: 'data', ano: a, mes: m, dia: d };
  const h = Number(hora);
  const min = Number(minuto);
  if (h > 23 || min > 59) return null;
  return { tipo: 'data', ano: a, mes: m, dia: d, hora: h, minuto: min };
}

export function celulaPlanilha(campo: Campo, valor: unknown, rotulos?: Rotulos): CelulaPlanilha {
  if (valor !== null && valor !== undefined && valor !== '') {
    if (campo.tipo === 'dinheiro' && typeof valor === 'number' && Number.isSafeInteger(valor)) return { tipo: 'dinheiro', centavos: valor };
    if (campo.tipo === 'inteiro' && typeof valor === 'number' && Number.isFinite(valor)) return { tipo: 'numero', digitos: String(valor) };
    if (campo.tipo === 'decimal' || campo.tipo === 'percentual') {
      // An exact decimal goes out as its own digits ('18.0000' → 18): a number the spreadsheet sums.
      const decimal = normalizarDecimal(valor);
      if (decimal !== null) return { tipo: 'numero', digitos: semZerosFinais(decimal) };
    }
    if (campo.tipo === 'data' && typeof valor === 'string') {
      const iso = DATA_ISO.exec(valor.slice(0, 10));
      const d = iso ? data(iso[1]!, iso[2]!, iso[3]!) : null;
      if (d) return d;
    }
    if (campo.tipo === 'texto' && typeof valor === 'string') {
      const br = DATA_BR.exec(valor);
      const d = br ? data(br[3]!, br[2]!, br[1]!, br[4], br[5]) : null;
      if (d) return d;
    }
  }
  return { tipo: 'texto', texto: formatValor(campo, valor, rotulos).replace(/\u00a0/g, ' ') };
}

/** Exact decimal text of integer centavos: 123456 → "1234.56" (string work, never a float). */
export function centavosDecimal(centavos: number): string {
  const negativo = centavos < 0;
  const abs = Math.abs(Math.trunc(centavos));
  return `${negativo ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dois = (n: number) => String(n).padStart(2, '0');

/** A date cell as Brazilian text: 'dd/mm/aaaa' or 'dd/mm/aaaa hh:mm'. */
export function dataBrDe(c: Extract<CelulaPlanilha, { tipo: 'data' }>): string {
  const dia = `${dois(c.dia)}/${dois(c.mes)}/${c.ano}`;
  return c.hora === undefined ? dia : `${dia} ${dois(c.hora)}:${dois(c.minuto ?? 0)}`;
}

/** The spreadsheet's serial of a date (days since 30/12/1899, the time as the fraction of the day). */
export function serialDeData(c: Extract<CelulaPlanilha, { tipo: 'data' }>): string {
  const dias = Math.round((Date.UTC(c.ano, c.mes - 1, c.dia) - Date.UTC(1899, 11, 30)) / 86_400_000);
  if (c.hora === undefined) return String(dias);
  const minutos = c.hora * 60 + (c.minuto ?? 0);
  // Up to 10 places is finer than a second and keeps the text short.
  return semZerosFinais((dias + minutos / 1440).toFixed(10));
}
