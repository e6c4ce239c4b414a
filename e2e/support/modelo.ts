import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runServerCli } from '../../scripts/lib/servidor.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR already migrated and seeded with the demonstration groups, made once per run. */
    dataDirModelo: string;
  }
}

/** `npm test` makes the model while the PostgreSQL stage runs and names it here (scripts/test.mjs). */
export const VARIAVEL_MODELO = 'E2E_DATA_DIR_MODELO';

/**
 * The real `seed` command (the migrations, then the demo groups, as the server does on an empty
 * database) writes a DATA_DIR in a new temporary folder; `descartar` removes it.
 */
export async function criarDataDirModelo(): Promise<{ dataDir: string; descartar(): void }> {
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-modelo-'));
  const dataDir = join(pasta, 'data');
  const descartar = () => rmSync(pasta, { recursive: true, force: true });
  const { code: codigo, output: saida } = await runServerCli(['seed'], { DATA_DIR: dataDir, DATABASE_URL: '' });
  if (codigo !== 0 || !/Criado Grupo Demonstração/.test(saida)) {
    descartar();
    throw new Error(`O banco modelo dos testes no navegador não foi criado (código ${codigo}):\n${saida}`);
  }
  return { dataDir, descartar };
}

/**
 * vitest globalSetup of the browser tests: one model DATA_DIR per run, which each test file's server
 * starts from a copy of (startServer's `dataDirModelo`), instead of migrating and hashing the demo
 * passwords each time. Made here, unless `npm test` already made it (E2E_DATA_DIR_MODELO).
 */
export default async function prepararModelo(project: TestProject): Promise<() => void> {
  const pronto = process.env[VARIAVEL_MODELO];
  if (pronto) {
    project.provide('dataDirModelo', pronto);
    return () => {};
  }
  const modelo = await criarDataDirModelo();
  project.provide('dataDirModelo', modelo.dataDir);
  return modelo.descartar;
}
