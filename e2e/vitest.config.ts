import { defineConfig } from 'vitest/config';

// Browser tests start a real server and a real Chromium each; on two cores they run one file at a time.
export default defineConfig({
  test: {
    name: '@retaguarda/e2e',
    include: ['**/*.test.ts'],
    fileParallelism: false,
    // One migrated and seeded DATA_DIR per run, copied for each file's server.
    globalSetup: ['./support/modelo.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A loaded machine (two cores, a server and a browser per file) can take longer than the default 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
