import { criarBanco, urlDoBanco } from '../packages/server/test/bancosPostgres.ts';

/** A new empty database beside DATABASE_URL's (the demonstration group is seeded only on an empty one). */
export async function bancoNovo(url: string, prefixo: string): Promise<string> {
  const nome = `${prefixo}_${Date.now()}`;
  await criarBanco(url, nome);
  return urlDoBanco(url, nome);
}
