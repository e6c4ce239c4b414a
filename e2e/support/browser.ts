import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Debian's chromium; the flags keep it off the (closed) network. ARCHITECTURE.md "Versions".
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh browser profile: empty local storage, no cookies, no service worker. */
export async function openBrowser(options: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'retaguarda-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    colorScheme: options.colorScheme ?? 'light',
    // 'block' when a test intercepts the app's own files, which a worker would serve from its cache.
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // E2E_CPU_THROTTLE=8 runs the pages as on a machine eight times slower: races a fast machine hides show up.
  const lentidao = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (lentidao > 1) {
    const frear = async (p: Page) => (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: lentidao });
    await frear(page);
    context.on('page', (p) => void frear(p));
  }
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
