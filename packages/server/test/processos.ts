import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Processes and ports, for the tests that start real servers (test/servidorReal.ts, e2e/support/server.ts).

export function portaLivre(): Promise<number> {
  return new Promise((pronto, falhou) => {
    const sonda = createServer();
    sonda.on('error', falhou);
    sonda.listen(0, '127.0.0.1', () => {
      const endereco = sonda.address();
      sonda.close(() => pronto(typeof endereco === 'object' && endereco ? endereco.port : 0));
    });
  });
}

/**
 * The process ids whose parent is `pid` and whose command line contains `comando` (Linux /proc): the
 * embedded database of a server is 'child.ts' (tsx also runs an esbuild service as a child).
 */
export function filhosDe(pid: number, comando: string): number[] {
  const filhos: number[] = [];
  for (const nome of readdirSync('/proc')) {
    if (!/^\d+$/.test(nome)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${nome}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      if (readFileSync(`/proc/${nome}/cmdline`, 'utf8').includes(comando)) filhos.push(Number(nome));
    } catch {
      // The process ended while we looked.
    }
  }
  return filhos;
}

/** True while the process runs; a zombie (ended, not yet reaped by its parent) has ended. */
export function vivo(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
