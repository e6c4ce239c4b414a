import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` (scripts/test.mjs) picks them by name.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/server', 'packages/web', 'e2e'],
    // Two test files at once even on two cores (vitest's default there is one): many API files wait
    // (on a real server process, a database restart, the soak test's quiet times) more than they compute.
    // The browser tests stay one file at a time (e2e/vitest.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
