// `node --import tsx e2e/screenshots.ts [out-dir]`: pictures of the main screens in light and dark,
// for a person to look at after changing the UI. Needs the built web app and Debian's chromium.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fecharChromium, openBrowser } from './support/browser.ts';
import { signIn } from './support/app.ts';
import { startServer } from './support/server.ts';
import { esperarPaginaParada } from './support/foto.ts';

const out = process.argv[2] ?? '.screenshots';
mkdirSync(out, { recursive: true });
const server = await startServer();
try {
  for (const scheme of ['light', 'dark'] as const) {
    const browser = await openBrowser({ colorScheme: scheme });
    const { page } = browser;
    const shot = async (name: string) => {
      await esperarPaginaParada(page);
      await page.screenshot({ path: join(out, `${name}-${scheme}.png`) });
    };
    await page.goto(`${server.url}/login`);
    await shot('login');
    if (scheme === 'dark') {
      await page.evaluate(() => localStorage.setItem('retaguarda.tema', 'dark'));
    }
    await signIn(page, server.url);
    await shot('inicio');
    await page.goto(`${server.url}/terminal?novo=1`);
    await page.getByTestId('campo-configuracoes').waitFor();
    await shot('terminal-formulario');
    await page.goto(`${server.url}/empresa`);
    await page.getByTestId('recurso-linha').first().getByTestId('recurso-acao-editar').click();
    await page.getByTestId('campo-configuracoes').waitFor();
    await shot('empresa-formulario');
    await page.getByTestId('campo-configuracoes').scrollIntoViewIfNeeded();
    await shot('empresa-configuracoes');
    await page.getByTestId('certificado-secao').scrollIntoViewIfNeeded();
    await shot('empresa-certificado');
    await page.goto(`${server.url}/empresaSimplificado`);
    await page.getByTestId('empresa-simplificado').waitFor();
    await shot('empresa-simplificado');
    await page.goto(`${server.url}/grupoEmpresarial`);
    await page.getByTestId('recurso-form').waitFor();
    await shot('grupo-empresarial');
    await page.goto(`${server.url}/estoqueInventario`);
    await page.getByTestId('em-construcao').waitFor();
    await shot('em-construcao');
    await page.goto(`${server.url}/pessoa`);
    await page.getByTestId('recurso-linha').first().waitFor();
    await shot('pessoas');
    await page.getByTestId('recurso-linha').filter({ hasText: 'Bebidas Paulista' }).getByTestId('recurso-acao-editar').click();
    await page.getByTestId('campo-enderecos.0.cidade').waitFor();
    await shot('pessoa-form');
    await page.getByTestId('lista-enderecos-adicionar').scrollIntoViewIfNeeded();
    await shot('pessoa-form-enderecos');
    await page.goto(`${server.url}/pessoaConvenio?novo=1`);
    await page.getByTestId('recurso-form').waitFor();
    await page.getByTestId('lista-membros-adicionar').click();
    await shot('convenio-form');
    await page.goto(`${server.url}/pagina-inexistente`);
    await shot('nao-encontrado');
    await page.goto(`${server.url}/recuperarSenha`);
    await shot('recuperar-senha');
    await browser.close();
  }
} finally {
  await fecharChromium();
  await server.stop();
}
console.log(`Capturas em ${out}`);
