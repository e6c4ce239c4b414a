/** Calendar days as 'aaaa-mm-dd' text: the stores' clock is São Paulo's (UTC−3, no daylight saving since 2019). */

/** 'aaaa-mm-dd' plus `dias` days (calendar arithmetic in UTC, no time zone shift). */
export function somarDias(data: string, dias: number): string {
  const [a, m, d] = data.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, d! + dias)).toISOString().slice(0, 10);
}

const ultimoDiaDoMes = (ano: number, mes: number): number => new Date(Date.UTC(ano, mes, 0)).getUTCDate();

/**
 * `k` months after `data` on day `dia` of the month (by default the date's own day), pulled back to the
 * month's last day when it has fewer days (31/01 + 1 month = 28/02 or 29/02; the next month is 31/03 again).
 */
export function somarMeses(data: string, k: number, dia?: number): string {
  const [a, m] = data.split('-').map(Number) as [number, number];
  const indice = a * 12 + (m - 1) + k;
  const ano = Math.floor(indice / 12);
  const mes = (indice % 12) + 1;
  const d = Math.min(dia ?? Number(data.slice(8, 10)), ultimoDiaDoMes(ano, mes));
  return `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The last day of `data`'s month: '2028-02-10' → '2028-02-29'. */
export const fimDoMes = (data: string): string => somarMeses(data, 0, 31);

/** Today in the stores' clock. */
export const hojeNoFuso = (agora = new Date()): string => new Date(agora.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** 'aaaa-mm-dd' → 'dd/mm/aaaa'. */
export const dataBr = (data: string): string => data.split('-').reverse().join('/');

/** Trailing zeros of an exact decimal's places dropped: '12.000' → '12', '0.450' → '0.45'. */
export const semZerosFinais = (decimal: string): string => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);
