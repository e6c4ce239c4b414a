import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each API test file starts its own database (PGlite boot or CREATE DATABASE) and hashes passwords;
    // the first files of a run also migrate and seed the model (test/harness.ts). Files run two at a time,
    // maybe beside another test run on the same two cores: limits several times an idle machine's times.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    env: { LOG_LEVEL: 'silent' },
    // The files of a worker share its loaded modules (the server's import took 150 s of a run on two
    // cores, 22 s shared). Each file still builds its own app and database (test/harness.ts).
    isolate: false,
  },
});
