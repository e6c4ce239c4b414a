import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunksIniciais } from './build/chunksIniciais.ts';
import { compressPlugin } from './build/compressPlugin.ts';
import { esqueletoPlugin } from './build/esqueleto.ts';
import { serviceWorkerPlugin } from './build/serviceWorkerPlugin.ts';
import { telasDeRecurso } from './build/telasDeRecurso.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// The API server (packages/server) listens on 3000 in development; the browser talks to one origin.
const apiProxy = {
  '/api': 'http://localhost:3000',
  '/config.json': 'http://localhost:3000',
  // The KDS boards' Socket.IO (config.json's pathSocket).
  '/socket.io': { target: 'ws://localhost:3000', ws: true },
};

export default defineConfig(async ({ command }) => ({
  root,
  base: '/',
  plugins: [react(), esqueletoPlugin(), serviceWorkerPlugin(), compressPlugin()],
  define: { __TELAS_DE_RECURSO__: JSON.stringify(telasDeRecurso()) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Only `vite build`: the dev server serves modules one by one.
    rolldownOptions: { output: { codeSplitting: command === 'build' ? { groups: await chunksIniciais() } : true } },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
