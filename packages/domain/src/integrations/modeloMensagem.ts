/**
 * Message templates with variables in braces ('Seu código é {codigo}'): the OTP message, the automatic
 * messages of an order's events. A template names only variables its use knows; one it does not is
 * refused naming it, so a customer never gets a literal '{nmoe}'.
 */
const VARIAVEL = /\{([^{}\s]*)\}/g;

/** The variables a template uses, in order of first appearance. */
export function variaveisDoModelo(texto: string): string[] {
  return [...new Set([...texto.matchAll(VARIAVEL)].map((m) => m[1]!))];
}

/** The message for the template's unknown variables, or null when every one is known. */
export function conferirModelo(texto: string, conhecidas: readonly string[], obrigatorias: readonly string[] = []): string | null {
  const usadas = variaveisDoModelo(texto);
  const desconhecidas = usadas.filter((v) => !conhecidas.includes(v));
  if (desconhecidas.length)
    return `${desconhecidas.length > 1 ? 'Variáveis desconhecidas' : 'Variável desconhecida'}: ${desconhecidas.map((v) => `{${v}}`).join(', ')}. Use ${conhecidas.map((v) => `{${v}}`).join(', ')}.`;
  const faltando = obrigatorias.filter((v) => !usadas.includes(v));
  if (faltando.length) return `A mensagem precisa de ${faltando.map((v) => `{${v}}`).join(' e ')}.`;
  return null;
}

/** The template with each known variable replaced by its value. */
export function preencherMensagem(texto: string, valores: Readonly<Record<string, string>>): string {
  return texto.replace(VARIAVEL, (todo, nome: string) => valores[nome] ?? todo);
}
