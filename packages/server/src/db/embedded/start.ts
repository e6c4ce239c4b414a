import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './child.ts';
import { acquireDataDirLock } from './lock.ts';

export interface EmbeddedDatabase {
  /** postgres:// URL of the child's socket server. */
  url: string;
  stop(): Promise<void>;
}

const childFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child.ts');

/**
 * Locks DATA_DIR, then starts PGlite in a child process with its files in DATA_DIR/pglite and waits
 * for the port it listens on. stop() ends the child (which flushes PGlite) and releases the lock.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const release = acquireDataDirLock(dataDir);
  let child: ChildProcess | undefined;
  try {
    child = fork(childFile, [path.join(dataDir, 'pglite')], {
      // tsx resolved from here, so the child works whatever the current directory is.
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started = child;
    const port = await new Promise<number>((resolve, reject) => {
      started.once('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.port);
        else reject(new Error(`O banco de dados embutido não iniciou: ${message.message}`));
      });
      started.once('exit', (code) => reject(new Error(`O banco de dados embutido terminou ao iniciar (código ${code}).`)));
      started.once('error', reject);
    });
    let stopped: Promise<void> | null = null;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        stopped ??= new Promise<void>((resolve) => {
          const done = () => {
            release();
            resolve();
          };
          if (started.exitCode !== null || started.signalCode !== null) return done();
          started.once('exit', done);
          // A stuck child must not keep the lock forever.
          const timer = setTimeout(() => started.kill('SIGKILL'), 10_000);
          timer.unref();
          if (started.connected) started.send({ type: 'stop' });
          else started.kill('SIGTERM');
        });
        return stopped;
      },
    };
  } catch (error) {
    child?.kill('SIGKILL');
    release();
    throw error;
  }
}
