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
  | 'opcoes' // several of `opcoes` (array of strings)
  | 'referencia' // _id of the resource in `relacoes`
  | 'referencias' // array of _ids of the resource in `relacoes`
  | 'imagem' // _id of an uploaded image file (GET /api/arquivo/{_id})
  | 'cpfCnpj'
  | 'cep'
  | 'telefone'
  | 'cor'
  | 'lista' // array of sub-objects, edited as a table; the item's fields in `campos`
  | 'objeto' // nested object, its fields in `campos`
  | 'uf' // sigla of a federative unit (lista 1)
  | 'municipio' // city name picked from the IBGE list of the sibling `uf`; its code goes to the sibling `codigo`
  | 'permissoes' // acessoSistema grid: screen name → allowed actions, grouped by menu area
  | 'senha' // write-only secret: hashed by a hook, never stored in the record nor returned
  | 'pin'; // write-only numeric PIN, like senha

export interface Campo {
  rotulo: string;
  tipo: TipoCampo;
  ajuda?: string;
  /** Fixed choices for `opcao` and `opcoes` (value = label). */
  opcoes?: readonly string[];
  /** Labels of `opcoes` when the stored value is a code ('1' → '1 - Simples Nacional'). */
  rotulosOpcoes?: Readonly<Record<string, string>>;
  /** Fields of an `objeto` (relacoes name them as 'campo.subcampo'), or of one item of a `lista`. */
  campos?: Readonly<Record<string, Campo>>;
  /** `referencia`: the form offers only the target's records matching this filter (a server rule still decides). */
  filtro?: Readonly<Record<string, unknown>>;
  /** The form shows the field only while these sibling fields have these values ({tipo: 'Física'}; a list: any of them). */
  visivelSe?: Readonly<Record<string, unknown>>;
  /** Written by the server only (e.g. the certificate summary): shown, never sent by the form. */
  somenteLeitura?: boolean;
  /** `municipio`: the sibling field holding the UF that restricts the cities. */
  uf?: string;
  /** `municipio`: the sibling field that receives the city's 7-digit IBGE code (shown read-only, sent). */
  codigo?: string;
  /** Shown on the form of a new record only (e.g. the first password of a user). */
  somenteNovo?: boolean;
  /** Edited by the screen's own section (its page's `extra`), not by a generic input: the generic form leaves it out. */
  naSecaoDaTela?: boolean;
  /** `lista`: the list column shows each item by these fields ('SP 18,00 %; RJ 12,00 %') instead of the count. */
  resumo?: readonly string[];
}

/** A tab of the form: its key (a page may open on it, e.g. ?aba=ipi), its title and its fields. */
export interface Aba<K extends string = string> {
  chave: string;
  rotulo: string;
  campos: readonly K[];
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
  /**
   * Reference fields → the resource they point to, for populate and for the check on save. A field
   * of a nested `objeto` or of the items of a `lista` is named by its dotted path:
   * {'configuracoes.caixa': 'caixa', 'membros.pessoa': 'pessoa'}.
   */
  relacoes?: Partial<Record<CaminhoDeCampo<S>, string>>;
  /** Field sets unique within the tenant (group or company) among records not in the trash. */
  unicos?: readonly (readonly (keyof S & string)[])[];
  /**
   * Rules across fields, run after the schema (zod refinements would stop `.partial()`): each broken
   * rule gives the field it is shown on and the message.
   */
  regras?: (dados: z.infer<z.ZodObject<S>>) => readonly { campo: CaminhoDeCampo<S>; mensagem: string }[];
  /**
   * Warnings across fields that do not stop saving (a meal-voucher contract above the PAT caps): the
   * form shows them while the values break them.
   */
  alertas?: (dados: z.infer<z.ZodObject<S>>) => readonly { campo: CaminhoDeCampo<S>; mensagem: string }[];
  /** Read by the API only (no screen of its own), e.g. periodo. */
  semTela?: boolean;
  /**
   * What the screen cannot do yet because it depends on a part of the system not built (sales,
   * products…), said plainly on the list and the form instead of faking it.
   */
  avisos?: readonly string[];
  /**
   * One record per business group whose _id is the group's (grupoEmpresarial): the screen edits it,
   * the API refuses creating another one and trashing it.
   */
  registroUnico?: boolean;
  /**
   * Reading needs 'ver' on the resource's screen (docs/decisions/0008). Without it, every signed-in
   * user of the company may read the resource, because other screens load it as a reference list.
   */
  leituraRestrita?: boolean;
  /** The form's fields in tabs, in order; a field in no tab goes to the first one. */
  abas?: readonly Aba<keyof S & string>[];
}

/** The screen whose permissions govern a resource's API. */
export const telaDoRecurso = (def: Pick<RecursoDef, 'nome' | 'tela'>): string => def.tela ?? def.nome;

/** A field, or a path into it: 'configuracoes.caixa', or 'enderecos.0.cidade' for an item of a lista. */
export type CaminhoDeCampo<S extends z.ZodRawShape> = (keyof S & string) | `${keyof S & string}.${string}`;

/**
 * The declared field at a path ('campo', 'campo.subcampo' of an `objeto` or a `lista`), if any. An
 * item index inside a lista path is skipped: 'enderecos.0.cidade' is the field 'cidade' of an address.
 */
export function campoNoCaminho(def: Pick<RecursoDef, 'campos'>, caminho: string): Campo | undefined {
  let campos: Readonly<Record<string, Campo>> | undefined = def.campos as Record<string, Campo>;
  let campo: Campo | undefined;
  for (const parte of caminho.split('.')) {
    if (campo?.tipo === 'lista' && /^\d+$/.test(parte)) continue;
    campo = campos && Object.hasOwn(campos, parte) ? campos[parte] : undefined;
    if (!campo) return undefined;
    campos = campo.campos;
  }
  return campo;
}

/** What a resource's file declares: its schema as a function, built on first use (see defineRecurso). */
export type DeclaracaoDeRecurso<S extends z.ZodRawShape> = Omit<RecursoDef<S>, 'schema'> & { schema: () => z.ZodObject<S> };

/**
 * Keeps the field names typed against the schema, and builds the schema when it is first read: a page that loads
 * the catalogue to show one resource built every resource's zod schema as the chunk ran (~115 ms of CPU on
 * /produtoGeral, 4× that in Lighthouse; issue 19).
 */
export function defineRecurso<S extends z.ZodRawShape>(def: DeclaracaoDeRecurso<S>): RecursoDef<S> {
  const { schema: construir, ...resto } = def;
  let schema: z.ZodObject<S> | undefined;
  return Object.defineProperty(resto, 'schema', { get: () => (schema ??= construir()), enumerable: true }) as RecursoDef<S>;
}

/** Fields the engine adds to every record. */
export const camposDoMotor = ['_id', 'grupoEmpresarial', 'empresa', 'lixo', 'version', 'created_at', 'updated_at'] as const;
