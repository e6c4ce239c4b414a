import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-test' });
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('image fields in the browser', () => {
  it('the group logo is sent for its screen and field, saved and shown again', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/grupoEmpresarial`);
    await page.getByTestId('recurso-form').waitFor();
    const envio = page.waitForRequest((r) => r.url().endsWith('/api/arquivo') && r.method() === 'POST');
    await page.getByTestId('campo-logo').locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    expect((await envio).postDataJSON()).toMatchObject({ nome: 'logo.png', tipo: 'image/png', recurso: 'grupoEmpresarial', campo: 'logo' });
    await page.getByTestId('campo-logo-imagem').waitFor();
    await page.getByTestId('recurso-salvar').click();
    await expect.poll(() => page.getByTestId('recurso-salvar').isDisabled()).toBe(true);
    await page.reload();
    await page.getByTestId('campo-logo-imagem').waitFor();
    const src = await page.getByTestId('campo-logo-imagem').getAttribute('src');
    expect((await page.request.get(new URL(src!, ctx.server.url).toString())).status()).toBe(200);
    if (process.env.SCREENSHOTS_DIR) {
      mkdirSync(process.env.SCREENSHOTS_DIR, { recursive: true });
      await page.screenshot({ path: join(process.env.SCREENSHOTS_DIR, 'grupo-logo.png') });
    }
  });
});
