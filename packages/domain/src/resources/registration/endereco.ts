import { z } from 'zod';
import { ufs } from '../../listas/ufs.ts';
import type { Campo } from '../define.ts';

export const siglasUf = ufs.map((uf) => uf.sigla) as [string, ...string[]];

const somenteDigitos = (v: string) => v.replace(/\D/g, '');
const opcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The IBGE code of a municipality: 7 digits whose first two are the UF's IBGE code (35… for SP).
 * The server also checks the code is a real city of the UF (IBGE list) and writes its name.
 */
export function codigoMunicipioConfere(codigo: string, uf: string): boolean {
  const estado = ufs.find((u) => u.sigla === uf);
  return /^\d{7}$/.test(codigo) && (!estado || codigo.startsWith(String(estado.codigo)));
}

/** A Brazilian address (NF-e enderEmit: xLgr, nro, xCpl, xBairro, cMun, xMun, UF, CEP). */
export const enderecoSchema = z
  .object({
    cep: z.string({ error: 'Informe o CEP.' }).overwrite(somenteDigitos).regex(/^\d{8}$/, 'CEP inválido (8 dígitos).'),
    logradouro: z.string({ error: 'Informe o logradouro.' }).trim().min(1, 'Informe o logradouro.').max(120),
    numero: z.string({ error: 'Informe o número (ou S/N).' }).trim().min(1, 'Informe o número (ou S/N).').max(20),
    complemento: opcional(60),
    bairro: z.string({ error: 'Informe o bairro.' }).trim().min(1, 'Informe o bairro.').max(60),
    uf: z.enum(siglasUf, { error: 'Escolha a UF.' }),
    codigoMunicipio: z.string({ error: 'Informe o código IBGE do município.' }).overwrite(somenteDigitos),
    municipio: z.string({ error: 'Informe o município.' }).trim().min(1, 'Informe o município.').max(60),
  })
  .superRefine((e, ctx) => {
    if (!/^\d{7}$/.test(e.codigoMunicipio)) ctx.addIssue({ code: 'custom', path: ['codigoMunicipio'], message: 'O código IBGE do município tem 7 dígitos.' });
    else if (!codigoMunicipioConfere(e.codigoMunicipio, e.uf))
      ctx.addIssue({ code: 'custom', path: ['codigoMunicipio'], message: `O código IBGE de um município de ${e.uf} começa com ${ufs.find((u) => u.sigla === e.uf)?.codigo}.` });
  });
export type Endereco = z.infer<typeof enderecoSchema>;

export const camposEndereco: Record<keyof Endereco, Campo> = {
  cep: { rotulo: 'CEP', tipo: 'cep' },
  logradouro: { rotulo: 'Logradouro', tipo: 'texto' },
  numero: { rotulo: 'Número', tipo: 'texto' },
  complemento: { rotulo: 'Complemento', tipo: 'texto' },
  bairro: { rotulo: 'Bairro', tipo: 'texto' },
  uf: { rotulo: 'UF', tipo: 'uf' },
  municipio: { rotulo: 'Município', tipo: 'municipio', uf: 'uf', codigo: 'codigoMunicipio' },
  // Written by the city picker beside it (the form shows it read-only, and sends it).
  codigoMunicipio: { rotulo: 'Código IBGE do município', tipo: 'texto' },
};
