/**
 * The embedded database process: PGlite (PostgreSQL compiled to WASM) behind a PostgreSQL wire-protocol
 * socket on 127.0.0.1. It runs apart from the server because PGlite blocks the event loop during
 * every query. Started by start.ts with an IPC channel; exits when told to or when the parent is gone.
 *
 *   node --import tsx child.ts <pglite data folder>
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type ChildMessage = { type: 'ready'; port: number } | { type: 'error'; message: string };

const dataDir = process.argv[2];
if (!dataDir || !process.send) {
  console.error('Uso: node --import tsx child.ts <pasta> (iniciado pelo servidor, com canal IPC)');
  process.exit(2);
}
const send = (message: ChildMessage) => process.send?.(message);

let stopping: Promise<void> | null = null;

async function main(dir: string) {
  const db = await PGlite.create(dir);
  // Room for the parent's pool to reconnect while an old socket is still closing.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();

  const stop = () => {
    stopping ??= (async () => {
      await server.stop().catch(() => {});
      // close() flushes PGlite's files; skipping it can lose the last writes.
      await db.close().catch(() => {});
      process.exit(0);
    })();
    return stopping;
  };
  process.on('message', (message: unknown) => {
    if ((message as { type?: string } | null)?.type === 'stop') void stop();
  });
  // The parent died or closed the channel: nobody can use this database any more.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => {}); // Ctrl+C reaches the whole group; the parent decides when we stop.

  const port = Number(server.getServerConn().split(':').pop());
  send({ type: 'ready', port });
}

main(dataDir).catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
