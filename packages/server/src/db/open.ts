import type { Config } from '../config.ts';
import { createDatabase, type DatabaseHandle } from './client.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase, type EmbeddedOptions } from './embedded/start.ts';

export interface OpenDatabase extends DatabaseHandle {
  embedded: boolean;
  /** The embedded database's process, when there is one. */
  processo?: EmbeddedDatabase;
  close(): Promise<void>;
}

/** DATABASE_URL when given, else the embedded PGlite of DATA_DIR (locked, in a child process). */
export async function openDatabase(config: Config, opcoes: EmbeddedOptions = {}): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const handle = createDatabase(config.databaseUrl);
    return { ...handle, embedded: false, close: () => handle.pool.end() };
  }
  const embedded = await startEmbeddedDatabase(config.dataDir, opcoes);
  // A function: the child restarted after a crash listens on another port.
  const handle = createDatabase(() => embedded.url, { max: 1 });
  return {
    ...handle,
    embedded: true,
    processo: embedded,
    async close() {
      await handle.pool.end().catch(() => {});
      await embedded.stop();
    },
  };
}
