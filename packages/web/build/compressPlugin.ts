import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { listFiles } from './listFiles.ts';
import { SERVICE_WORKER_FILE } from './serviceWorkerPlugin.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRIMIVEL = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the headers cost more than the saving. */
const MINIMO = 1024;

/** Writes `file`'s .br and .gz beside it; the server sends the one the browser accepts (plugins/web.ts). */
export async function comprimir(arquivo: string): Promise<void> {
  const conteudo = readFileSync(arquivo);
  const [br, gzipado] = await Promise.all([
    brotli(conteudo, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: conteudo.length } }),
    gz(conteudo, { level: 9 }),
  ]);
  writeFileSync(`${arquivo}.br`, br);
  writeFileSync(`${arquivo}.gz`, gzipado);
}

/**
 * Precompresses the build (brotli and gzip) once, so the server never compresses per request: the
 * app's JavaScript is about 4× smaller on the wire. After every other plugin has written its files
 * (the service worker included).
 */
export function compressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'retaguarda-compress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      // The service worker stays plain: small, revalidated on every visit, and the one file an
      // update replaces alone (a stale .br beside a new plain file would hide the new version).
      const alvos = listFiles(outDir).filter((f) => COMPRIMIVEL.test(f) && !f.endsWith(SERVICE_WORKER_FILE) && statSync(f).size >= MINIMO);
      await Promise.all(alvos.map(comprimir));
    },
  };
}
