import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Name of the key file created in DATA_DIR when RETAGUARDA_SECRET is not set. */
export const ARQUIVO_CHAVE = 'retaguarda-chave.key';

/**
 * The 32-byte key that encrypts secrets at rest (the A1 certificates). From RETAGUARDA_SECRET (any
 * text, stretched with HKDF) or from a random key file created once in DATA_DIR, readable only by the
 * server's user. Losing the key file makes the stored certificates unreadable: back it up with the data.
 */
export function carregarChave(opcoes: { secret: string | null; dataDir: string }): Buffer {
  if (opcoes.secret) return Buffer.from(hkdfSync('sha256', opcoes.secret, 'retaguarda', 'segredos em repouso v1', 32));
  const arquivo = path.join(opcoes.dataDir, ARQUIVO_CHAVE);
  try {
    const chave = Buffer.from(readFileSync(arquivo, 'utf8').trim(), 'base64');
    if (chave.length !== 32) throw new Error(`${arquivo} não contém uma chave de 32 bytes.`);
    return chave;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(opcoes.dataDir, { recursive: true });
  const nova = randomBytes(32);
  // 'wx' fails if another process created it in between; then that one is read.
  try {
    writeFileSync(arquivo, `${nova.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(arquivo, 0o600);
    return nova;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return carregarChave(opcoes);
  }
}

/** Resolves the key on first use, so a server that never stores a secret never needs one. */
export function chavePreguicosa(opcoes: { secret: string | null; dataDir: string }): () => Buffer {
  let chave: Buffer | undefined;
  return () => (chave ??= carregarChave(opcoes));
}

const VERSAO = 'v1';

/** AES-256-GCM: 'v1.' + base64(iv 12 | tag 16 | ciphertext). `contexto` (e.g. the row id) is authenticated too. */
export function cifrar(chave: Buffer, dados: Buffer, contexto: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', chave, iv);
  cipher.setAAD(Buffer.from(contexto));
  const corpo = Buffer.concat([cipher.update(dados), cipher.final()]);
  return `${VERSAO}.${Buffer.concat([iv, cipher.getAuthTag(), corpo]).toString('base64')}`;
}

export function decifrar(chave: Buffer, texto: string, contexto: string): Buffer {
  const [versao, b64] = texto.split('.');
  if (versao !== VERSAO || !b64) throw new Error('Formato de segredo desconhecido.');
  const bruto = Buffer.from(b64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', chave, bruto.subarray(0, 12));
  decipher.setAAD(Buffer.from(contexto));
  decipher.setAuthTag(bruto.subarray(12, 28));
  return Buffer.concat([decipher.update(bruto.subarray(28)), decipher.final()]);
}
