import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { apagarBanco, criarBanco, urlDoBanco } from '../../packages/server/test/bancosPostgres.ts';
import type { BancoModelo } from './modelo.ts';

/** A test file's own database: the server's environment that opens it, and its removal after the file. */
export interface BancoDoArquivo {
  env: Record<string, string>;
  descartar(): Promise<void>;
}

/**
 * A copy of the run's model for one test file: a new PostgreSQL database made from it (a file copy inside
 * the cluster, ~0.3 s), or its DATA_DIR copied into `pasta` (cp copies the database's 1,500 files in a quarter
 * of the time Node 20's cpSync takes).
 */
export async function bancoDoArquivo(modelo: BancoModelo, pasta: string): Promise<BancoDoArquivo> {
  if (modelo.tipo === 'postgresql') {
    const nome = `retaguarda_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    await criarBanco(modelo.adminUrl, nome, modelo.nome);
    return { env: { DATABASE_URL: urlDoBanco(modelo.adminUrl, nome) }, descartar: () => apagarBanco(modelo.adminUrl, nome) };
  }
  const dataDir = join(pasta, 'data');
  execFileSync('cp', ['-R', modelo.dataDir, dataDir]);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, descartar: async () => {} };
}
