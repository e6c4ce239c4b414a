import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, acquireLockFile, bloqueioDoBanco, pastaDoBanco } from './lock.ts';

/**
 * Backup and restore of the embedded database (`npm run backup`, `npm run restore -- ARQUIVO`): a copy
 * of PGlite's data folder as a .tar.gz (PGlite's own dumpDataDir / loadDataDir), exact to the byte of
 * every table. With the server stopped: both take DATA_DIR's lock, so a running server makes them
 * refuse (its database child holds the files, and copying them under it would copy a torn state).
 */

/** Holds DATA_DIR and the database files for the duration of `trabalho`. */
async function comABaseParada<T>(dataDir: string, trabalho: (pasta: string) => Promise<T>): Promise<T> {
  const liberarPasta = acquireDataDirLock(dataDir);
  try {
    const pasta = pastaDoBanco(dataDir);
    const liberarBanco = acquireLockFile(bloqueioDoBanco(pasta), pasta);
    try {
      return await trabalho(pasta);
    } finally {
      liberarBanco();
    }
  } finally {
    liberarPasta();
  }
}

/** Opens the files just written and checks they are a Retaguarda database, then closes them. */
async function conferirBanco(db: PGlite, origem: string): Promise<void> {
  const { rows } = await db.query<{ existe: boolean }>(`select to_regclass('public.grupo_empresarial') is not null as existe`);
  if (!rows[0]?.existe) throw new Error(`${origem} não é um banco do Retaguarda.`);
}

/** Writes the database of DATA_DIR to `arquivo` (written whole or not at all). Answers its size. */
export async function fazerBackup(dataDir: string, arquivo: string): Promise<{ bytes: number }> {
  return comABaseParada(dataDir, async (pasta) => {
    if (!fs.existsSync(path.join(pasta, 'PG_VERSION'))) throw new Error(`Não há banco de dados embutido em ${pasta}.`);
    const db = await PGlite.create({ dataDir: pasta });
    try {
      await conferirBanco(db, pasta);
      // Everything in the data files, so the copy opens without replaying the log.
      await db.exec('checkpoint');
      const dados = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
      fs.mkdirSync(path.dirname(arquivo), { recursive: true });
      const parcial = `${arquivo}.parcial`;
      fs.writeFileSync(parcial, dados);
      fs.renameSync(parcial, arquivo);
      return { bytes: dados.length };
    } finally {
      await db.close();
    }
  });
}

/**
 * Replaces the database of DATA_DIR by the one in `arquivo`. The file is unpacked and opened beside
 * the current database first; only a good copy takes its place, and the current one is kept, renamed
 * (answered as `anterior`, null when there was none), until the operator deletes it.
 */
export async function restaurarBackup(dataDir: string, arquivo: string): Promise<{ anterior: string | null }> {
  return comABaseParada(dataDir, async (pasta) => {
    if (!fs.existsSync(arquivo)) throw new Error(`O arquivo ${arquivo} não existe.`);
    const dados = fs.readFileSync(arquivo);
    const carimbo = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
    const nova = `${pasta}.restaurando-${carimbo}`;
    fs.rmSync(nova, { recursive: true, force: true });
    try {
      const db = await PGlite.create({ dataDir: nova, loadDataDir: new Blob([dados]) }).catch((erro: unknown) => {
        throw new Error(`${arquivo} não é um backup do banco embutido (${erro instanceof Error ? erro.message : String(erro)}).`);
      });
      try {
        await conferirBanco(db, arquivo);
      } finally {
        await db.close();
      }
    } catch (erro) {
      fs.rmSync(nova, { recursive: true, force: true });
      throw erro;
    }
    let anterior: string | null = null;
    if (fs.existsSync(pasta)) {
      anterior = `${pasta}.antes-da-restauracao-${carimbo}`;
      fs.renameSync(pasta, anterior);
    }
    fs.renameSync(nova, pasta);
    return { anterior };
  });
}
