import { describe, expect, it } from 'vitest';
import { apiDaPagina, signIn } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('appSistema and the KDS setup screens', () => {
  it('issues a KDS board its credential once on the form, and the board signs in with it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);
    const api = apiDaPagina(page, ctx.server.url);
    const chapa = await api('kdsSetor', { descricao: 'Chapa do teste', cor: '#d35400' });
    const estacao = await api('kdsEstacao', { descricao: 'Chapa e lanches', setores: [chapa._id], colunas: 4, minutosAlerta: 8, minutosAtraso: 15 });
    const tv = await api('appSistema', { descricao: 'TV da chapa', tipo: 'KDS', estacao: estacao._id });

    await page.goto(`${ctx.server.url}/kdsEstacao`);
    await page.getByText('Chapa e lanches').first().waitFor();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/kds-estacao.png`, fullPage: true });

    await page.goto(`${ctx.server.url}/appSistema?editar=${tv._id}`);
    await page.getByTestId('credencial-situacao').filter({ hasText: 'Sem credencial' }).waitFor();
    await page.getByTestId('credencial-gerar').click();
    const nova = page.getByTestId('credencial-nova');
    await nova.waitFor();
    const credencial = (await nova.locator('pre').textContent())!.trim();
    expect(credencial).toMatch(/^[\w-]+\.[\w-]{40,}$/);
    await page.getByTestId('credencial-situacao').filter({ hasText: 'Ativa' }).waitFor();
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/app-sistema-credencial.png`, fullPage: true });

    const entrada = await page.request.post(`${ctx.server.url}/api/dispositivo/entrar`, { data: { credencial, versao: '1.0.0' } });
    expect(entrada.status()).toBe(200);
    expect((await entrada.json()).data.dispositivo).toMatchObject({ appSistema: tv._id, tipo: 'KDS', estacao: estacao._id });
  });
});
