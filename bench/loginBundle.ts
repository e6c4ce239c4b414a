// The JavaScript a first visit to /login downloads, gzip-compressed as it would travel.
import { gzipSync } from 'node:zlib';
import { fecharChromium, openBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

export async function benchLoginBundle() {
  const server = await startServer();
  const browser = await openBrowser();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  browser.page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  try {
    await browser.page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    return scripts;
  } finally {
    await browser.close();
    await fecharChromium();
    await server.stop();
  }
}
