import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from '../../documents/cnpj.ts';

/** CNPJ numeric or alphanumeric, stored without mask and uppercase (DOMAIN.md §5). */
export const cnpjSchema = z.string({ error: 'Informe o CNPJ.' }).overwrite(normalizeCnpj).refine(isValidCnpj, 'CNPJ inválido.');

/** The same, where it may be left empty ('' and null are no CNPJ). */
export const cnpjOpcionalSchema = z
  .string()
  .nullish()
  .transform((v) => (v ? normalizeCnpj(v) : null))
  .refine((v) => v === null || isValidCnpj(v), 'CNPJ inválido.');

/** Text that may be left empty: '' becomes null. */
export const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `No máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailOpcional = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'E-mail inválido.');

/** Id of another record (or of an uploaded file); empty is none. */
export const idOpcional = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null));
