/**
 * The embedded database process: PGlite (PostgreSQL compiled to WASM) behind a PostgreSQL wire-protocol
 * socket on 127.0.0.1. It runs apart from the server because PGlite blocks the event loop during
 * every query. Started by start.ts with an IPC channel; exits when told to or when the parent is gone.
 *
 *   node --import tsx child.ts <pglite data folder>
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireLockFileWhenFree, bloqueioDoBanco } from './lock.ts';
import { lerMensagensEmLote } from './mensagensEmLote.ts';

export type ChildMessage = { type: 'ready'; port: number } | { type: 'error'; message: string } | { type: 'waiting'; pid: number };

const dataDir = process.argv[2];
if (!dataDir || !process.send) {
  console.error('Uso: node --import tsx child.ts <pasta> (iniciado pelo servidor, com canal IPC)');
  process.exit(2);
}
const send = (message: ChildMessage) => process.send?.(message);

/** How long a new child waits for the one before it (orphaned by a killed server) to close the files. */
const ESPERA_PELO_ANTERIOR_MS = 60_000;

/** What stop() must close: filled in as the start goes. */
const aberto: { db?: PGlite; server?: PGLiteSocketServer } = {};
let stopping: Promise<void> | null = null;
const stop = () => {
  stopping ??= (async () => {
    await aberto.server?.stop().catch(() => {});
    // close() shuts PostgreSQL down cleanly (a checkpoint), so the next start needs no recovery.
    await aberto.db?.close().catch(() => {});
    process.exit(0);
  })();
  return stopping;
};
process.on('message', (message: unknown) => {
  if ((message as { type?: string } | null)?.type === 'stop') void stop();
});
// The parent died or closed the channel: nobody can use this database any more. Listened from the
// start: a parent killed while this child still waits for the lock or boots must not leave it running.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => {}); // Ctrl+C reaches the whole group; the parent decides when we stop.

async function main(dir: string) {
  // The files' own lock, held by the process that writes them (the server holds DATA_DIR's): a server
  // killed with SIGKILL leaves this child behind for a moment, closing PGlite, while the restarted
  // server already starts another on the same files. Released when this process exits.
  await acquireLockFileWhenFree(bloqueioDoBanco(dir), dir, ESPERA_PELO_ANTERIOR_MS, (pid) => send({ type: 'waiting', pid }));
  if (stopping) return;
  aberto.db = await PGlite.create(dir);
  if (stopping) return void stop();
  lerMensagensEmLote();
  // Room for the parent's pool to reconnect while an old socket is still closing.
  aberto.server = new PGLiteSocketServer({ db: aberto.db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await aberto.server.start();
  if (stopping || !process.connected) return void stop();
  const port = Number(aberto.server.getServerConn().split(':').pop());
  send({ type: 'ready', port });
}

main(dataDir).catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
