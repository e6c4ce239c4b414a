// The JavaScript a first visit to /login downloads, gzip-compressed as it would travel.
import { gzipSync } from 'node:zlib';
import { fecharChromium, openBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

export async function benchLoginBundle() {
  const server = await startServer();
  const browser = await openBrowser();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  // Every body is read before the browser closes: under load some were still on their way, and the
  // figure counted 6 files of 28.
  const lendo: Promise<void>[] = [];
  browser.page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    lendo.push(
      response
        .body()
        .then((body) => void scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  try {
    await browser.page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await browser.page.getByTestId('login-usuario').waitFor();
    await Promise.all(lendo);
    return scripts;
  } finally {
    await browser.close();
    await fecharChromium();
    await server.stop();
  }
}
