import type { RecursoDef } from '@retaguarda/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { registro } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { ordemPt } from '../db/ordemPt.ts';
import { alvoDaReferencia, camposFixos, campoConhecido, expressao, juncaoDoAlvo, ordemDoAlvo, tipoDoCampo, type JuncaoDoAlvo } from './fields.ts';

export const LIMITE_PADRAO = 100;
export const LIMITE_MAXIMO = 20000;

const caminho = z.object({ path: z.string() });
/** 'a b', ['a', {path: 'b'}] or {path: 'a'}, as mongoose's populate takes them. */
const listaDeCampos = z.union([z.string(), caminho, z.array(z.union([z.string(), caminho]))]);

/** Body of POST /api/{recurso}/getPopulate (SPEC.md §7). Field names are checked per resource. */
export const getPopulateBody = z
  .object({
    filtro: z.record(z.string(), z.unknown()).optional(),
    populate: listaDeCampos.optional(),
    populateObj: listaDeCampos.optional(),
    select: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.union([z.literal(0), z.literal(1)]))]).optional(),
    sort: z.union([z.string(), z.record(z.string(), z.union([z.literal(1), z.literal(-1), z.enum(['asc', 'desc'])]))]).optional(),
    limit: z.number().int().min(1).max(LIMITE_MAXIMO).optional(),
    skip: z.number().int().min(0).optional(),
    colunas: z
      .boolean()
      .optional()
      .describe('true: cada registro só com _id, version, lixo, o que o nomeia (codigo, descricao, nome, sigla, nomeFantasia) e as colunas da lista, e cada referência só com o que a nomeia (_id, codigo, descricao, nome, sigla, nomeFantasia); select e populate são ignorados'),
  })
  .nullish();
export type GetPopulateBody = NonNullable<z.infer<typeof getPopulateBody>>;

const palavras = (texto: string) => texto.split(/[\s,]+/).filter(Boolean);

/**
 * sort {campo: 1|-1} or 'campo -outro'; default the declaration's ordenacao; _id always last. A
 * reference sorts by its target, joined once (`juncoes`, to add to the query) with the session's
 * `empresa` scope when given.
 */
export function parseSort(def: RecursoDef, sort: GetPopulateBody['sort'], empresa?: string): { ordem: SQL[]; juncoes: JuncaoDoAlvo[] } {
  const pares: [string, boolean][] =
    typeof sort === 'string'
      ? palavras(sort).map((p) => (p.startsWith('-') ? [p.slice(1), false] : [p.replace(/^\+/, ''), true]))
      : Object.entries(sort ?? {}).map(([campo, d]) => [campo, d === 1 || d === 'asc']);
  if (pares.length === 0) pares.push([def.ordenacao.campo, def.ordenacao.direcao === 'asc']);
  const juncoes: JuncaoDoAlvo[] = [];
  const ordem = pares.map(([campo, asc]) => {
    const conhecido = campoConhecido(def, campo, 'sort');
    // A reference sorts by what the user reads in the column (the product's description), not its id.
    const alvo = alvoDaReferencia(def, conhecido);
    let e: SQL;
    if (alvo) {
      const juncao = juncoes.find((j) => j.campo === conhecido) ?? juncaoDoAlvo(conhecido, alvo, juncoes.length, empresa);
      if (!juncoes.includes(juncao)) juncoes.push(juncao);
      e = ordemDoAlvo(juncao);
    } else e = expressao(def, conhecido);
    // Text the user reads sorts as pt-BR ('Água' before 'Xis'); ids and dates keep their own order.
    const fixo = (c: string) => (camposFixos as readonly string[]).includes(c);
    const texto = alvo ? tipoDoCampo(alvo, alvo.ordenacao.campo) === 'texto' && !fixo(alvo.ordenacao.campo) : tipoDoCampo(def, conhecido) === 'texto' && !fixo(conhecido);
    const chave = texto ? ordemPt(e) : e;
    return asc ? sql`${chave} asc` : sql`${chave} desc`;
  });
  if (!pares.some(([campo]) => campo === '_id')) ordem.push(sql`${registro.id} asc`);
  return { ordem, juncoes };
}

/** Field names of select ('a b', ['a'], {a: 1}); null = every field. {a: 0} leaves fields out. */
export function parseSelect(def: RecursoDef, select: GetPopulateBody['select']): { incluir: boolean; campos: Set<string> } | null {
  if (select === undefined) return null;
  const entradas: [string, boolean][] =
    typeof select === 'string'
      ? palavras(select).map((p) => (p.startsWith('-') ? [p.slice(1), false] : [p, true]))
      : Array.isArray(select)
        ? select.map((p) => [p, true])
        : Object.entries(select).map(([p, v]) => [p, v === 1]);
  if (entradas.length === 0) return null;
  const incluir = entradas[0]![1];
  if (entradas.some(([, v]) => v !== incluir)) throw new HttpError(400, 'Não misture campos incluídos e excluídos em select.');
  return { incluir, campos: new Set(entradas.map(([campo]) => campoConhecido(def, campo, 'select', false))) };
}

/**
 * populate/populateObj: relation fields (relacoes, dotted for a field of an object or of a lista's
 * items), each with the resource it points to.
 */
export function parsePopulate(def: RecursoDef, ...listas: GetPopulateBody['populate'][]): { campo: string; alvo: string }[] {
  const relacoes = (def.relacoes ?? {}) as Record<string, string>;
  const campos = new Set<string>();
  for (const lista of listas) {
    if (lista === undefined) continue;
    const itens = typeof lista === 'string' ? palavras(lista) : Array.isArray(lista) ? lista.map((i) => (typeof i === 'string' ? i : i.path)) : [lista.path];
    for (const campo of itens) campos.add(Object.hasOwn(relacoes, campo) ? campo : campoConhecido(def, campo, 'populate'));
  }
  return [...campos].map((campo) => {
    const alvo = relacoes[campo];
    if (!alvo) throw new HttpError(400, `Campo sem relação em populate: ${campo}`);
    return { campo, alvo };
  });
}
