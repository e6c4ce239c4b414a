import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mensagens } from '@retaguarda/domain';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file', webProprio: true });

describe('service worker update', () => {
  it('shows the update banner when a new version waits, and Atualizar reloads the page', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    // The first version installs and controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('banner-atualizacao').count()).toBe(0);

    // A new deploy: the service worker file changes on the server.
    appendFileSync(join(ctx.server.webDir!, 'service-worker.js'), `\n// nova versão ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

    const banner = page.getByTestId('banner-atualizacao');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain(mensagens.conteudoAtualizado);

    await page.evaluate(() => ((window as unknown as { antesDeAtualizar: boolean }).antesDeAtualizar = true));
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: mensagens.atualizar }).click()]);
    expect(await page.evaluate(() => (window as unknown as { antesDeAtualizar?: boolean }).antesDeAtualizar)).toBeUndefined();
    await page.getByTestId('empresa-ativa').waitFor();
    await expect.poll(() => page.getByTestId('banner-atualizacao').count()).toBe(0);
  });
});
