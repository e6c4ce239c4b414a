import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`O servidor não respondeu em 90 s:\n${output()}`);
}

/** Starts the real server as `npm start` does: embedded database in a fresh folder, demo groups seeded. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(builtWeb, 'index.html'))) throw new Error('Gere o aplicativo web antes: npm run build');
  const work = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-'));
  const webDir = join(work, 'web');
  cpSync(builtWeb, webDir, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let printed = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;
  await waitUntilUp(url, child, output);
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
