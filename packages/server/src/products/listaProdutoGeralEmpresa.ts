import { findRecurso, type RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client.ts';
import { HttpError } from '../plugins/envelope.ts';
import { camposFixos } from '../resources/fields.ts';
import { getPopulateBody, parsePopulate, parseSelect } from '../resources/query.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

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

/** A registro row under alias `t` as the API shows it (toRegistro), as jsonb. */
function objetoDoRegistro(t: string): SQL {
  return sql.raw(
    `(${t}.dados || jsonb_build_object('_id', ${t}.id, 'empresa', ${t}.empresa_id, 'grupoEmpresarial', ${t}.grupo_empresarial_id, 'lixo', ${t}.lixo, ` +
      `'version', ${t}.version, 'created_at', to_char(${t}.created_at at time zone 'UTC', ${ISO}), 'updated_at', to_char(${t}.updated_at at time zone 'UTC', ${ISO})))`,
  );
}

/** A text[] of bound parameters (drizzle spreads a JS array into a list). */
const textos = (lista: string[]) => sql`array[${sql.join(lista.map((t) => sql`${t}::text`), sql`, `)}]::text[]`;

/** A populated reference: the record, or null when the id finds nothing (as getPopulate does). */
const populado = (t: string) => sql`(case when ${sql.raw(`${t}.id`)} is null then 'null'::jsonb else ${objetoDoRegistro(t)} end)`;

/** An engine field of the row under alias `t` (select may name them). */
function campoDoMotor(t: string, campo: string): SQL {
  switch (campo) {
    case '_id':
      return sql.raw(`to_jsonb(${t}.id)`);
    case 'lixo':
      return sql.raw(`to_jsonb(${t}.lixo)`);
    default:
      return sql.raw(`to_jsonb(to_char(${t}.${campo} at time zone 'UTC', ${ISO}))`);
  }
}

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

/** LEFT JOIN of a populated reference: same group, its resource, by primary key. */
const juntar = (j: Juncao) =>
  sql`left join registro ${sql.raw(j.alias)} on ${sql.raw(j.alias)}.grupo_empresarial_id = ${sql.raw(j.de)}.grupo_empresarial_id and ${sql.raw(j.alias)}.id = (${sql.raw(j.de)}.dados->>${j.campo}::text) and ${sql.raw(j.alias)}.recurso = ${j.alvo.nome}::text`;

/**
 * The company's products with their group product, in ONE query that builds the JSON array in the
 * database (json_agg over registro joined to itself by primary key): no row objects in Node, no
 * query per reference. Sorted by the product's description, then id (as the list screen sorts).
 */
export function sqlListaProdutoGeralEmpresa(s: SessaoRequest, body: GetListaProdutoGeralEmpresaBody, opcoes: { verCusto: boolean }): SQL {
  const defPg = findRecurso('produtoGeral')!;
  const defPe = findRecurso('produtoGeralEmpresa')!;
  const select = parseSelect(defPg, body.selectProdutoGeral);
  const doPg = juncoes(defPg, 'pg', 'ppg', body.populateProdutoGeral, 'populateProdutoGeral');
  const doPe = juncoes(defPe, 'pe', 'ppe', body.populateProdutoGeralEmpresa, 'populateProdutoGeralEmpresa').filter((j) => j.campo !== 'produtoGeral');
  const saiNoPg = (campo: string) => !select || select.campos.has(campo) === select.incluir;

  // The group product: every field, the selected ones, or all but the excluded ones; populated references replace their ids.
  let produto: SQL;
  if (select?.incluir) {
    const pares = [...select.campos].filter((c) => c !== '_id').map((campo) => {
      const j = doPg.find((x) => x.campo === campo);
      const valor = j ? populado(j.alias) : (camposFixos as readonly string[]).includes(campo) ? campoDoMotor('pg', campo) : sql`(pg.dados->${campo}::text)`;
      return sql`${campo}::text, ${valor}`;
    });
    produto = sql`jsonb_build_object('_id', pg.id${pares.length ? sql`, ${sql.join(pares, sql`, `)}` : sql``})`;
  } else {
    produto = select ? sql`(${objetoDoRegistro('pg')} - ${textos([...select.campos])})` : objetoDoRegistro('pg');
    const populados = doPg.filter((j) => saiNoPg(j.campo));
    if (populados.length) produto = sql`(${produto} || jsonb_build_object(${sql.join(populados.map((j) => sql`${j.campo}::text, ${populado(j.alias)}`), sql`, `)}))`;
  }

  const substituidos = [sql`'produtoGeral', ${produto}`, ...doPe.map((j) => sql`${j.campo}::text, ${populado(j.alias)}`)];
  // Cost and margin are for who may see the company's products screen; the till needs only prices.
  const fora = [...(body.retornoModoVenda ? [] : ['modosVenda']), ...(opcoes.verCusto ? [] : ['custo', 'margem'])];
  let item = sql`(${objetoDoRegistro('pe')} || jsonb_build_object(${sql.join(substituidos, sql`, `)}))`;
  if (fora.length) item = sql`(${item} - ${textos(fora)})`;

  return sql`select coalesce(json_agg(${item} order by pg.dados->>'descricao', pe.id), '[]'::json)::text as lista
    from registro pe
    join registro pg on pg.grupo_empresarial_id = pe.grupo_empresarial_id and pg.id = (pe.dados->>'produtoGeral') and pg.recurso = 'produtoGeral' and not pg.lixo
    ${sql.join([...doPg, ...doPe].map(juntar), sql` `)}
    where pe.grupo_empresarial_id = ${s.grupoEmpresarial} and pe.recurso = 'produtoGeralEmpresa' and pe.empresa_id = ${s.empresa} and not pe.lixo`;
}

/** The list as JSON text, ready to be sent without parsing it in Node. */
export async function listaProdutoGeralEmpresa(tx: Transaction, s: SessaoRequest, body: GetListaProdutoGeralEmpresaBody, opcoes: { verCusto: boolean }): Promise<string> {
  const { rows } = await tx.execute<{ lista: string }>(sqlListaProdutoGeralEmpresa(s, body, opcoes));
  return rows[0]?.lista ?? '[]';
}
