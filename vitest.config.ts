import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` (scripts/test.mjs) picks them by name.
export default defineConfig({
  test: { projects: ['packages/domain', 'packages/server', 'packages/web', 'e2e'] },
});
