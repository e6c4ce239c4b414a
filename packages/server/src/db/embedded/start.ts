import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './child.ts';
import { acquireDataDirLock, pastaDoBanco } from './lock.ts';

export interface EmbeddedDatabase {
  /** postgres:// URL of the child's socket server; a restarted child listens on another port. */
  readonly url: string;
  /** The running child's process id; undefined while it is being restarted. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Told when the child dies and when it is back (the server log). */
  aviso?: (mensagem: string) => void;
}

/**
 * The child's module: beside this one in the sources (run through tsx), or the bundle's child.mjs
 * beside dist/main.mjs (scripts/lib/servidor.mjs), which needs no loader.
 */
const noBundle = import.meta.url.endsWith('.mjs');
const childFile = path.join(path.dirname(fileURLToPath(import.meta.url)), noBundle ? 'child.mjs' : 'child.ts');

/** Waits between restarts of a child that keeps dying: at once, then longer, never more than the last. */
const ESPERAS_ENTRE_REINICIOS_MS = [0, 1_000, 2_000, 5_000, 10_000];
/** A child that ran this long before dying is restarted at once again. */
const VIDA_NORMAL_MS = 60_000;

interface Filho {
  processo: ChildProcess;
  port: number;
}

/** Forks the child on the PGlite folder and waits for the port it listens on. */
async function iniciarFilho(pasta: string, aviso: (mensagem: string) => void): Promise<Filho> {
  const processo = fork(childFile, [pasta], {
    // tsx resolved from here, so the child works whatever the current directory is.
    execArgv: noBundle ? ['--enable-source-maps'] : ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      processo.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.port);
        else if (message.type === 'waiting') aviso(`O banco de dados embutido espera o processo ${message.pid} largar os arquivos de ${pasta}.`);
        else reject(new Error(`O banco de dados embutido não iniciou: ${message.message}`));
      });
      processo.once('exit', (code) => reject(new Error(`O banco de dados embutido terminou ao iniciar (código ${code}).`)));
      processo.once('error', reject);
    });
    return { processo, port };
  } catch (error) {
    processo.kill('SIGKILL');
    throw error;
  }
}

/** Asks a child to stop (it flushes PGlite) and waits for it; a stuck one is killed after 10 s. */
function pararFilho(processo: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (processo.exitCode !== null || processo.signalCode !== null) return resolve();
    processo.once('exit', () => resolve());
    const timer = setTimeout(() => processo.kill('SIGKILL'), 10_000);
    timer.unref();
    if (processo.connected) processo.send({ type: 'stop' });
    else processo.kill('SIGTERM');
  });
}

/**
 * Locks DATA_DIR, then starts PGlite in a child process with its files in DATA_DIR/pglite and waits
 * for the port it listens on. A child that dies (killed, out of memory) is started again on the same
 * files while this process keeps DATA_DIR's lock: requests fail only while it is down, and the pool's
 * next connections go to the new port (`url` follows). stop() ends the child (which flushes PGlite)
 * and releases the lock.
 */
export async function startEmbeddedDatabase(dataDir: string, opcoes: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const release = acquireDataDirLock(dataDir);
  const pasta = pastaDoBanco(dataDir);
  const aviso = opcoes.aviso ?? ((mensagem: string) => console.error(mensagem));
  let atual: Filho;
  try {
    atual = await iniciarFilho(pasta, aviso);
  } catch (error) {
    release();
    throw error;
  }
  let vivo = true;
  let parado: Promise<void> | null = null;
  let reiniciando: Promise<void> | null = null;
  // The wait before a restart, cut short by stop().
  let acordar = () => {};
  const esperar = (ms: number) =>
    new Promise<void>((pronto) => {
      const timer = setTimeout(pronto, ms);
      acordar = () => {
        clearTimeout(timer);
        pronto();
      };
    });

  const reiniciar = async (morto: ChildProcess, iniciadoEm: number) => {
    let tentativa = Date.now() - iniciadoEm > VIDA_NORMAL_MS ? 0 : 1;
    aviso(`O banco de dados embutido (processo ${morto.pid}) terminou (${morto.signalCode ?? `código ${morto.exitCode}`}); iniciando-o de novo.`);
    while (vivo) {
      await esperar(ESPERAS_ENTRE_REINICIOS_MS[Math.min(tentativa++, ESPERAS_ENTRE_REINICIOS_MS.length - 1)]!);
      if (!vivo) return;
      try {
        const novo = await iniciarFilho(pasta, aviso);
        if (!vivo) return void (await pararFilho(novo.processo));
        atual = novo;
        vigiar(novo);
        aviso(`O banco de dados embutido voltou (processo ${novo.processo.pid}).`);
        return;
      } catch (error) {
        aviso(`${error instanceof Error ? error.message : String(error)} Nova tentativa em instantes.`);
      }
    }
  };
  const vigiar = (filho: Filho) => {
    const iniciadoEm = Date.now();
    filho.processo.once('exit', () => {
      if (!vivo) return;
      reiniciando = reiniciar(filho.processo, iniciadoEm).finally(() => (reiniciando = null));
    });
  };
  vigiar(atual);

  return {
    get url() {
      return `postgres://postgres@127.0.0.1:${atual.port}/postgres`;
    },
    get pid() {
      return reiniciando ? undefined : atual.processo.pid;
    },
    stop() {
      parado ??= (async () => {
        vivo = false;
        acordar();
        await reiniciando;
        await pararFilho(atual.processo);
        release();
      })();
      return parado;
    },
  };
}
