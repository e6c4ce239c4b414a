import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { esperarAte } from '../../packages/server/test/espera.ts';
import { portaLivre } from '../../packages/server/test/processos.ts';
import { ensureServerBuild } from '../../scripts/lib/servidor.mjs';
import { bancoDoArquivo, type BancoDoArquivo } from './banco.ts';
import type { BancoModelo } from './modelo.ts';

const root = resolve(import.meta.dirname, '../..');
export const builtWeb = join(root, 'packages/web/dist');

export interface RunningServer {
  url: string;
  /** With `webProprio`, the copy of the built web app this server serves, which the test may change (a new deploy). */
  webDir: string | undefined;
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
      100,
    );
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output()}`, { cause: error });
  }
}

/**
 * Starts the real server as `npm start` does: on an empty embedded database, which it migrates and seeds with
 * the demo groups; with `modelo` (the run's model, e2e/support/modelo.ts) on a copy of it, already seeded;
 * with `banco` on that database (a copy of the model a test filled further). The server owns the database
 * it starts on: `stop` removes it. It reads the built web app where it is; `webProprio` gives it a copy of
 * its own to change.
 */
export async function startServer(env: Record<string, string> = {}, opcoes: { modelo?: BancoModelo; banco?: BancoDoArquivo; webProprio?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(join(builtWeb, 'index.html'))) throw new Error('Gere o aplicativo web antes: npm run build');
  const work = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-'));
  const webDir = opcoes.webProprio ? join(work, 'web') : undefined;
  if (webDir) cpSync(builtWeb, webDir, { recursive: true });
  const banco = opcoes.banco ?? (opcoes.modelo && !env.DATA_DIR ? await bancoDoArquivo(opcoes.modelo, work) : undefined);
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
        WEB_DIST_DIR: webDir ?? builtWeb,
        APP_URL: url,
        DATABASE_URL: '',
        SMTP_URL: '',
        // The living demonstration's background fill is off unless a test opts in (DEMO_VENDAS: '1').
        DEMO_VENDAS: '0',
        ...banco?.env,
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
      child.kill('SIGKILL');
      await banco?.descartar().catch(() => {});
      throw error;
    }
    return servidorIniciado(url, webDir, work, child, output, banco);
  }
}

function servidorIniciado(url: string, webDir: string | undefined, work: string, child: ChildProcess, output: () => string, banco: BancoDoArquivo | undefined): RunningServer {
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
      await banco?.descartar();
    },
  };
}
