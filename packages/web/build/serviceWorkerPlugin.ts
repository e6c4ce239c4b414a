import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { listFiles } from './listFiles.ts';
import { serviceWorkerSource } from './serviceWorkerSource.ts';

export const SERVICE_WORKER_FILE = 'service-worker.js';

/**
 * Emits /service-worker.js at the site root with a build id and the precache list of the built
 * assets (bundle output plus the files copied from public/). Only at build: `vite dev` has no worker.
 */
export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'retaguarda-service-worker',
    apply: 'build',
    // After Vite's own HTML plugin, so index.html is already in the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const fromBundle = Object.keys(bundle);
      const fromPublic = publicDir ? listFiles(publicDir).map((f) => relative(publicDir, f).split(sep).join('/')) : [];
      // config.json belongs to the server and changes per installation: never precached.
      const files = [...new Set([...fromBundle, ...fromPublic, 'index.html'])]
        .filter((f) => f !== SERVICE_WORKER_FILE && f !== 'config.json' && !f.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const name of files) {
        hash.update(name);
        const item = bundle[name];
        if (item) hash.update(item.type === 'chunk' ? item.code : item.source);
      }
      const buildId = hash.digest('hex').slice(0, 16);
      const precache = files.map((f) => '/' + f);
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource(buildId, precache) });
    },
  };
}
