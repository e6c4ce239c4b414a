import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR already migrated and seeded with the demonstration groups, made once per run. */
    dataDirModelo: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * vitest globalSetup of the browser tests: the real `seed` command (the migrations, then the demo
 * groups, as the server does on an empty database) writes one DATA_DIR, which each test file's server
 * starts from a copy of (startServer's `dataDirModelo`), instead of migrating and hashing the demo passwords each time.
 */
export default async function criarModelo(project: TestProject): Promise<() => void> {
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-modelo-'));
  const dataDir = join(pasta, 'data');
  let saida = '';
  const codigo = await new Promise<number | null>((pronto, falhou) => {
    const processo = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', 'seed'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processo.stdout.on('data', (pedaco: Buffer) => (saida += pedaco.toString()));
    processo.stderr.on('data', (pedaco: Buffer) => (saida += pedaco.toString()));
    processo.once('error', falhou);
    processo.once('exit', pronto);
  });
  if (codigo !== 0 || !/Criado Grupo Demonstração/.test(saida)) {
    rmSync(pasta, { recursive: true, force: true });
    throw new Error(`O banco modelo dos testes no navegador não foi criado (código ${codigo}):\n${saida}`);
  }
  project.provide('dataDirModelo', dataDir);
  return () => rmSync(pasta, { recursive: true, force: true });
}
