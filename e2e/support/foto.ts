import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Waits until the page is still: no request in flight, fonts loaded, and every finite animation
 * (a drawer opening, a notification) ended. A condition, not a fixed time, before a screenshot.
 */
export async function esperarPaginaParada(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finitas = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finitas.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * A full-page screenshot (the window only while a drawer or dialog is open) in SCREENSHOTS_DIR (nothing when it is not set): `<nome>.png` at the page's
 * size, or `<nome>-<largura>.png` at each size asked, back to the desktop size afterwards.
 */
export async function fotografar(page: Page, nome: string, tamanhos?: readonly (readonly [number, number])[]): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (!tamanhos) {
    await esperarPaginaParada(page);
    await page.screenshot({ path: `${dir}/${nome}.png`, fullPage: await semDialogo(page) });
    return;
  }
  for (const [largura, altura] of tamanhos) {
    await page.setViewportSize({ width: largura, height: altura });
    await esperarPaginaParada(page);
    await page.screenshot({ path: `${dir}/${nome}-${largura}.png`, fullPage: await semDialogo(page) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await esperarPaginaParada(page);
}

/** An open drawer or dialog covers the window only: a full-page picture would show the page cut below it. */
async function semDialogo(page: Page): Promise<boolean> {
  return (await page.locator('[role="dialog"]:visible').count()) === 0;
}
