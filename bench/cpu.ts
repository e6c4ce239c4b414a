// CPU time spent by processes, from /proc: on a shared, noisy machine the CPU a piece of work costs
// is steadier than its wall-clock rate, and says what rate the work would reach on free cores.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_POR_SEGUNDO = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function cpuDe(pid: number): number {
  try {
    // After the command name (in parentheses, may hold spaces): utime and stime are fields 14 and 15.
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / TICKS_POR_SEGUNDO;
  } catch {
    return 0; // the process ended
  }
}

/** Milliseconds of CPU of these processes so far. */
export const cpuMs = (pids: readonly number[]) => pids.reduce((soma, pid) => soma + cpuDe(pid), 0);

const paiDe = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

/** The processes `pai` started (the embedded database is a child of the server). */
export const filhosDe = (pai: number): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return paiDe(pid) === pai;
      } catch {
        return false;
      }
    });

/** The processes of the PostgreSQL cluster behind this URL: its postmaster and the backends it started. */
export async function processosPostgres(url: string): Promise<number[]> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postmaster = paiDe(rows[0]!.pid);
    return [postmaster, ...filhosDe(postmaster)];
  } finally {
    await cliente.end();
  }
}
