import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with the OWASP-recommended cost (19 MiB, t=2, p=1).
export const hashSenha = (senha: string): Promise<string> => hash(senha);

export async function verifySenha(senhaHash: string, senha: string): Promise<boolean> {
  try {
    return await verify(senhaHash, senha);
  } catch {
    // A malformed stored hash is a failed match, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of one real verification, so an unknown login answers as slowly as a known one. */
export async function dummyVerify(senha: string): Promise<void> {
  dummyHash ??= hash('senha-que-nao-existe-0');
  await verifySenha(await dummyHash, senha);
}
