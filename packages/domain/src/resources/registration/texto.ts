import { z } from 'zod';

/**
 * A required text field whose every refusal says what to do: missing or empty → `informe`, too long →
 * the limit. (An `error` option on z.string would answer `informe` for the too-long case too.)
 */
export const textoObrigatorio = (informe: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? informe : undefined) })
    .trim()
    .min(1, informe)
    .max(max, `No máximo ${max} caracteres.`);
