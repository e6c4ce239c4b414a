import type { z } from 'zod';

/**
 * One declaration per entity (react-admin / Twenty style): the server's API, the OpenAPI document,
 * the list screen and the form are all derived from it. Entity-specific rules are hooks on the
 * generic pipeline (server side), not copies of it.
 */
export type Escopo = 'grupo' | 'empresa';

/** How a field is shown and edited; the storage type is inferred from the zod schema. */
export type TipoCampo =
  | 'texto'
  | 'textoLongo'
  | 'inteiro'
  | 'decimal'
  | 'dinheiro' // integer centavos
  | 'percentual'
  | 'booleano'
  | 'data'
  | 'hora'
  | 'opcao' // one of `opcoes`
  | 'referencia' // _id of the resource in `relacoes`
  | 'cpfCnpj'
  | 'cep'
  | 'telefone'
  | 'cor'
  | 'lista'; // array of sub-objects, edited as a table

export interface Campo {
  rotulo: string;
  tipo: TipoCampo;
  ajuda?: string;
  /** Fixed choices for `opcao` (value = label). */
  opcoes?: readonly string[];
}

export type Campos<S extends z.ZodRawShape> = { [K in keyof S & string]: Campo };

export interface RecursoDef<S extends z.ZodRawShape = z.ZodRawShape> {
  /** API path segment, table key and, by default, the screen name: one word everywhere. */
  nome: string;
  /** Screen that lists it, when not the same as `nome`. */
  tela?: string;
  rotulo: string;
  rotuloPlural: string;
  /** Grammatical gender of `rotulo`, for messages ("Unidade de medida não encontrada."). */
  feminino?: boolean;
  escopo: Escopo;
  /** What a user writes. _id, tenant keys, lixo, version and timestamps are added by the engine. */
  schema: z.ZodObject<S>;
  campos: Campos<S>;
  /** List columns, in order. */
  colunas: readonly (keyof S & string)[];
  /** Fields the search box looks in. */
  busca: readonly (keyof S & string)[];
  /** Fields a filter may name (besides _id, lixo, created_at, updated_at). */
  filtros: readonly (keyof S & string)[];
  ordenacao: { campo: keyof S & string; direcao: 'asc' | 'desc' };
  /** Reference fields → the resource they point to, for populate. */
  relacoes?: Partial<Record<keyof S & string, string>>;
  /** Field sets unique within the tenant (group or company) among records not in the trash. */
  unicos?: readonly (readonly (keyof S & string)[])[];
}

/** Identity function that keeps the field names typed against the schema. */
export function defineRecurso<S extends z.ZodRawShape>(def: RecursoDef<S>): RecursoDef<S> {
  return def;
}

/** Fields the engine adds to every record. */
export const camposDoMotor = ['_id', 'grupoEmpresarial', 'empresa', 'lixo', 'version', 'created_at', 'updated_at'] as const;
