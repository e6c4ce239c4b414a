import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { telasDeRecurso } from './build/telasDeRecurso.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __TELAS_DE_RECURSO__: JSON.stringify(telasDeRecurso()) },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The files share the modules of a worker instead of loading React, Mantine and the app once per file
    // (import time 160 s → 45 s on two cores); src/test/setup.ts clears the app's singletons between files.
    isolate: false,
    // jsdom form tests type into many fields; a 2-core machine running two files at once (or two test
    // runs) takes several times longer than an idle one: a test of 8 s alone took 28 s there.
    testTimeout: 60_000,
  },
});
