import { z } from 'zod';

/**
 * Exact decimals (quantities, tax rates, percentages) travel and are stored as canonical strings
 * with a fixed number of places: '18.0000', '0.125'. Never a binary float: '0.1' + '0.2' must be
 * '0.3'. Arithmetic goes through scaled BigInt (paraEscalado / deEscalado).
 */
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

const FORMATO = /^-?\d+(?:[.,]\d+)?$/;

/** '1.234,5' and '1234.5' and 1234.5 → '1234.5' (no thousands separators kept); null when not a number. */
export function normalizarDecimal(valor: unknown): string | null {
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor).includes('e') ? null : String(valor) : null;
  if (typeof valor !== 'string') return null;
  let texto = valor.trim().replace(/\s/g, '');
  if (texto.includes(',')) texto = texto.replace(/\./g, '').replace(',', '.');
  return FORMATO.test(texto) ? texto : null;
}

/** The value times 10^casas as a BigInt; throws when it has more places than `casas`. */
export function paraEscalado(valor: string, casas: number): bigint {
  const texto = normalizarDecimal(valor);
  if (texto === null) throw new Error(`Número inválido: ${valor}`);
  const negativo = texto.startsWith('-');
  const [inteira, fracao = ''] = texto.replace('-', '').split('.');
  if (fracao.replace(/0+$/, '').length > casas) throw new Error(`Mais de ${casas} casas decimais: ${valor}`);
  const escalado = BigInt(inteira! + fracao.padEnd(casas, '0').slice(0, casas));
  return negativo ? -escalado : escalado;
}

/** Inverse of paraEscalado: 180000n, 4 → '18.0000'. */
export function deEscalado(escalado: bigint, casas: number): string {
  const negativo = escalado < 0n;
  const digitos = (negativo ? -escalado : escalado).toString().padStart(casas + 1, '0');
  const inteira = digitos.slice(0, digitos.length - casas);
  const fracao = digitos.slice(digitos.length - casas);
  return `${negativo ? '-' : ''}${inteira}${casas ? `.${fracao}` : ''}`;
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compararDecimal(a: string, b: string): number {
  const casas = Math.max(casasDe(a), casasDe(b));
  const x = paraEscalado(a, casas);
  const y = paraEscalado(b, casas);
  return x < y ? -1 : x > y ? 1 : 0;
}

function casasDe(valor: string): number {
  const texto = normalizarDecimal(valor) ?? '0';
  return texto.includes('.') ? texto.split('.')[1]!.length : 0;
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
