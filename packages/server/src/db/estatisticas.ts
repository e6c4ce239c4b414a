import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './client.ts';
import { agendarTarefa } from '../tarefaPeriodica.ts';

/**
 * The planner's statistics. PostgreSQL's autovacuum keeps them; the embedded database (PGlite, a
 * single-user PostgreSQL) has no autovacuum, so its tables were never analyzed and every plan guessed one
 * row per table (relatorioQrCode joined a year's items to their sales by scanning the period once per
 * item: 0.7 s where the primary key answers in milliseconds; the same right after a bulk `seed` on
 * PostgreSQL, before autovacuum came by). One ANALYZE per table, so the embedded database's single
 * connection is held for one table at a time. Answers how many tables were analyzed.
 */
export async function analisarTabelas(db: Database): Promise<number> {
  const tabelas = await db.execute<{ nome: string }>(sql`
    select c.relname as nome from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`);
  for (const { nome } of tabelas.rows) await db.execute(sql.raw(`analyze "${nome.replaceAll('"', '""')}"`));
  return tabelas.rows.length;
}

/** How often the server analyzes the embedded database, and the first time after it starts. */
const INTERVALO_MS = 60 * 60 * 1000;
const PRIMEIRA_MS = 60 * 1000;

/** On the embedded database: analyzes a minute after start, then every hour; a failure is logged and tried again next time. */
export function agendarEstatisticas(app: FastifyInstance, db: Database): void {
  agendarTarefa(app, { primeiraMs: PRIMEIRA_MS, intervaloMs: INTERVALO_MS, falha: 'Falha ao atualizar as estatísticas do banco embutido' }, async () => {
    await analisarTabelas(db);
  });
}
