// Apart from schemas.ts so a screen that lists the rules does not bring zod with it.

/** Password rules shown to the user and enforced on the server. */
export const regrasSenha = ['Pelo menos 8 caracteres', 'Pelo menos uma letra', 'Pelo menos um número'] as const;

/** Which of regrasSenha a password meets, in the same order (for live checks next to the field). */
export function regrasSenhaAtendidas(senha: string): boolean[] {
  return [senha.length >= 8, /[A-Za-zÀ-ÿ]/.test(senha), /[0-9]/.test(senha)];
}
