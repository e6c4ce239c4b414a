// A throwaway PostgreSQL 15 cluster on a spare port, for the API tests on a real server (or one kept in a folder, for benches).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_BIN } from './install.mjs';
import { freePort, must } from './run.mjs';

// initdb refuses to run as root, so as root the cluster belongs to the postgres user.
function asOwner(command, args) {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

/** `pasta`: a cluster kept in that folder (made there the first time, started again later, left there on stop). */
export async function startPostgres({ pasta } = {}) {
  if (pasta) mkdirSync(pasta, { recursive: true });
  const dir = pasta ?? mkdtempSync(join(tmpdir(), 'retaguarda-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  if (!existsSync(join(data, 'PG_VERSION'))) await must(...asOwner(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']), quiet);
  // A kept cluster stops cleanly: with fsync off, only a clean stop leaves its files whole for next time.
  const modo = pasta ? 'fast' : 'immediate';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  await must(...asOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']), quiet);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await must(...asOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', modo, '-w', 'stop']), quiet).catch(() => {});
      if (!pasta) rmSync(dir, { recursive: true, force: true });
    },
  };
}
