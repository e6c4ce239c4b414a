import { sql } from 'drizzle-orm';
import { aposConfirmar } from '../db/aposConfirmar.ts';
import type { Transaction } from '../db/client.ts';
import { kdsEvento } from '../db/schema/index.ts';

/** The NOTIFY channel on which every server process hears the boards' events (several servers behind a balancer). */
export const CANAL_KDS = 'retaguarda_kds';

export type TipoEventoKds = 'pedido' | 'preparo' | 'pronto' | 'recuperado';

/** One event as the boards receive it. `setores`: the sectors it concerns (its rooms). */
export interface EventoKds {
  id: number;
  grupoEmpresarial: string;
  empresa: string;
  tipo: TipoEventoKds;
  pedido: string;
  setores: string[];
  dados: Record<string, unknown>;
  em: string;
}

/** The boards' side of this process: who publishes an event to its sockets, and whether it hears NOTIFY instead. */
interface Quadros {
  pool: object;
  ouveNotify: boolean;
  publicar(evento: EventoKds): void;
}
const quadros = new Set<Quadros>();

export function registrarQuadros(q: Quadros): () => void {
  quadros.add(q);
  return () => quadros.delete(q);
}

// NOTIFY carries at most 8000 bytes: a bigger event goes by its id, and the listener reads it.
const NOTIFY_MAX = 7000;

/**
 * Appends an event in the caller's transaction. After COMMIT (never after a rollback) PostgreSQL hands
 * it to every listening process; a process that does not listen (the embedded database) publishes it itself.
 */
export async function anunciar(tx: Transaction, e: Omit<EventoKds, 'id' | 'em'>): Promise<EventoKds> {
  // Held to COMMIT: a company's events commit in the order of their ids, so "after the last id I saw" misses none.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kds:${e.grupoEmpresarial}:${e.empresa}`}, 0))`);
  const [row] = await tx
    .insert(kdsEvento)
    .values({ grupoEmpresarialId: e.grupoEmpresarial, empresaId: e.empresa, tipo: e.tipo, kdsPedidoId: e.pedido, setores: e.setores, dados: e.dados })
    .returning({ id: kdsEvento.id, em: kdsEvento.em });
  const evento: EventoKds = { ...e, id: row!.id, em: row!.em.toISOString() };
  const texto = JSON.stringify(evento);
  const aviso = texto.length <= NOTIFY_MAX ? texto : JSON.stringify({ id: evento.id, grupoEmpresarial: e.grupoEmpresarial, ref: true });
  await tx.execute(sql`select pg_notify(${CANAL_KDS}, ${aviso})`);
  aposConfirmar(tx, (pool) => {
    for (const q of quadros) if (!q.ouveNotify && (!pool || q.pool === pool)) q.publicar(evento);
  });
  return evento;
}

export const eventoDaLinha = (r: typeof kdsEvento.$inferSelect): EventoKds => ({
  id: r.id,
  grupoEmpresarial: r.grupoEmpresarialId,
  empresa: r.empresaId,
  tipo: r.tipo as TipoEventoKds,
  pedido: r.kdsPedidoId,
  setores: r.setores,
  dados: r.dados,
  em: r.em.toISOString(),
});
