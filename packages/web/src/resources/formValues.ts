import type { Campo, RecursoDef } from '@retaguarda/domain';
import type { ZodType } from 'zod';
import { centavosParaTexto, parseCentavos } from './format.ts';

/**
 * A form holds each field in its editing shape (money as the typed text, empty numbers as '',
 * references as the id or ''); toPayload turns it into what the declaration's zod schema takes.
 */
export type Valores = Record<string, unknown>;
export type Erros = Record<string, string>;
export interface Mensagens {
  valorInvalido: string;
  numeroInvalido: string;
}

const NUMERICOS = new Set(['inteiro', 'decimal', 'percentual']);

function fieldSchema(recurso: RecursoDef, campo: string): ZodType | undefined {
  return (recurso.schema.shape as Record<string, ZodType>)[campo];
}

function aceitaNulo(recurso: RecursoDef, campo: string): boolean {
  return fieldSchema(recurso, campo)?.safeParse(null).success ?? false;
}

/** The schema's default for a field, when it has one. */
function padrao(recurso: RecursoDef, campo: string): unknown {
  const r = fieldSchema(recurso, campo)?.safeParse(undefined);
  return r?.success ? r.data : undefined;
}

export function campos(recurso: RecursoDef): [string, Campo][] {
  return Object.entries(recurso.campos as Record<string, Campo>);
}

function paraEdicao(campo: Campo, valor: unknown): unknown {
  switch (campo.tipo) {
    case 'booleano':
      return Boolean(valor);
    case 'dinheiro':
      return typeof valor === 'number' ? centavosParaTexto(valor) : '';
    case 'inteiro':
    case 'decimal':
    case 'percentual':
      return typeof valor === 'number' ? valor : '';
    case 'referencia':
      if (valor && typeof valor === 'object') return String((valor as { _id?: unknown })._id ?? '');
      return typeof valor === 'string' ? valor : '';
    case 'lista':
      return Array.isArray(valor) ? valor : [];
    case 'data':
      return typeof valor === 'string' ? valor.slice(0, 10) : '';
    default:
      return valor === null || valor === undefined ? '' : String(valor);
  }
}

/** Editing values of a record, or of a new one (schema defaults), or of a copy. */
export function valoresIniciais(recurso: RecursoDef, registro?: Record<string, unknown>): Valores {
  const valores: Valores = {};
  for (const [nome, campo] of campos(recurso)) {
    valores[nome] = paraEdicao(campo, registro ? registro[nome] : padrao(recurso, nome));
  }
  return valores;
}

/** Editing values → the object the schema validates, and the field errors found on the way. */
export function toPayload(recurso: RecursoDef, valores: Valores, mensagens: Mensagens): { payload: Record<string, unknown>; erros: Erros } {
  const payload: Record<string, unknown> = {};
  const erros: Erros = {};
  for (const [nome, campo] of campos(recurso)) {
    const v = valores[nome];
    const vazio = v === '' || v === null || v === undefined;
    const semValor = aceitaNulo(recurso, nome) ? null : undefined;
    if (campo.tipo === 'dinheiro') {
      const centavos = parseCentavos(typeof v === 'string' ? v : '');
      if (centavos === undefined) erros[nome] = mensagens.valorInvalido;
      payload[nome] = centavos === null || centavos === undefined ? semValor : centavos;
    } else if (NUMERICOS.has(campo.tipo)) {
      const numero = typeof v === 'number' ? v : Number(String(v));
      if (!vazio && !Number.isFinite(numero)) erros[nome] = mensagens.numeroInvalido;
      payload[nome] = vazio ? semValor : numero;
    } else if (campo.tipo === 'opcao' || campo.tipo === 'referencia' || campo.tipo === 'cor' || campo.tipo === 'data' || campo.tipo === 'hora') {
      payload[nome] = vazio ? semValor : v;
    } else if (campo.tipo === 'booleano') {
      payload[nome] = Boolean(v);
    } else {
      payload[nome] = v ?? '';
    }
  }
  return { payload, erros };
}

/** Validates with the declaration's own zod schema: the first message of each field. */
export function validar(recurso: RecursoDef, valores: Valores, mensagens: Mensagens): { dados?: Record<string, unknown>; erros: Erros } {
  const { payload, erros } = toPayload(recurso, valores, mensagens);
  const parsed = recurso.schema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const campo = String(issue.path[0] ?? '');
      if (campo && !erros[campo]) erros[campo] = issue.message;
    }
  }
  if (Object.keys(erros).length || !parsed.success) return { erros };
  return { dados: parsed.data as Record<string, unknown>, erros };
}
