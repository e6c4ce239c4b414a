import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The one storage interface for uploaded files (ARCHITECTURE.md "Realtime and files"). Keys are
 * '<grupo>/<id>' made by the server, never by a request. A folder by default; a bucket of an
 * S3-compatible store when S3_URL is set (armazenamentoS3.ts; armazenamentoDe.ts picks one). Callers write the bytes first and the
 * row after: a failed gravar throws, so no row is left without its file.
 */
export interface Armazenamento {
  gravar(chave: string, conteudo: Buffer): Promise<void>;
  /** Keeps the local file at `caminho` without reading it into memory (a big zip built on disk). */
  gravarDoDisco(chave: string, caminho: string): Promise<void>;
  /** null when there is no such file. */
  ler(chave: string): Promise<Buffer | null>;
  /** The file as a stream (null when there is no such file): a big download without holding it in memory. */
  abrir(chave: string): Promise<Readable | null>;
  remover(chave: string): Promise<void>;
  /** The keys that start with `prefixo` (e.g. '<grupo>/'), sorted. */
  listar(prefixo: string): Promise<string[]>;
}

const CHAVE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export function validarChave(chave: string): string {
  if (!CHAVE.test(chave)) throw new Error(`Chave de arquivo inválida: ${chave}`);
  return chave;
}

/** Files under `pasta` (STORAGE_DIR, by default DATA_DIR/arquivos). */
export function armazenamentoEmPasta(pasta: string): Armazenamento {
  const caminho = (chave: string) => path.join(pasta, ...validarChave(chave).split('/'));
  return {
    async gravar(chave, conteudo) {
      const destino = caminho(chave);
      await mkdir(path.dirname(destino), { recursive: true });
      // Written aside and renamed would be atomic; a unique key per upload makes a partial file harmless.
      await writeFile(destino, conteudo);
    },
    async gravarDoDisco(chave, origem) {
      const destino = caminho(chave);
      await mkdir(path.dirname(destino), { recursive: true });
      await copyFile(origem, destino);
    },
    async abrir(chave) {
      try {
        await stat(caminho(chave));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(caminho(chave));
    },
    async ler(chave) {
      try {
        return await readFile(caminho(chave));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remover(chave) {
      await rm(caminho(chave), { force: true });
    },
    async listar(prefixo) {
      let nomes: string[];
      try {
        nomes = await readdir(pasta, { recursive: true, withFileTypes: false });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const chaves = nomes.map((n) => n.split(path.sep).join('/')).filter((c) => c.startsWith(prefixo) && CHAVE.test(c));
      const arquivos = await Promise.all(chaves.map(async (c) => ((await stat(caminho(c))).isFile() ? c : null)));
      return arquivos.filter((c): c is string => c !== null).sort();
    },
  };
}
