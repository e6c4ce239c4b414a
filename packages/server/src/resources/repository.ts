import { findRecurso, type RecursoDef } from '@retaguarda/domain';
import { and, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { valoresNoCaminho } from './fields.ts';
import { hooksDe } from './hooks/index.ts';
import { parseFilter } from './filter.ts';
import { itemEnxuto, listaEnxuta } from './listaEnxuta.ts';
import { parsePopulate, parseSelect, parseSort, LIMITE_PADRAO, type GetPopulateBody } from './query.ts';
import { aplicarSelect, toRegistro, type Registro, type RegistroRow } from './record.ts';

/**
 * The rows of one resource the session may see: its group, its company for company-scoped ones, and
 * what the resource's hooks let this user see.
 */
export function escopo(def: RecursoDef, s: SessaoRequest): SQL {
  return and(
    eq(registro.grupoEmpresarialId, s.grupoEmpresarial),
    eq(registro.recurso, def.nome),
    def.escopo === 'empresa' ? eq(registro.empresaId, s.empresa) : isNull(registro.empresaId),
    hooksDe(def.nome).visivel?.(s),
  )!;
}

export async function findById(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string): Promise<RegistroRow | undefined> {
  const [row] = await tx.select().from(registro).where(and(escopo(def, s), eq(registro.id, id)));
  return row;
}

/** Ids of `alvo` records among `ids` that the session sees (trash included unless `semLixo`). */
export async function findMany(tx: Transaction, alvo: RecursoDef, s: SessaoRequest, ids: string[], semLixo = false): Promise<RegistroRow[]> {
  if (ids.length === 0) return [];
  const conds = [escopo(alvo, s), inArray(registro.id, ids)];
  if (semLixo) conds.push(eq(registro.lixo, false));
  return tx.select().from(registro).where(and(...conds));
}

/**
 * Replaces each populated path's id (in every lista item too) by the referenced record (one query per
 * path); missing → null. An array of ids (`referencias`) becomes the array of the records found, in
 * the same order.
 */
async function populate(tx: Transaction, s: SessaoRequest, registros: Registro[], caminhos: { campo: string; alvo: string }[]) {
  for (const { campo, alvo } of caminhos) {
    const alvoDef = findRecurso(alvo);
    if (!alvoDef) continue;
    const ocorrencias = registros.flatMap((r) => valoresNoCaminho(r, campo)).filter((o) => o.valor !== undefined && o.valor !== null);
    const ids = [...new Set(ocorrencias.flatMap((o) => (Array.isArray(o.valor) ? o.valor : [o.valor])).filter((v): v is string => typeof v === 'string'))];
    const porId = new Map((await findMany(tx, alvoDef, s, ids)).map((row) => [row.id, toRegistro(row)]));
    for (const { pai, chave, valor } of ocorrencias) {
      pai[chave] = Array.isArray(valor) ? valor.map((id) => porId.get(String(id))).filter(Boolean) : (porId.get(String(valor)) ?? null);
    }
  }
}

/**
 * POST /api/{recurso}/getPopulate: the page of records and the total before limit/skip. With
 * `colunas: true`, when the resource allows it, `texto` is the page as JSON text written by the
 * database (listaEnxuta.ts) instead of `data`.
 */
export async function list(tx: Transaction, def: RecursoDef, s: SessaoRequest, body: GetPopulateBody): Promise<{ total: number; data: Record<string, unknown>[]; texto?: string }> {
  const where = and(escopo(def, s), ...parseFilter(def, body.filtro))!;
  const { ordem, juncoes } = parseSort(def, body.sort, s.empresa);
  const select = parseSelect(def, body.select);
  const caminhos = parsePopulate(def, body.populate, body.populateObj);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(registro).where(where);
  const enxuto = body.colunas ? itemEnxuto(def, s, juncoes) : null;
  if (enxuto) return { total, data: [], texto: await listaEnxuta(tx, enxuto, where, ordem, juncoes, body.limit ?? LIMITE_PADRAO, body.skip ?? 0) };
  let consulta = tx.select(getTableColumns(registro)).from(registro).$dynamic();
  for (const j of juncoes) consulta = consulta.leftJoin(j.tabela, j.on);
  const rows = await consulta
    .where(where)
    .orderBy(...ordem)
    .limit(body.limit ?? LIMITE_PADRAO)
    .offset(body.skip ?? 0);
  const registros = rows.map(toRegistro);
  await populate(tx, s, registros, caminhos);
  return { total, data: registros.map((r) => aplicarSelect(r, select)) };
}

export async function insert(tx: Transaction, def: RecursoDef, s: SessaoRequest, dados: Record<string, unknown>): Promise<RegistroRow> {
  const [row] = await tx
    .insert(registro)
    .values({
      grupoEmpresarialId: s.grupoEmpresarial,
      id: newId(),
      recurso: def.nome,
      empresaId: def.escopo === 'empresa' ? s.empresa : null,
      dados,
    })
    .returning();
  return row!;
}

/** One UPDATE that only matches the version the client read; undefined when it is stale. */
export async function update(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, version: number, dados: Record<string, unknown>) {
  const [row] = await tx
    .update(registro)
    .set({ dados, version: sql`${registro.version} + 1`, updatedAt: sql`now()` })
    .where(and(escopo(def, s), eq(registro.id, id), eq(registro.version, version)))
    .returning();
  return row;
}

export async function setLixo(tx: Transaction, def: RecursoDef, s: SessaoRequest, id: string, lixo: boolean) {
  const [row] = await tx
    .update(registro)
    .set({ lixo, version: sql`${registro.version} + 1`, updatedAt: sql`now()` })
    .where(and(escopo(def, s), eq(registro.id, id)))
    .returning();
  return row;
}
