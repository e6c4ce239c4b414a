import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signIn } from './app.ts';
import { openBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';
import { esperarPaginaParada } from './foto.ts';

export interface Tema {
  page: Page;
  server: RunningServer;
  /** Base of the API (`${server.url}/api`). */
  api: string;
  /** The first theme of the run (light): where the data is created once. */
  primeiro: boolean;
  /** Saves `<nome>-<tema>.png` in the output folder. */
  shot(nome: string): Promise<void>;
}

/** POST through the page's own session; answers `data`, or throws with the server's answer. */
export async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * The frame of the screenshot scripts: one real server, then for the light and the dark theme a
 * signed-in browser at 1440×1000 that `capturar` drives. Output in argv[2] (default .screenshots).
 */
export async function capturarEmCadaTema(capturar: (t: Tema) => Promise<void>): Promise<void> {
  const out = process.argv[2] ?? '.screenshots';
  mkdirSync(out, { recursive: true });
  const server = await startServer();
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const browser = await openBrowser({ colorScheme: scheme });
      const { page } = browser;
      await page.setViewportSize({ width: 1440, height: 1000 });
      if (scheme === 'dark') {
        await page.goto(`${server.url}/login`);
        await page.evaluate(() => localStorage.setItem('retaguarda.tema', 'dark'));
      }
      await signIn(page, server.url);
      const shot = async (nome: string) => {
        await esperarPaginaParada(page);
        await page.screenshot({ path: join(out, `${nome}-${scheme}.png`) });
      };
      await capturar({ page, server, api: `${server.url}/api`, primeiro: scheme === 'light', shot });
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  console.log(`Capturas em ${out}`);
}
