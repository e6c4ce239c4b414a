import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { errosDaPagina } from './browser.ts';

const pasta = join(import.meta.dirname, '..', '..', '.test-output', 'navegador-falhas');

/**
 * What the page showed when a test failed: its address, the open dialogs and drawers with their
 * selected tab, its console errors (the error page logs what broke), and a picture in .test-output. CI
 * keeps only the log, so the log says enough to tell a race from a broken screen.
 */
export async function relatarFalha(page: Page, nome: string, saidaDoServidor = ''): Promise<void> {
  const avisos = avisosDoServidor(saidaDoServidor);
  if (avisos) console.error(`[falha] ${nome}: o servidor avisou\n${avisos}`);
  try {
    const abertos = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[role="dialog"]'))
        .filter((d) => (d as HTMLElement).offsetParent !== null || getComputedStyle(d).position === 'fixed')
        .map((d) => {
          const titulo = d.querySelector('h2')?.textContent ?? '';
          const aba = d.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '';
          return `${titulo}${aba ? ` (aba ${aba})` : ''}`;
        }),
    );
    const arquivo = join(pasta, `${nome.replace(/[^\w-]+/g, '_').slice(0, 120)}.png`);
    mkdirSync(pasta, { recursive: true });
    await page.screenshot({ path: arquivo, timeout: 5000 });
    const erros = errosDaPagina(page).map((erro) => `\n    ${erro}`).join('');
    console.error(`[falha] ${nome}\n  endereço: ${page.url()}\n  abertos: ${abertos.join(' | ') || 'nenhum'}\n  erros no console:${erros || ' nenhum'}\n  imagem: ${arquivo}`);
  } catch (erro) {
    console.error(`[falha] ${nome}: a página não pôde ser lida (${(erro as Error).message})`);
  }
}

/** The server's warnings and errors (pino level ≥ 40) and anything not JSON it printed, the last 30. */
function avisosDoServidor(saida: string): string {
  const linhas = saida.split('\n').filter((linha) => {
    if (!linha.trim()) return false;
    try {
      return (JSON.parse(linha) as { level?: number }).level! >= 40;
    } catch {
      return true;
    }
  });
  return linhas.slice(-30).map((linha) => `  ${linha.slice(0, 600)}`).join('\n');
}
