/**
 * NCM (Nomenclatura Comum do Mercosul, 8 digits; '00000000' is what an NF-e carries for items that
 * are not goods) and CEST (Código Especificador da Substituição Tributária, 7 digits), typed with or
 * without their dots ('2203.00.00', '03.002.00'). Returns the digits, or null when the count is wrong.
 */
export function normalizarNcm(valor: string): string | null {
  const digitos = valor.replace(/[\s.]/g, '');
  return /^\d{8}$/.test(digitos) ? digitos : null;
}

export function normalizarCest(valor: string): string | null {
  const digitos = valor.replace(/[\s.]/g, '');
  return /^\d{7}$/.test(digitos) ? digitos : null;
}
