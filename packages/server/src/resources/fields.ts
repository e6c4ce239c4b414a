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

export function tipoDoCampo(def: RecursoDef, campo: string): Tipo {
  if (campo === 'lixo') return 'booleano';
  const shape = def.schema.shape as Record<string, z.ZodType>;
  return Object.hasOwn(shape, campo) ? tipoZod(shape[campo]!) : 'texto';
}

/** A field name of the declaration, or 400 "Campo desconhecido em {onde}: X". */
export function campoConhecido(def: RecursoDef, campo: string, onde: string): string {
  const declarados = new Set<string>([...camposFixos, ...Object.keys(def.schema.shape), ...def.filtros, ...def.colunas, ...def.busca]);
  if (!declarados.has(campo)) throw new HttpError(400, `Campo desconhecido em ${onde}: ${campo}`);
  return campo;
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
  const nome = sql`${campo}::text`;
  switch (tipoDoCampo(def, campo)) {
    case 'numero':
      return sql`(case when jsonb_typeof(${registro.dados}->${nome}) = 'number' then (${registro.dados}->>${nome})::numeric end)`;
    case 'booleano':
      return sql`(case when jsonb_typeof(${registro.dados}->${nome}) = 'boolean' then (${registro.dados}->>${nome})::boolean end)`;
    case 'json':
      return sql`(${registro.dados}->${nome})`;
    default:
      return sql`(${registro.dados}->>${nome})`;
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
