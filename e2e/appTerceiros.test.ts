import { describe, expect, it } from 'vitest';
import { escolher, salvarFormulario, signIn } from './support/app.ts';
import { fotografar } from './support/foto.ts';
import { useServerAndBrowser } from './support/fixture.ts';

const ctx = useServerAndBrowser({ browser: 'per-file' });

describe('appTerceirosCadastro: API clients of third parties', () => {
  it('creates a client, shows its secret once, and the audit shows the call made with it', async () => {
    const { page } = ctx.browser;
    await signIn(page, ctx.server.url);

    await page.goto(`${ctx.server.url}/appTerceirosCadastro?novo=1`);
    await page.getByTestId('campo-nome').fill('Robô da contabilidade');
    await page.getByTestId('campo-contato').fill('Marta Ribeiro');
    await escolher(page, 'escopos', 'produtos:ler');
    await page.keyboard.press('Escape');
    await page.getByTestId('campo-empresas').click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await fotografar(page, 'app-terceiros-novo');
    await salvarFormulario(page);

    const achado = await page.request.post(`${ctx.server.url}/api/appTerceirosCadastro/getPopulate`, { data: { filtro: { nome: 'Robô da contabilidade' } } });
    const cliente = (await achado.json()).data[0];
    await page.goto(`${ctx.server.url}/appTerceirosCadastro?editar=${cliente._id}`);
    await page.getByText('Nenhuma chave ainda.').waitFor();
    await page.getByLabel('Nome da nova chave').fill('Servidor de produção');
    await page.getByTestId('chave-gerar').click();
    await page.getByTestId('chave-nova').waitFor();
    const clientId = (await page.getByTestId('chave-nova-client_id').textContent())!.trim();
    const clientSecret = (await page.getByTestId('chave-nova-client_secret').textContent())!.trim();
    expect(clientSecret).toMatch(/^[\w-]{40,}$/);
    await page.getByTestId('chaves').getByText('Servidor de produção').waitFor();
    await page.getByTestId('chave-nova').scrollIntoViewIfNeeded();
    await fotografar(page, 'app-terceiros-chave-nova');

    // The integrator's side: no cookie, the key traded for a bearer token, then a call with it.
    const token = await fetch(`${ctx.server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json());
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'produtos:ler' });
    const produtos = await fetch(`${ctx.server.url}/api/produtoGeral`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(produtos.status).toBe(200);
    const fora = await fetch(`${ctx.server.url}/api/relatorioVenda`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(fora.status).toBe(403);

    // Opened again: the secret is gone for good; the key was used, and the calls are in the audit.
    await page.reload();
    await page.getByTestId('chamadas').getByText('GET /api/produtoGeral').waitFor();
    expect(await page.getByTestId('chave-nova').count()).toBe(0);
    expect(await page.content()).not.toContain(clientSecret);
    await page.getByTestId('chamadas').getByText('POST /api/relatorioVenda').waitFor();
    await page.getByTestId('chamadas').getByRole('row').filter({ hasText: 'POST /api/relatorioVenda' }).filter({ hasText: '403' }).getByText('fora dos escopos').waitFor();
    expect(await page.getByTestId('chaves').getByText('Nunca usada').count()).toBe(0);
    await page.getByTestId('chaves-secao').scrollIntoViewIfNeeded();
    await fotografar(page, 'app-terceiros-chaves');
    await page.getByTestId('chamadas').scrollIntoViewIfNeeded();
    await fotografar(page, 'app-terceiros-auditoria');
  });
});
