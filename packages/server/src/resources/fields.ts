import { findRecurso, recursos, type RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';

/** How a field is stored and compared, inferred from its zod type. */
export type Tipo = 'numero' | 'booleano' | 'texto' | 'json';

/** Every declaration of the catalogue, typed loosely for the generic engine. */
export const catalogo = (): RecursoDef[] => Object.keys(recursos).map((nome) => findRecurso(nome)!);

/** Fields of the engine that every record has, besides the declared ones. */
export const camposFixos = ['_id', 'lixo', 'created_at', 'updated_at'] as const;

export function tipoZod(schema: z.ZodType): Tipo {
  let t: { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } } | undefined = schema as unknown as typeof t;
  while (t) {
    const def = t._zod.def;
    if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') return 'numero';
    if (def.type === 'boolean') return 'booleano';
    if (def.type === 'string' || def.type === 'enum' || def.type === 'literal') return 'texto';
    if (def.type === 'array' || def.type === 'object' || def.type === 'record') return 'json';
    t = (def.innerType ?? def.in) as typeof t;
  }
  return 'texto';
}

/** The zod type at a path: 'campo', or 'campo.sub' inside an object field (through optional/default/nullable). */
export function zodNoCaminho(def: RecursoDef, caminho: string): z.ZodType | undefined {
  let shape: Record<string, z.ZodType> | undefined = def.schema.shape as Record<string, z.ZodType>;
  let atual: z.ZodType | undefined;
  for (const parte of caminho.split('.')) {
    if (!shape || !Object.hasOwn(shape, parte)) return undefined;
    atual = shape[parte]!;
    shape = shapeDoObjeto(atual);
  }
  return atual;
}

function shapeDoObjeto(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let t: { _zod: { def: { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, z.ZodType> } } } | undefined = schema as unknown as typeof t;
  while (t) {
    const def = t._zod.def;
    if (def.type === 'object') return def.shape;
    t = (def.innerType ?? def.in) as typeof t;
  }
  return undefined;
}

export function tipoDoCampo(def: RecursoDef, campo: string): Tipo {
  if (campo === 'lixo') return 'booleano';
  const schema = zodNoCaminho(def, campo);
  return schema ? tipoZod(schema) : 'texto';
}

/**
 * A field name of the declaration, or 400 "Campo desconhecido em {onde}: X". A dotted path into an
 * object field ('configuracoes.caixa') counts when `aninhado` (filter, sort, populate; not select).
 */
export function campoConhecido(def: RecursoDef, campo: string, onde: string, aninhado = true): string {
  const declarados = new Set<string>([...camposFixos, ...Object.keys(def.schema.shape), ...def.filtros, ...def.colunas, ...def.busca]);
  if (declarados.has(campo)) return campo;
  if (aninhado && campo.includes('.') && zodNoCaminho(def, campo)) return campo;
  throw new HttpError(400, `Campo desconhecido em ${onde}: ${campo}`);
}

/** The value at a dotted path of a record (undefined when a step is missing or not an object). */
export function lerCaminho(obj: Record<string, unknown>, caminho: string): unknown {
  let atual: unknown = obj;
  for (const parte of caminho.split('.')) {
    if (typeof atual !== 'object' || atual === null || Array.isArray(atual) || !Object.hasOwn(atual, parte)) return undefined;
    atual = (atual as Record<string, unknown>)[parte];
  }
  return atual;
}

/** Sets the value at a dotted path whose parent object exists; does nothing otherwise. */
export function escreverCaminho(obj: Record<string, unknown>, caminho: string, valor: unknown): void {
  const partes = caminho.split('.');
  const ultimo = partes.pop()!;
  const pai = partes.length ? lerCaminho(obj, partes.join('.')) : obj;
  if (typeof pai === 'object' && pai !== null && !Array.isArray(pai)) (pai as Record<string, unknown>)[ultimo] = valor;
}

/**
 * The SQL expression of a field: a column for the engine's fields, else `dados->>campo` with the cast
 * its type implies. The name is a bound parameter too; a value of the wrong JSON type reads as null
 * rather than failing the cast.
 */
export function expressao(def: RecursoDef, campo: string): SQL {
  switch (campo) {
    case '_id':
      return sql`${registro.id}`;
    case 'lixo':
      return sql`${registro.lixo}`;
    case 'created_at':
      return sql`${registro.createdAt}`;
    case 'updated_at':
      return sql`${registro.updatedAt}`;
  }
  // 'a.b' reads dados->'a'->'b': each step a bound parameter.
  const partes = campo.split('.');
  const nome = sql`${partes.pop()!}::text`;
  const pai = partes.reduce<SQL>((e, parte) => sql`(${e}->${parte}::text)`, sql`${registro.dados}`);
  switch (tipoDoCampo(def, campo)) {
    case 'numero':
      return sql`(case when jsonb_typeof(${pai}->${nome}) = 'number' then (${pai}->>${nome})::numeric end)`;
    case 'booleano':
      return sql`(case when jsonb_typeof(${pai}->${nome}) = 'boolean' then (${pai}->>${nome})::boolean end)`;
    case 'json':
      return sql`(${pai}->${nome})`;
    default:
      return sql`(${pai}->>${nome})`;
  }
}

/** A filter value as a bound, cast parameter; 400 when it does not fit the field's type. */
export function valor(def: RecursoDef, campo: string, v: unknown): SQL {
  const tipo = tipoDoCampo(def, campo);
  const invalido = () => new HttpError(400, `Valor inválido em filtro: ${campo}`);
  if (tipo === 'numero') {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw invalido();
    return sql`${String(n)}::numeric`;
  }
  if (tipo === 'booleano') {
    if (v === true || v === 'true') return sql`true`;
    if (v === false || v === 'false') return sql`false`;
    throw invalido();
  }
  if (campo === 'created_at' || campo === 'updated_at') {
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw invalido();
    return sql`${v}::timestamptz`;
  }
  if (tipo === 'json') return sql`${JSON.stringify(v)}::jsonb`;
  if (typeof v !== 'string' && typeof v !== 'number') throw invalido();
  return sql`${String(v)}::text`;
}
