import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { findRecurso } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { parsePopulate } from '../resources/query.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { GetListaProdutoGeralEmpresaBody, ItensEscritos } from './listaProdutoGeralEmpresa.ts';

/**
 * getListaProdutoGeralEmpresa answers tens of megabytes that change rarely and are asked often (every
 * terminal and screen of a store loads the list). The answer is kept per company, caller's rights and
 * body, and served again while the records it is made of are unchanged: their count, versions and last
 * update, read from the database on every call, so a change made by any server process is seen at once.
 * Compressed once for clients that accept gzip (a store's terminals on a slow link: 21 MB → 2 MB).
 * Each item's text is kept too: when a record changed, only the items it is part of are written again.
 */
const ORCAMENTO_BYTES = 160 * 1024 * 1024;

export interface RespostaLista {
  /** The whole answer ({"valido":true,"data":[…]}) as UTF-8. */
  corpo: Buffer;
  /** The same, gzipped on first need and kept. */
  gzip(): Promise<Buffer>;
}
interface Guardada {
  impressao: string;
  corpo: Buffer;
  itens: ItensEscritos;
  gzip?: Promise<Buffer>;
}
const guardadas = new Map<string, Guardada>();
let bytes = 0;
const comprimir = promisify(gzip);
// The items' texts hold the same characters again (one byte each in V8 for Latin-1 text).
const tamanho = (g: Guardada) => g.corpo.length * 2;

/** The resources whose records make up the list: the two products and what the body populates. */
function recursosDaLista(body: GetListaProdutoGeralEmpresaBody): string[] {
  const nomes = new Set(['produtoGeral', 'produtoGeralEmpresa']);
  for (const p of parsePopulate(findRecurso('produtoGeral')!, body.populateProdutoGeral)) nomes.add(p.alvo);
  for (const p of parsePopulate(findRecurso('produtoGeralEmpresa')!, body.populateProdutoGeralEmpresa)) nomes.add(p.alvo);
  return [...nomes].sort();
}

/** A fingerprint of the records of those resources the company sees (group-wide or its own). */
async function impressaoDosRegistros(tx: Transaction, s: SessaoRequest, recursos: string[]): Promise<string> {
  const { rows } = await tx.execute<{ impressao: string | null }>(sql`select string_agg(recurso || ':' || n || ':' || v || ':' || u, '|' order by recurso) as impressao
    from (select recurso, count(*) as n, sum(version) as v, max(updated_at) as u from registro
      where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = any(${`{${recursos.join(',')}}`}::text[]) and (empresa_id is null or empresa_id = ${s.empresa})
      group by recurso) x`);
  return rows[0]?.impressao ?? '';
}

function guardar(chave: string, nova: Guardada) {
  const antiga = guardadas.get(chave);
  if (antiga) bytes -= tamanho(antiga);
  guardadas.delete(chave);
  if (tamanho(nova) > ORCAMENTO_BYTES / 2) return;
  // The oldest answers leave first (a Map iterates in insertion order; a hit is re-inserted).
  for (const [k, v] of guardadas) {
    if (bytes + tamanho(nova) <= ORCAMENTO_BYTES) break;
    guardadas.delete(k);
    bytes -= tamanho(v);
  }
  guardadas.set(chave, nova);
  bytes += tamanho(nova);
}

const resposta = (g: Guardada): RespostaLista => ({
  corpo: g.corpo,
  // The fastest level: most of the gain of gzip on repetitive JSON, a fraction of the time.
  gzip: () => (g.gzip ??= comprimir(g.corpo, { level: constants.Z_BEST_SPEED })),
});

/** The answer from the cache when its records are unchanged, else built from `montar` (given the items written last time) and kept. */
export async function listaGuardada(
  tx: Transaction,
  s: SessaoRequest,
  body: GetListaProdutoGeralEmpresaBody,
  verCusto: boolean,
  montar: (anteriores?: ItensEscritos) => Promise<{ lista: string; itens: ItensEscritos }>,
): Promise<RespostaLista> {
  const chave = JSON.stringify([s.grupoEmpresarial, s.empresa, verCusto, body]);
  const impressao = await impressaoDosRegistros(tx, s, recursosDaLista(body));
  const guardada = guardadas.get(chave);
  if (guardada && guardada.impressao === impressao) {
    guardadas.delete(chave);
    guardadas.set(chave, guardada);
    return resposta(guardada);
  }
  const { lista, itens } = await montar(guardada?.itens);
  const nova: Guardada = { impressao, corpo: Buffer.from(`{"valido":true,"data":${lista}}`, 'utf8'), itens };
  guardar(chave, nova);
  return resposta(nova);
}
