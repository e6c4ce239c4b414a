/**
 * TRNAMT/BALAMT and DTPOSTED as Brazilian banks write them. Amounts become integer centavos by
 * string arithmetic (never a float): '74,40', '-2,48', '6000.000,00', '   -11.11 ', '- 3,34'.
 */
export function centavosOfx(bruto: string): number | undefined {
  const m = /^([+-]?)([\d.,]*\d[\d.,]*)([+-]?)$/.exec(bruto.replace(/\s+/g, ''));
  if (!m || (m[1] && m[3])) return undefined;
  const negativo = (m[1] || m[3]) === '-';
  let numero = m[2]!;
  const ponto = numero.lastIndexOf('.');
  const virgula = numero.lastIndexOf(',');
  let decimal = '';
  if (ponto >= 0 && virgula >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const sep = ponto > virgula ? '.' : ',';
    const [inteira, fracao, ...resto] = numero.split(sep);
    if (resto.length) return undefined;
    numero = inteira!.replaceAll(sep === '.' ? ',' : '.', '');
    decimal = fracao!;
  } else if (ponto >= 0 || virgula >= 0) {
    const sep = ponto >= 0 ? '.' : ',';
    const partes = numero.split(sep);
    if (partes.length > 2) {
      // '1.000.000': only thousands (a decimal separator appears once).
      if (partes.slice(1).some((p) => p.length !== 3)) return undefined;
      numero = partes.join('');
    } else {
      numero = partes[0]!;
      decimal = partes[1]!;
    }
  }
  if (!/^\d*$/.test(numero) || !/^\d*$/.test(decimal) || numero.length > 13) return undefined;
  // A third decimal place (some exports write '-3.340') rounds half away from zero.
  const arredonda = decimal.length > 2 && decimal[2]! >= '5' ? 1 : 0;
  const centavos = Number(numero || '0') * 100 + Number(decimal.slice(0, 2).padEnd(2, '0')) + arredonda;
  return negativo && centavos !== 0 ? -centavos : centavos;
}

/**
 * 'AAAA-MM-DD' of YYYYMMDD[HHMMSS[.XXX]][[gmt offset[:tz name]]]. The day is the one the bank wrote,
 * its local day: the zone is checked for form but not applied, because Brazilian banks label local
 * times with wrong zones ('[-03:EST]', '[-3:GMT]'), and shifting by them would move lines to another day.
 */
export function dataOfx(bruto: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,3})?)?)?(?:\[[+-]?\d{1,2}(?:\.\d{1,2})?(?::[A-Za-z]{1,8})?\])?$/.exec(bruto.trim());
  if (!m) return undefined;
  const [ano, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, min, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (ano < 1900 || mes < 1 || mes > 12 || dia < 1 || h > 23 || min > 59 || s > 59) return undefined;
  if (dia > new Date(Date.UTC(ano, mes, 0)).getUTCDate()) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
