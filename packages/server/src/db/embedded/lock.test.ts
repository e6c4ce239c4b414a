import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from './lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'retaguarda-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a folder locked by another live process, naming the folder and the process', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`A pasta de dados ${dir} já está em uso pelo processo ${other.pid}.`);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(dead.pid));

    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second lock on the same folder from this very process', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    release();
    acquireDataDirLock(dir)();
  });

  it('takes over a lock file holding its own pid that it does not hold (container restart as pid 1)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.pid));
    const release = acquireDataDirLock(dir);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('creates the folder when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'nova', 'pasta');
    const release = acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    release();
  });
});
