import { findRecurso, type RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { getPopulateBody, parsePopulate, parseSelect } from '../resources/query.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { ordemPt } from '../db/ordemPt.ts';

const listaDeCampos = getPopulateBody.unwrap().unwrap().shape.populate;

/**
 * Body of POST /api/getListaProdutoGeralEmpresa (SPEC.md §7). empresa and grupoEmpresarial are
 * accepted and ignored: the session decides whose products come back.
 */
export const getListaProdutoGeralEmpresaBody = z
  .object({
    empresa: z.unknown().optional(),
    grupoEmpresarial: z.unknown().optional(),
    /** Fields of the group product, as getPopulate's select ('codigo descricao unidade', ['codigo'], {custo: 0}). */
    selectProdutoGeral: getPopulateBody.unwrap().unwrap().shape.select,
    /** References of the group product to populate (unidade, agrupador). */
    populateProdutoGeral: listaDeCampos,
    /** References of the company product to populate (its tax configurations). */
    populateProdutoGeralEmpresa: listaDeCampos,
    /** true: each item carries its modosVenda (salão, balcão, delivery, totem). */
    retornoModoVenda: z.boolean().default(false),
  })
  .nullish()
  .transform((b) => b ?? { retornoModoVenda: false });
export type GetListaProdutoGeralEmpresaBody = z.infer<typeof getListaProdutoGeralEmpresaBody>;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A text[] of bound parameters (drizzle spreads a JS array into a list). */
const textos = (lista: string[]) => sql`array[${sql.join(lista.map((t) => sql`${t}::text`), sql`, `)}]::text[]`;

/*
 * Each item is written as JSON text, not built as jsonb: the stored `dados` is printed once and
 * spliced between the engine's fields and the populated records (`,"k":v…` without its braces).
 * Building jsonb per row and aggregating it cost about twice as much on 20,000 rows.
 */

/** `dados` without `fora`, as the members of an object: ',"a":1,"b":2', or '' when nothing is left. */
const membros = (t: string, fora: string[]) => {
  const dados = fora.length ? sql`(${sql.raw(`${t}.dados`)} - ${textos(fora)})` : sql.raw(`${t}.dados`);
  return sql`coalesce(',' || nullif(left(substr(${dados}::text, 2), -1), ''), '')`;
};

/** The engine's fields of the row under alias `t` as members (toRegistro's), without the leading comma. */
const CAMPOS_MOTOR = ['_id', 'empresa', 'grupoEmpresarial', 'lixo', 'version', 'created_at', 'updated_at'] as const;
function membroDoMotor(t: string, campo: (typeof CAMPOS_MOTOR)[number]): string {
  const valor: Record<typeof campo, string> = {
    _id: `to_json(${t}.id)::text`,
    // A group record has no company: to_json(null) is SQL null, which would blank the whole text.
    empresa: `coalesce(to_json(${t}.empresa_id)::text, 'null')`,
    grupoEmpresarial: `to_json(${t}.grupo_empresarial_id)::text`,
    lixo: `${t}.lixo::text`,
    version: `${t}.version::text`,
    created_at: `'"' || to_char(${t}.created_at at time zone 'UTC', ${ISO}) || '"'`,
    updated_at: `'"' || to_char(${t}.updated_at at time zone 'UTC', ${ISO}) || '"'`,
  };
  return `'"${campo}":' || ${valor[campo]}`;
}

/** A whole record of alias `t` as JSON text (what getPopulate returns for it). */
const registroTexto = (t: string, fora: string[] = []) =>
  sql`('{' || ${sql.raw(CAMPOS_MOTOR.map((c) => membroDoMotor(t, c)).join(` || ',' || `))} || ${membros(t, fora)} || '}')`;

interface Juncao {
  campo: string;
  alias: string;
  alvo: RecursoDef;
  /** Alias of the row holding the reference. */
  de: string;
}

/** Top-level references only: a nested path (complementos.itens.produto) is not a column of this list. */
function juncoes(def: RecursoDef, de: string, prefixo: string, lista: GetListaProdutoGeralEmpresaBody['populateProdutoGeral'], onde: string): Juncao[] {
  return parsePopulate(def, lista).map(({ campo, alvo }, i) => {
    const alvoDef = findRecurso(alvo);
    if (campo.includes('.') || !alvoDef) throw new HttpError(400, `Campo não aceito em ${onde}: ${campo}`);
    return { campo, alias: `${prefixo}${i}`, alvo: alvoDef, de };
  });
}

/**
 * LEFT JOIN of a populated reference to the target's records already written as JSON text (few:
 * units, tax configurations), each printed once however many products point to it.
 */
const juntar = (j: Juncao, s: SessaoRequest) => {
  const a = sql.raw(j.alias);
  const daEmpresa = j.alvo.escopo === 'empresa' ? sql` and r.empresa_id = ${s.empresa}` : sql``;
  return sql`left join (select r.id, r.version, r.updated_at, ${registroTexto('r')} as texto from registro r where r.grupo_empresarial_id = ${s.grupoEmpresarial} and r.recurso = ${j.alvo.nome}::text${daEmpresa}) ${a} on ${a}.id = (${sql.raw(j.de)}.dados->>${j.campo}::text)`;
};

/** `,"campo":<record or null>` of a populated reference (null when the id finds nothing, as getPopulate). */
const membroPopulado = (j: Juncao) => sql`${`,"${j.campo}":`}::text || coalesce(${sql.raw(j.alias)}.texto, 'null')`;

/**
 * The company's products with their group product, one row per item in the list's order (the product's
 * description, then id): `chave` names the versions of every record the item is written from (the
 * company product, the group product, the populated ones), `texto` is the item as JSON text. Only the
 * items with a record changed at or after `desde` are written (all when null): after one product
 * changed, the others' text is taken from the answer kept before (cacheListaProdutos.ts), as writing
 * 20,000 items costs most of the query.
 */
export function sqlItensProdutoGeralEmpresa(s: SessaoRequest, body: GetListaProdutoGeralEmpresaBody, opcoes: { verCusto: boolean; desde: string | null }): SQL {
  const defPg = findRecurso('produtoGeral')!;
  const defPe = findRecurso('produtoGeralEmpresa')!;
  const select = parseSelect(defPg, body.selectProdutoGeral);
  const doPg = juncoes(defPg, 'pg', 'ppg', body.populateProdutoGeral, 'populateProdutoGeral');
  const doPe = juncoes(defPe, 'pe', 'ppe', body.populateProdutoGeralEmpresa, 'populateProdutoGeralEmpresa').filter((j) => j.campo !== 'produtoGeral');
  const sai = (campo: string) => !select || select.campos.has(campo) === select.incluir;

  // The group product: its fields that select leaves (engine fields too), populated references in place of their ids.
  const declaradosPg = Object.keys(defPg.schema.shape);
  const populadosPg = doPg.filter((j) => sai(j.campo));
  const foraPg = [...declaradosPg.filter((c) => !sai(c)), ...populadosPg.map((j) => j.campo)];
  const motorPg = CAMPOS_MOTOR.filter((c) => c === '_id' || sai(c));
  const produto = sql`('{' || ${sql.raw(motorPg.map((c) => membroDoMotor('pg', c)).join(` || ',' || `))} || ${membros('pg', foraPg)} || ${
    populadosPg.length ? sql.join(populadosPg.map(membroPopulado), sql` || `) : sql`''`
  } || '}')`;

  // Cost and margin are for who may see the company's products screen; the till needs only prices.
  const fora = ['produtoGeral', ...doPe.map((j) => j.campo), ...(body.retornoModoVenda ? [] : ['modosVenda']), ...(opcoes.verCusto ? [] : ['custo', 'margem'])];
  const item = sql`('{' || ${sql.raw(CAMPOS_MOTOR.map((c) => membroDoMotor('pe', c)).join(` || ',' || `))} || ${membros('pe', fora)} || ',"produtoGeral":' || ${produto} || ${
    doPe.length ? sql.join(doPe.map(membroPopulado), sql` || `) : sql`''`
  } || '}')`;

  const todas = [...doPg, ...doPe];
  const marca = (t: string) => `${t}.id || ':' || ${t}.version || ':' || ${t}.updated_at`;
  const chave = sql.raw([marca('pe'), marca('pg'), ...todas.map((j) => `coalesce(${marca(j.alias)}, '')`)].join(` || '|' || `));
  const mudou = opcoes.desde === null ? sql`true` : sql.join([sql`pe.updated_at`, sql`pg.updated_at`, ...todas.map((j) => sql.raw(`${j.alias}.updated_at`))].map((c) => sql`${c} >= ${opcoes.desde}::timestamptz`), sql` or `);
  return sql`select ${chave} as chave, case when ${mudou} then ${item} end as texto
    from registro pe
    join registro pg on pg.grupo_empresarial_id = pe.grupo_empresarial_id and pg.id = (pe.dados->>'produtoGeral') and pg.recurso = 'produtoGeral' and not pg.lixo
    ${sql.join(todas.map((j) => juntar(j, s)), sql` `)}
    where pe.grupo_empresarial_id = ${s.grupoEmpresarial} and pe.recurso = 'produtoGeralEmpresa' and pe.empresa_id = ${s.empresa} and not pe.lixo
    order by ${ordemPt(sql`pg.dados->>'descricao'`)}, pe.id`;
}

/** The items of the list written before, by `chave`, and when that was (the transaction's start). */
export interface ItensEscritos {
  textos: Map<string, string>;
  em: string;
}

/**
 * The list as JSON text, ready to be sent without parsing it in Node, and its items for the next time.
 * With `anteriores`, only the items whose records changed since are written by the database; an item
 * whose key is unknown there (a change dated before that moment by a transaction still open then) makes
 * the whole list written again.
 */
export async function listaProdutoGeralEmpresa(
  tx: Transaction,
  s: SessaoRequest,
  body: GetListaProdutoGeralEmpresaBody,
  opcoes: { verCusto: boolean },
  anteriores?: ItensEscritos,
): Promise<{ lista: string; itens: ItensEscritos }> {
  // 20,000 rows of about 1 KB are sorted: in memory, not on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const em = (await tx.execute<{ em: string }>(sql`select transaction_timestamp()::text as em`)).rows[0]!.em;
  const ler = async (desde: string | null) => (await tx.execute<{ chave: string; texto: string | null }>(sqlItensProdutoGeralEmpresa(s, body, { ...opcoes, desde }))).rows;
  let linhas = await ler(anteriores?.em ?? null);
  if (anteriores && linhas.some((l) => l.texto === null && !anteriores.textos.has(l.chave))) linhas = await ler(null);
  const textos = new Map<string, string>();
  const partes = linhas.map((l) => {
    const texto = l.texto ?? anteriores!.textos.get(l.chave)!;
    textos.set(l.chave, texto);
    return texto;
  });
  return { lista: `[${partes.join(',')}]`, itens: { textos, em } };
}
