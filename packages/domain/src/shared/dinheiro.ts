/** Centavos → '1.234,56' (integer arithmetic only: money never goes through a float). */
export function centavosParaTexto(centavos: number): string {
  const negativo = centavos < 0;
  const abs = Math.abs(Math.trunc(centavos));
  const reais = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negativo ? '-' : ''}${reais},${String(abs % 100).padStart(2, '0')}`;
}

/** Centavos → 'R$ 1.234,56'. */
export function reais(centavos: number): string {
  const texto = centavosParaTexto(centavos);
  return texto.startsWith('-') ? `-R$ ${texto.slice(1)}` : `R$ ${texto}`;
}
