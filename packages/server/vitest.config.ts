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
  },
});
