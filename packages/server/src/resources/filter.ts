import type { RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { alvoDaReferencia, campoConhecido, existeAlvo, expressao, expressaoDoAlvo, semMascara, tipoDoCampo, valor } from './fields.ts';

/** Keys of a filter that the session decides, never the request (ARCHITECTURE.md §Data). */
const IGNORADOS = new Set(['empresa', 'grupoEmpresarial']);
// Both cases: lower() only folds ASCII in a database with the C locale.
const COM_ACENTO = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const SEM_ACENTO = 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny';

/** `%`, `_` and `\` of user text match themselves in LIKE. */
export const escapeLike = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

export const semAcentoSql = (e: SQL) => sql`lower(translate(${e}, ${COM_ACENTO}::text, ${SEM_ACENTO}::text))`;

const ehOperadores = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

function condicaoDoCampo(def: RecursoDef, campo: string, v: unknown): SQL[] {
  const e = expressao(def, campo);
  // A single value on an array field (canais: 'Delivery') asks for the arrays that contain it.
  if ((typeof v === 'string' || typeof v === 'number') && tipoDoCampo(def, campo) === 'json') return [sql`coalesce(${e} @> ${JSON.stringify([v])}::jsonb, false)`];
  if (!ehOperadores(v)) return [v === null ? sql`${e} is null` : sql`${e} = ${valor(def, campo, v)}`];
  const conds: SQL[] = [];
  for (const [op, arg] of Object.entries(v)) {
    switch (op) {
      case '$in':
      case '$nin': {
        if (!Array.isArray(arg)) throw new HttpError(400, `Valor inválido em filtro: ${campo}`);
        const itens = arg.filter((a) => a !== null).map((a) => valor(def, campo, a));
        const temNull = arg.some((a) => a === null);
        const lista = itens.length ? sql`${e} in (${sql.join(itens, sql`, `)})` : sql`false`;
        const dentro = temNull ? sql`(${lista} or ${e} is null)` : lista;
        conds.push(op === '$in' ? dentro : sql`not coalesce(${dentro}, false)`);
        break;
      }
      case '$ne':
        conds.push(arg === null ? sql`${e} is not null` : sql`${e} is distinct from ${valor(def, campo, arg)}`);
        break;
      case '$gt':
        conds.push(sql`${e} > ${valor(def, campo, arg)}`);
        break;
      case '$gte':
        conds.push(sql`${e} >= ${valor(def, campo, arg)}`);
        break;
      case '$lt':
        conds.push(sql`${e} < ${valor(def, campo, arg)}`);
        break;
      case '$lte':
        conds.push(sql`${e} <= ${valor(def, campo, arg)}`);
        break;
      case '$regex': {
        if (typeof arg !== 'string') throw new HttpError(400, `Valor inválido em filtro: ${campo}`);
        conds.push(sql`(${e})::text ilike ${`%${escapeLike(arg)}%`} escape '\\'`);
        break;
      }
      default:
        throw new HttpError(400, `Operador desconhecido em filtro: ${op}`);
    }
  }
  return conds;
}

/**
 * Text searched in the declaration's `busca` fields, ignoring case and accents: every word typed must
 * appear in some field ("cortesia casa" finds "Cortesia da casa").
 */
export function condicaoBusca(def: RecursoDef, texto: unknown): SQL[] {
  if (typeof texto !== 'string') throw new HttpError(400, 'Valor inválido em filtro: busca');
  const palavras = texto.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (palavras.length === 0 || def.busca.length === 0) return [];
  return palavras.map((palavra) => {
    const campos = def.busca.flatMap((campo) => {
      // A reference is searched in the referenced record's own search fields.
      const alvo = alvoDaReferencia(def, campo);
      if (alvo) {
        const noAlvo = condicoesDaPalavra(alvo, palavra, (c) => expressaoDoAlvo(alvo, c));
        return noAlvo.length ? [existeAlvo(campo, sql`(${sql.join(noAlvo, sql` or `)})`)] : [];
      }
      return condicoesDaPalavra(def, palavra, (c) => expressao(def, c), [campo]);
    });
    return campos.length ? sql`(${sql.join(campos, sql` or `)})` : sql`false`;
  });
}

/** `palavra` found in the given fields (default: the declaration's busca fields), ignoring case and accents. */
function condicoesDaPalavra(def: RecursoDef, palavra: string, expr: (campo: string) => SQL, campos: readonly string[] = def.busca): SQL[] {
  return campos.flatMap((campo) => {
      // A document typed with its mask finds the stored one; punctuation alone searches no such field.
      const termo = semMascara(def, campo, palavra);
      if (!termo) return [];
      const padrao = semAcentoSql(sql`${`%${escapeLike(termo)}%`}::text`);
      return [sql`${semAcentoSql(sql`(${expr(campo)})::text`)} like ${padrao} escape '\\'`];
  });
}

/**
 * The request's `filtro` as SQL conditions on `registro`: every name checked against the declaration,
 * every value a bound parameter. Trash is hidden unless `lixo` is asked for.
 */
export function parseFilter(def: RecursoDef, filtro: Record<string, unknown> = {}): SQL[] {
  const conds: SQL[] = [];
  let lixoPedido = false;
  for (const [campo, v] of Object.entries(filtro)) {
    if (IGNORADOS.has(campo) || v === undefined) continue;
    if (campo === 'busca') {
      conds.push(...condicaoBusca(def, v));
      continue;
    }
    campoConhecido(def, campo, 'filtro');
    if (campo === 'lixo') lixoPedido = true;
    conds.push(...condicaoDoCampo(def, campo, v));
  }
  if (!lixoPedido) conds.push(sql`${registro.lixo} = false`);
  return conds;
}
