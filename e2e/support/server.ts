import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { esperarAte } from '../../packages/server/test/espera.ts';
import { portaLivre } from '../../packages/server/test/processos.ts';
import { ensureServerBuild } from '../../scripts/lib/servidor.mjs';

const root = resolve(import.meta.dirname, '../..');
export const builtWeb = join(root, 'packages/web/dist');

export interface RunningServer {
  url: string;
  /** The copy of the built web app this server serves; tests may change it (a new deploy). */
  webDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /** The server process (benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  try {
    await esperarAte(
      async () => {
        if (child.exitCode !== null) throw new Error('O servidor terminou ao iniciar.');
        return fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false, // not listening yet
        );
      },
      90_000,
      'o servidor responder',
      250,
    );
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output()}`, { cause: error });
  }
}

/**
 * Starts the real server as `npm start` does: embedded database in a fresh folder, demo groups seeded.
 * With `dataDirModelo` (a DATA_DIR the seed command already migrated and seeded, e2e/support/modelo.ts)
 * the folder starts as a copy of it, so the server finds the demo groups instead of creating them.
 */
export async function startServer(env: Record<string, string> = {}, opcoes: { dataDirModelo?: string } = {}): Promise<RunningServer> {
  if (!existsSync(join(builtWeb, 'index.html'))) throw new Error('Gere o aplicativo web antes: npm run build');
  const work = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-'));
  const webDir = join(work, 'web');
  cpSync(builtWeb, webDir, { recursive: true });
  if (opcoes.dataDirModelo && !env.DATA_DIR) cpSync(opcoes.dataDirModelo, join(work, 'data'), { recursive: true });
  // A free port found here may be taken by another process before the server listens (the PostgreSQL stage
  // runs beside this one): the server then ends with EADDRINUSE, and starts again on another port.
  for (let tentativa = 1; ; tentativa++) {
    const port = await portaLivre();
    const url = `http://localhost:${port}`;
    let printed = '';
    // The bundle `npm start` runs (rebuilt here when a source is newer).
    const child = spawn(process.execPath, ['--enable-source-maps', await ensureServerBuild()], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        WEB_DIST_DIR: webDir,
        APP_URL: url,
        DATABASE_URL: '',
        SMTP_URL: '',
        // The living demonstration's background fill is off unless a test opts in (DEMO_VENDAS: '1').
        DEMO_VENDAS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const output = () => printed;
    try {
      await waitUntilUp(url, child, output);
    } catch (error) {
      if (tentativa < 3 && child.exitCode !== null && printed.includes('EADDRINUSE')) continue;
      throw error;
    }
    return servidorIniciado(url, webDir, work, child, output);
  }
}

function servidorIniciado(url: string, webDir: string, work: string, child: ChildProcess, output: () => string): RunningServer {
  return {
    url,
    webDir,
    output,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
