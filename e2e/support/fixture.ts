import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { fecharChromium, openBrowser, type Browser } from './browser.ts';
import { relatarFalha } from './falha.ts';
import type { BancoDoArquivo } from './banco.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * One real server per test file, and a fresh browser profile per test (or one per file when the
 * test needs its state to last, as the service worker does). Call at the top of a test file. `env`
 * and `banco` are read when the server starts (after the file's earlier beforeAll hooks, e.g. a database
 * filled further); `webProprio` gives the server its own copy of the built app, for a test that changes it.
 * The server's database starts as a copy of the run's migrated and seeded model (e2e/support/modelo.ts).
 */
export function useServerAndBrowser(options: { browser: 'per-test' | 'per-file'; env?: () => Record<string, string>; banco?: () => BancoDoArquivo; webProprio?: boolean } = { browser: 'per-test' }) {
  const state = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    state.server = await startServer(options.env?.() ?? {}, { modelo: inject('bancoModelo'), banco: options.banco?.(), webProprio: options.webProprio });
    if (options.browser === 'per-file') state.browser = await openBrowser();
  });
  afterAll(async () => {
    if (options.browser === 'per-file') await state.browser?.close();
    await fecharChromium();
    await state.server?.stop();
  });
  if (options.browser === 'per-test') {
    beforeEach(async () => {
      state.browser = await openBrowser();
    });
  }
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && state.browser) await relatarFalha(state.browser.page, task.name, state.server?.output());
    if (options.browser === 'per-test') await state.browser?.close();
  });
  return state;
}
