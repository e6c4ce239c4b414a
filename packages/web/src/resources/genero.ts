import type { RecursoDef } from '@retaguarda/domain';

export type Genero = 'feminino' | 'masculino';

/**
 * Grammatical gender of a resource's label, for "Nenhuma … cadastrada" / "Nenhum … cadastrado".
 * The declaration's `feminino` flag decides; without it, the label's first word is read.
 */
export function generoDe(recurso: RecursoDef): Genero {
  const declarado = (recurso as { feminino?: boolean }).feminino;
  if (typeof declarado === 'boolean') return declarado ? 'feminino' : 'masculino';
  const palavra = (recurso.rotulo.split(/\s+/)[0] ?? '').toLowerCase();
  if (['dia', 'mapa', 'sistema', 'tema', 'problema', 'programa'].includes(palavra)) return 'masculino';
  return /(a|ade|ção|são|gem|ie|ez)$/.test(palavra) ? 'feminino' : 'masculino';
}

/** The label inside a sentence: "Unidade de medida" → "unidade de medida" (acronyms kept). */
export function rotuloNaFrase(rotulo: string): string {
  return /^[A-ZÀ-Ý]{2}/.test(rotulo) ? rotulo : rotulo.charAt(0).toLowerCase() + rotulo.slice(1);
}
