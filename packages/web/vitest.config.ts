import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // jsdom form tests type into many fields; a 2-core machine running two files at once (or two test
    // runs) takes several times longer than an idle one: a test of 8 s alone took 28 s there.
    testTimeout: 60_000,
  },
});
