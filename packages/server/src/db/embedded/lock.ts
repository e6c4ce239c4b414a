import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = '.lock';

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pastaDoBanco = (dataDir: string) => path.join(dataDir, 'pglite');
/** The lock of the process that writes those files (the database child, or a backup), beside them. */
export const bloqueioDoBanco = (pasta: string) => `${pasta}.lock`;

/** True when a process with that id exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds: its own pid in a lock file is only stale if the lock is not one of these. */
const heldHere = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`A pasta de dados ${dir} já está em uso pelo processo ${pid}.`);
    this.name = 'DataDirInUseError';
  }
}

/**
 * Exclusive lock on the data folder: PGlite does not lock its files, and two processes on one folder
 * silently lose writes. O_EXCL makes the creation atomic; a lock left by a dead process is taken over.
 * Returns the release function (also run on process exit).
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  return acquireLockFile(path.join(dir, LOCK_FILE), dir);
}

/** The same lock on any file (`dir` names the folder it guards, in the refusal's message). */
export function acquireLockFile(file: string, dir: string): () => void {
  if (heldHere.has(file)) throw new DataDirInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        try {
          // Only remove our own lock: a later owner may have taken it over meanwhile.
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dir, pid);
      }
      // Stale: a dead owner, garbage, or our own pid left by an earlier run (a container restarts as
      // pid 1 every time) since this process does not hold it. Take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível obter o bloqueio da pasta de dados ${dir}.`);
}

/**
 * acquireLockFile, waiting up to `limiteMs` for a live owner to let go (told once to `aoEsperar`): the embedded database of a
 * server that was killed outlives it for a moment (it closes its files when it sees its parent gone)
 * while the restarted server already starts a new one on the same files.
 */
export async function acquireLockFileWhenFree(file: string, dir: string, limiteMs: number, aoEsperar: (pid: number) => void = () => {}): Promise<() => void> {
  const ate = Date.now() + limiteMs;
  for (let vez = 0; ; vez++) {
    try {
      return acquireLockFile(file, dir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError) || Date.now() > ate) throw error;
      if (vez === 0) aoEsperar(error.pid);
      await new Promise((pronto) => setTimeout(pronto, 200));
    }
  }
}
