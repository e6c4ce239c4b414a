// The PostgreSQL a bench part runs on: DATABASE_URL when set, else a cluster of Debian's PostgreSQL 15
// started for the run (scripts/lib/postgres.mjs). BENCH_PG_DIR keeps that cluster in a folder between
// runs, so a bench whose data takes long to fill (the 10-store year) can find it there next time.
export interface PostgresDoBench {
  url: string;
  /** The cluster lives on between runs (BENCH_PG_DIR): data a bench filled may be reused. */
  mantido: boolean;
  stop(): Promise<void>;
}

export async function postgresDoBench(): Promise<PostgresDoBench> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, mantido: false, stop: async () => {} };
  const { startPostgres } = (await import('../scripts/lib/postgres.mjs' as string)) as { startPostgres(opcoes?: { pasta?: string }): Promise<{ url: string; stop(): Promise<void> }> };
  const pasta = process.env.BENCH_PG_DIR;
  const pg = await startPostgres(pasta ? { pasta } : {});
  return { ...pg, mantido: Boolean(pasta) };
}
