import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The one storage interface for uploaded files (ARCHITECTURE.md "Realtime and files"). Keys are
 * '<grupo>/<id>' made by the server, never by a request. A folder today; an S3-compatible store is
 * the next implementation of the same interface.
 */
export interface Armazenamento {
  gravar(chave: string, conteudo: Buffer): Promise<void>;
  /** null when there is no such file. */
  ler(chave: string): Promise<Buffer | null>;
  remover(chave: string): Promise<void>;
}

const CHAVE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Files under `pasta` (STORAGE_DIR, by default DATA_DIR/arquivos). */
export function armazenamentoEmPasta(pasta: string): Armazenamento {
  const caminho = (chave: string) => {
    if (!CHAVE.test(chave)) throw new Error(`Chave de arquivo inválida: ${chave}`);
    return path.join(pasta, ...chave.split('/'));
  };
  return {
    async gravar(chave, conteudo) {
      const destino = caminho(chave);
      await mkdir(path.dirname(destino), { recursive: true });
      // Written aside and renamed would be atomic; a unique key per upload makes a partial file harmless.
      await writeFile(destino, conteudo);
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
  };
}
