import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server), found by walking up from this module to the
 * package.json named @retaguarda/server: the same answer from the TypeScript sources (src/…) and from
 * the bundle `npm start` runs (dist/main.mjs), whose modules sit at other depths.
 */
function acharPastaDoServidor(): string {
  for (let pasta = path.dirname(fileURLToPath(import.meta.url)); ; pasta = path.dirname(pasta)) {
    const pacote = path.join(pasta, 'package.json');
    if (existsSync(pacote) && (JSON.parse(readFileSync(pacote, 'utf8')) as { name?: string }).name === '@retaguarda/server') return pasta;
    if (path.dirname(pasta) === pasta) throw new Error('Pasta do pacote @retaguarda/server não encontrada.');
  }
}

export const pastaDoServidor = acharPastaDoServidor();
