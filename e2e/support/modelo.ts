import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runServerCli } from '../../scripts/lib/servidor.mjs';
import { apagarBanco, criarBanco, urlDoBanco } from '../../packages/server/test/bancosPostgres.ts';

/**
 * The database every browser test file's server starts from, made once per run by the real `seed` command
 * (the migrations, then the demo groups, as the server does on an empty database): a PostgreSQL database each
 * file's is created from (`CREATE DATABASE … TEMPLATE`), or, without PostgreSQL, a DATA_DIR each file copies.
 */
export type BancoModelo = { tipo: 'postgresql'; adminUrl: string; nome: string } | { tipo: 'embutido'; dataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    bancoModelo: BancoModelo;
  }
}

/** `npm test` makes the model while the PostgreSQL stage runs and passes it here, as JSON (scripts/test.mjs). */
export const VARIAVEL_MODELO = 'E2E_BANCO_MODELO';
/** A PostgreSQL cluster's administrator URL: the browser tests' databases are made there (`npm test` gives its own). */
export const VARIAVEL_POSTGRES = 'E2E_DATABASE_URL';

/** The model with demonstration sales beside the run's model (e2e/support/vendasDemo.ts makes it; the model's teardown drops it). */
export const nomeDoModeloComVendas = (modelo: string) => `${modelo}_vendas`;

/** The run's model, and `env`: what hands it to a browser test run (scripts/test.mjs makes it beside the PostgreSQL stage). */
export async function criarBancoModelo(adminUrl = process.env[VARIAVEL_POSTGRES] || undefined): Promise<{ modelo: BancoModelo; env: Record<string, string>; descartar(): Promise<void> }> {
  if (adminUrl) {
    const nome = `retaguarda_e2e_modelo_${process.pid}_${Date.now()}`;
    await criarBanco(adminUrl, nome);
    const descartar = async () => {
      await apagarBanco(adminUrl, nomeDoModeloComVendas(nome));
      await apagarBanco(adminUrl, nome);
    };
    await semear({ DATABASE_URL: urlDoBanco(adminUrl, nome) }, descartar);
    return comEnv({ tipo: 'postgresql', adminUrl, nome }, descartar);
  }
  const pasta = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-modelo-'));
  const dataDir = join(pasta, 'data');
  const descartar = async () => rmSync(pasta, { recursive: true, force: true });
  await semear({ DATA_DIR: dataDir, DATABASE_URL: '' }, descartar);
  return comEnv({ tipo: 'embutido', dataDir }, descartar);
}

const comEnv = (modelo: BancoModelo, descartar: () => Promise<void>) => ({ modelo, env: { [VARIAVEL_MODELO]: JSON.stringify(modelo) }, descartar });

async function semear(env: Record<string, string>, descartar: () => Promise<void>): Promise<void> {
  const { code: codigo, output: saida } = await runServerCli(['seed'], env);
  if (codigo !== 0 || !/Criado Grupo Demonstração/.test(saida)) {
    await descartar();
    throw new Error(`O banco modelo dos testes no navegador não foi criado (código ${codigo}):\n${saida}`);
  }
}

/** vitest globalSetup of the browser tests: the run's model, made here unless `npm test` already made it. */
export default async function prepararModelo(project: TestProject): Promise<() => Promise<void>> {
  const pronto = process.env[VARIAVEL_MODELO];
  if (pronto) {
    project.provide('bancoModelo', JSON.parse(pronto) as BancoModelo);
    return async () => {};
  }
  const { modelo, descartar } = await criarBancoModelo();
  project.provide('bancoModelo', modelo);
  return descartar;
}
