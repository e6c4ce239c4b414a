import { z } from 'zod';
import { compararDecimal } from '../../shared/decimal.ts';
import { decimalExato } from '../../shared/decimalExato.ts';

/** A tax rate in percent with the 4 places of the NF-e (pICMS, pPIS… are TDec_0302a04): 0 to 100. */
export const aliquota = (rotulo: string) => decimalExato({ casas: 4, min: '0', max: '100', rotulo });

/** A code typed by hand that may be left empty ('' is none), checked against its pattern. */
export const codigoOpcional = (padrao: RegExp, mensagem: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || padrao.test(v), mensagem);

/** A rate of '0.0000' (or missing): nothing is charged. */
export const ehZero = (valor: string | null | undefined): boolean => !valor || compararDecimal(valor, '0') === 0;
