import { campoNoCaminho, ehDecimalExato, findRecurso, normalizarDecimal, normalizeCnpj, recursos, type RecursoDef } from '@retaguarda/domain';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';

/**
 * How a field is stored and compared, inferred from its zod type. 'decimal' is an exact decimal
 * stored as a canonical string ('18.0000', docs/decisions/0009): compared as numeric, not as text.
 */
export type Tipo = 'numero' | 'decimal' | 'booleano' | 'texto' | 'json';

/** Every declaration of the catalogue, typed loosely for the generic engine. */
export const catalogo = (): RecursoDef[] => Object.keys(recursos).map((nome) => findRecurso(nome)!);

/** Fields of the engine that every record has, besides the declared ones. */
export const camposFixos = ['_id', 'lixo', 'created_at', 'updated_at'] as const;

export function tipoZod(schema: z.ZodType): Tipo {
  let t: { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } } | undefined = schema as unknown as typeof t;
  while (t) {
    if (ehDecimalExato(t)) return 'decimal';
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

/** One value found by valoresNoCaminho: where it is, and the object and key that hold it. */
export interface Ocorrencia {
  caminho: string;
  valor: unknown;
  pai: Record<string, unknown>;
  chave: string;
}

/**
 * Every value at a dotted path that may cross the items of a lista: 'membros.pessoa' gives each
 * member's pessoa, with its concrete path ('membros.0.pessoa'); 'configuracoes.caixa' gives one.
 */
export function valoresNoCaminho(obj: Record<string, unknown>, caminho: string): Ocorrencia[] {
  const achados: Ocorrencia[] = [];
  const visitar = (atual: unknown, partes: string[], feito: string) => {
    if (Array.isArray(atual)) {
      atual.forEach((item, i) => visitar(item, partes, `${feito}.${i}`));
      return;
    }
    if (typeof atual !== 'object' || atual === null) return;
    const [parte, ...resto] = partes;
    const pai = atual as Record<string, unknown>;
    if (!parte || !Object.hasOwn(pai, parte)) return;
    const aqui = feito ? `${feito}.${parte}` : parte;
    if (resto.length) visitar(pai[parte], resto, aqui);
    else achados.push({ caminho: aqui, valor: pai[parte], pai, chave: parte });
  };
  visitar(obj, caminho.split('.'), '');
  return achados;
}

/**
 * The SQL expression of a field: a column for the engine's fields, else `dados->>campo` with the cast
 * its type implies. The name is a bound parameter too; a value of the wrong JSON type reads as null
 * rather than failing the cast.
 */
export function expressao(def: RecursoDef, campo: string, dados: SQL = sql`${registro.dados}`): SQL {
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
  const pai = partes.reduce<SQL>((e, parte) => sql`(${e}->${parte}::text)`, dados);
  switch (tipoDoCampo(def, campo)) {
    case 'numero':
      return sql`(case when jsonb_typeof(${pai}->${nome}) = 'number' then (${pai}->>${nome})::numeric end)`;
    case 'decimal':
      // The canonical string, or a number written before the field became exact: '9.5' sorts before '10'.
      return sql`(case when jsonb_typeof(${pai}->${nome}) = 'number' or (${pai}->>${nome}) ~ '^-?[0-9]+([.][0-9]+)?$' then (${pai}->>${nome})::numeric end)`;
    case 'booleano':
      return sql`(case when jsonb_typeof(${pai}->${nome}) = 'boolean' then (${pai}->>${nome})::boolean end)`;
    case 'json':
      return sql`(${pai}->${nome})`;
    default:
      return sql`(${pai}->>${nome})`;
  }
}

/**
 * Documents, CEPs and phones are stored without mask: a value typed with one ('11.222.333/0001-81')
 * is compared as stored. Other fields keep the text as given.
 */
export function semMascara(def: RecursoDef, campo: string, texto: string): string {
  switch (campoNoCaminho(def, campo)?.tipo) {
    case 'cpfCnpj':
      return normalizeCnpj(texto);
    case 'cep':
    case 'telefone':
      return texto.replace(/\D/g, '');
    default:
      return texto;
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
  if (tipo === 'decimal') {
    // '18,5', '18.50' or 18.5: compared exactly as numeric, never through a binary float.
    const texto = normalizarDecimal(v);
    if (texto === null) throw invalido();
    return sql`${texto}::numeric`;
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
  return sql`${semMascara(def, campo, String(v))}::text`;
}

/** The referenced record of a `referencia` field, read through the alias `alvo` in a correlated subquery. */
const DADOS_ALVO = sql.raw('"alvo"."dados"');

/** The resource a top-level `referencia` field points to, when it is in the catalogue. */
export function alvoDaReferencia(def: RecursoDef, campo: string): RecursoDef | undefined {
  if (campo.includes('.') || campoNoCaminho(def, campo)?.tipo !== 'referencia') return undefined;
  const alvo = (def.relacoes as Record<string, string> | undefined)?.[campo];
  return alvo ? findRecurso(alvo) : undefined;
}

/**
 * `condicao` about the record a reference points to (one primary-key lookup per row): a company's
 * product found by the description of the group's product. `condicao` reads the target's fields
 * through expressaoDoAlvo.
 */
export function existeAlvo(campo: string, condicao: SQL): SQL {
  return sql`exists (select 1 from registro alvo where alvo.grupo_empresarial_id = ${registro.grupoEmpresarialId} and alvo.id = (${registro.dados}->>${campo}::text) and ${condicao})`;
}

export const expressaoDoAlvo = (alvo: RecursoDef, campo: string) => expressao(alvo, campo, DADOS_ALVO);

/** The record a sorted-by reference points to, joined once (alias `ordem_<n>`) instead of looked up per row by a subquery. */
export interface JuncaoDoAlvo {
  campo: string;
  alvo: RecursoDef;
  tabela: ReturnType<typeof alias<typeof registro, string>>;
  on: SQL;
}

/** The columns of the `registro` row a reference points to, under whatever alias the query gives it. */
export interface ColunasDoAlvo {
  grupoEmpresarialId: SQL | AnyColumn;
  recurso: SQL | AnyColumn;
  empresaId: SQL | AnyColumn;
}

/**
 * What a reference of the listed row may point to: the same group, the target's resource (so the group's
 * index by resource serves it) and, with the session's company, that company's record for a company's
 * resource or the group's own record otherwise. Without a company (no session), any of the group's.
 */
export function escopoDoAlvo(alvo: RecursoDef, t: ColunasDoAlvo, empresa?: string): SQL {
  const daEmpresa = empresa === undefined ? sql`true` : alvo.escopo === 'empresa' ? sql`${t.empresaId} = ${empresa}` : sql`${t.empresaId} is null`;
  return sql`${t.grupoEmpresarialId} = ${registro.grupoEmpresarialId} and ${t.recurso} = ${alvo.nome}::text and ${daEmpresa}`;
}

/** The join of a reference `campo` to its target, within escopoDoAlvo. */
export function juncaoDoAlvo(campo: string, alvo: RecursoDef, n: number, empresa?: string): JuncaoDoAlvo {
  const tabela = alias(registro, `ordem_${n}`);
  const on = sql`${escopoDoAlvo(alvo, tabela, empresa)} and ${tabela.id} = (${registro.dados}->>${campo}::text)`;
  return { campo, alvo, tabela, on };
}

/** The value a reference sorts by: the joined target's own sort field (a product by its description). */
export const ordemDoAlvo = (j: JuncaoDoAlvo): SQL => expressao(j.alvo, j.alvo.ordenacao.campo, sql`${j.tabela.dados}`);
