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

/** The process ids whose parent is `pid` (Linux /proc): the embedded database of a server. */
export function filhosDe(pid: number): number[] {
  const filhos: number[] = [];
  for (const nome of readdirSync('/proc')) {
    if (!/^\d+$/.test(nome)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${nome}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) filhos.push(Number(nome));
    } catch {
      // The process ended while we looked.
    }
  }
  return filhos;
}

export function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
