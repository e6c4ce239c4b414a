import { findRecurso, montarVitrine, produtosDaVitrine, type PrecoFonte, type ProdutoFonte, type SecaoCardapio, type Vitrine } from '@retaguarda/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { registro } from '../db/schema/index.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { escopo, findMany } from '../resources/repository.ts';
import { toRegistro } from '../resources/record.ts';
import { indisponiveis } from '../stock/disponibilidade.ts';

/** produtoGeralEmpresa's field that points at the group product. */
const CAMPO_PRODUTO = 'produtoGeral';

export async function produtos(tx: Transaction, s: SessaoRequest, ids: string[]): Promise<Map<string, ProdutoFonte>> {
  const def = findRecurso('produtoGeral');
  if (!def || !ids.length) return new Map();
  const rows = await findMany(tx, def, s, ids);
  return new Map(rows.map((row) => [row.id, toRegistro(row) as unknown as ProdutoFonte]));
}

/** The session company's line of each product (produtoGeralEmpresa), trash excluded. */
export async function precos(tx: Transaction, s: SessaoRequest, ids: string[]): Promise<Map<string, PrecoFonte>> {
  const def = findRecurso('produtoGeralEmpresa');
  if (!def || !ids.length) return new Map();
  const rows = await tx
    .select()
    .from(registro)
    .where(and(escopo(def, s), eq(registro.lixo, false), inArray(sql<string>`${registro.dados}->>${CAMPO_PRODUTO}`, ids)));
  return new Map(rows.map((row) => [String(row.dados[CAMPO_PRODUTO]), toRegistro(row) as unknown as PrecoFonte]));
}

/**
 * The customer's view of sections in the session's company: the group's products with this company's
 * prices and, unless `semDisponibilidade` (a publication freezes none), whether stock lets it offer each
 * item and each option that is a product now.
 */
export async function vitrineDe(tx: Transaction, s: SessaoRequest, secoes: readonly SecaoCardapio[], canais: readonly string[] = [], opcoes: { semDisponibilidade?: boolean } = {}): Promise<Vitrine> {
  const principais = await produtos(tx, s, produtosDaVitrine(secoes));
  const todos = produtosDaVitrine(secoes, principais);
  const complementos = await produtos(tx, s, todos.filter((id) => !principais.has(id)));
  const mapa = new Map([...principais, ...complementos]);
  const ids = secoes.flatMap((sec) => sec.produtos);
  // Items and the products offered as their options, judged in one read.
  const esgotados = opcoes.semDisponibilidade ? new Map() : await indisponiveis(tx, s, todos);
  return montarVitrine(secoes, mapa, await precos(tx, s, ids), canais, esgotados);
}
