/**
 * Bank business days of Brazil on 'aaaa-mm-dd' text. Dates are counted as whole days since
 * 1970-01-01 (civil calendar arithmetic, H. Hinnant's algorithm): no Date, no time zone.
 */

const DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'aaaa-mm-dd' → days since 1970-01-01. */
export function paraDias(data: string): number {
  const m = DATA.exec(data);
  if (!m) throw new Error(`Data inválida: ${data} (use aaaa-mm-dd).`);
  return diasCivis(Number(m[1]), Number(m[2]), Number(m[3]));
}

function diasCivis(ano: number, mes: number, dia: number): number {
  const a = mes <= 2 ? ano - 1 : ano;
  const era = Math.floor(a / 400);
  const anoDaEra = a - era * 400;
  const diaDoAno = Math.floor((153 * (mes + (mes > 2 ? -3 : 9)) + 2) / 5) + dia - 1;
  const diaDaEra = anoDaEra * 365 + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100) + diaDoAno;
  return era * 146097 + diaDaEra - 719468;
}

/** Days since 1970-01-01 → 'aaaa-mm-dd'. */
export function deDias(dias: number): string {
  const z = dias + 719468;
  const era = Math.floor(z / 146097);
  const diaDaEra = z - era * 146097;
  const anoDaEra = Math.floor((diaDaEra - Math.floor(diaDaEra / 1460) + Math.floor(diaDaEra / 36524) - Math.floor(diaDaEra / 146096)) / 365);
  const diaDoAno = diaDaEra - (365 * anoDaEra + Math.floor(anoDaEra / 4) - Math.floor(anoDaEra / 100));
  const mp = Math.floor((5 * diaDoAno + 2) / 153);
  const dia = diaDoAno - Math.floor((153 * mp + 2) / 5) + 1;
  const mes = mp < 10 ? mp + 3 : mp - 9;
  const ano = anoDaEra + era * 400 + (mes <= 2 ? 1 : 0);
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** 0 = domingo … 6 = sábado (1970-01-01 was a Thursday). */
export const diaDaSemana = (data: string): number => (((paraDias(data) + 4) % 7) + 7) % 7;

/** Calendar days between two dates (positive when `ate` is later). */
export const diasEntre = (de: string, ate: string): number => paraDias(ate) - paraDias(de);

export const somarDiasCorridos = (data: string, dias: number): string => deDias(paraDias(data) + dias);

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function pascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

export interface Feriado {
  data: string;
  nome: string;
}

/** Fixed national holidays; 20/11 (Zumbi e Consciência Negra) is national since Lei 14.759/2023, from 2024. */
const FIXOS: readonly [string, string, number?][] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra', 2024],
  ['12-25', 'Natal'],
];

/** Days the banks close on in a year: the national holidays and Carnaval, Sexta-feira Santa and Corpus Christi from Easter. */
export function feriadosBancarios(ano: number): Feriado[] {
  const p = paraDias(pascoa(ano));
  const moveis: Feriado[] = [
    { data: deDias(p - 48), nome: 'Segunda-feira de Carnaval' },
    { data: deDias(p - 47), nome: 'Terça-feira de Carnaval' },
    { data: deDias(p - 2), nome: 'Sexta-feira Santa' },
    { data: deDias(p + 60), nome: 'Corpus Christi' },
  ];
  const fixos = FIXOS.filter(([, , desde]) => !desde || ano >= desde).map(([mmdd, nome]) => ({ data: `${ano}-${mmdd}`, nome }));
  return [...fixos, ...moveis].sort((a, b) => (a.data < b.data ? -1 : 1));
}

// Holiday day numbers per year, computed once: a month's forecast asks for the same few years thousands of times.
const cache = new Map<number, Set<number>>();
function feriadosDoAno(ano: number): Set<number> {
  let dias = cache.get(ano);
  if (!dias) {
    dias = new Set(feriadosBancarios(ano).map((f) => paraDias(f.data)));
    cache.set(ano, dias);
  }
  return dias;
}

const diaUtil = new Map<number, boolean>();
function ehDiaUtilN(dias: number): boolean {
  let util = diaUtil.get(dias);
  if (util === undefined) {
    const semana = (((dias + 4) % 7) + 7) % 7;
    util = semana !== 0 && semana !== 6 && !feriadosDoAno(Number(deDias(dias).slice(0, 4))).has(dias);
    diaUtil.set(dias, util);
  }
  return util;
}

/** A day the banks open: not a weekend nor a banking holiday. */
export const ehDiaUtil = (data: string): boolean => ehDiaUtilN(paraDias(data));

/** The date itself when it is a business day, else the next business day. */
export function proximoDiaUtil(data: string): string {
  let d = paraDias(data);
  while (!ehDiaUtilN(d)) d++;
  return deDias(d);
}

/** D+N business days: the N-th business day after `data` (D+0 is `data` itself, or the next business day when it is not one). */
export function somarDiasUteis(data: string, n: number): string {
  let d = paraDias(data);
  if (n === 0) return proximoDiaUtil(data);
  for (let faltam = n; faltam > 0; ) {
    d++;
    if (ehDiaUtilN(d)) faltam--;
  }
  return deDias(d);
}
