import { z } from 'zod';

/** The fields the stock documents' bodies share (movements, counts, production and purchase orders). */

/** A record chosen on the screen (an id), or 'Escolha <rótulo>.' */
export const escolhido = (rotulo: string) => z.string({ error: `Escolha ${rotulo}.` }).trim().min(1, `Escolha ${rotulo}.`);

/** Free text that may be left out: blank reads as null. */
export const textoOpcional = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);

/** A note of up to 500 characters; blank reads as null. */
export const observacaoOpcional = z.string().trim().max(500, 'No máximo 500 caracteres.').nullish().transform((v) => v || null);
