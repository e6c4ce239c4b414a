import { z } from 'zod';
import { deEscalado, normalizarDecimal, paraEscalado } from './decimal.ts';

export interface OpcoesDecimal {
  /** Places kept after the point (the value is refused when it has more). */
  casas: number;
  min?: string;
  /** Exclusive lower bound: '0' for a rate that must be positive. */
  acimaDe?: string;
  max?: string;
  /** The field's label for messages: 'a alíquota' → 'Informe a alíquota.' */
  rotulo: string;
}

/**
 * zod schema of an exact decimal: accepts '18', '18,5', '18.50' or a JSON number written by hand
 * and yields the canonical string with exactly `casas` places. Messages name the field.
 */
export function decimalExato(opcoes: OpcoesDecimal) {
  const { casas, rotulo } = opcoes;
  const schema = z.union([z.string(), z.number()], { error: `Informe ${rotulo}.` }).transform((valor, ctx) => {
    const texto = normalizarDecimal(valor);
    if (texto === null || (typeof valor === 'string' && valor.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: `Informe ${rotulo} (número).` });
      return z.NEVER;
    }
    let escalado: bigint;
    try {
      escalado = paraEscalado(texto, casas);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${maiuscula(rotulo)}: use no máximo ${casas} casas decimais.` });
      return z.NEVER;
    }
    if (opcoes.min !== undefined && escalado < paraEscalado(opcoes.min, casas)) {
      ctx.addIssue({ code: 'custom', message: `${maiuscula(rotulo)} deve ser no mínimo ${opcoes.min.replace('.', ',')}.` });
      return z.NEVER;
    }
    if (opcoes.acimaDe !== undefined && escalado <= paraEscalado(opcoes.acimaDe, casas)) {
      ctx.addIssue({ code: 'custom', message: `${maiuscula(rotulo)} deve ser maior que ${opcoes.acimaDe.replace('.', ',')}.` });
      return z.NEVER;
    }
    if (opcoes.max !== undefined && escalado > paraEscalado(opcoes.max, casas)) {
      ctx.addIssue({ code: 'custom', message: `${maiuscula(rotulo)} deve ser no máximo ${opcoes.max.replace('.', ',')}.` });
      return z.NEVER;
    }
    return deEscalado(escalado, casas);
  });
  // The transform too: a refined copy of the schema keeps it as its output.
  DECIMAIS.add(schema).add(schema._zod.def.out);
  return schema;
}

/** Schemas made by decimalExato (also when wrapped in nullable/default/optional or refined). */
const DECIMAIS = new WeakSet<object>();

/**
 * Whether a zod schema is an exact decimal, looking through nullable/optional/default: the server
 * casts such a field to numeric to sort and filter it, the web sends it as text.
 */
export function ehDecimalExato(schema: unknown): boolean {
  let atual = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown; type?: string } } } | undefined;
  for (let i = 0; atual && i < 10; i++) {
    const def = atual._zod?.def as { innerType?: unknown; in?: unknown; out?: object; type?: string } | undefined;
    if (DECIMAIS.has(atual) || (def?.out && DECIMAIS.has(def.out))) return true;
    if (!def || def.type === 'array' || def.type === 'object') return false;
    atual = (def.innerType ?? def.in) as typeof atual;
  }
  return false;
}

const maiuscula = (texto: string) => texto.charAt(0).toUpperCase() + texto.slice(1);
