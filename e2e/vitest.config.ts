import { defineConfig } from 'vitest/config';

// Browser tests start a real server and one Chromium per file (a fresh context per test). Two files at once: much of a file's
// time is waiting (server start, network, polls), so two on two cores took 7.8 min where one took 10.5.
export default defineConfig({
  test: {
    name: '@retaguarda/e2e',
    include: ['**/*.test.ts'],
    maxWorkers: 2,
    // The files of a worker share its loaded modules (playwright-core and the support code: 1.4 s per file
    // when each file imported them again). Each file still starts its own server and Chromium (support/fixture.ts).
    isolate: false,
    // One migrated and seeded DATA_DIR per run, copied for each file's server.
    globalSetup: ['./support/modelo.ts'],
    // A test is a user's whole journey (a dozen screens, saves, polls): on a busy machine (load 17 on two
    // cores) the longest took 70 s; every wait inside has its own condition.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A loaded machine (two cores, a server and a browser per file) can take longer than the default 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
