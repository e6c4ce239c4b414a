/** Calendar days as 'aaaa-mm-dd' text: the stores' clock is São Paulo's (UTC−3, no daylight saving since 2019). */

/** 'aaaa-mm-dd' plus `dias` days (calendar arithmetic in UTC, no time zone shift). */
export function somarDias(data: string, dias: number): string {
  const [a, m, d] = data.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, d! + dias)).toISOString().slice(0, 10);
}

/** Today in the stores' clock. */
export const hojeNoFuso = (agora = new Date()): string => new Date(agora.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** 'aaaa-mm-dd' → 'dd/mm/aaaa'. */
export const dataBr = (data: string): string => data.split('-').reverse().join('/');

/** Trailing zeros of an exact decimal's places dropped: '12.000' → '12', '0.450' → '0.45'. */
export const semZerosFinais = (decimal: string): string => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);
