import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_TESTES } from '../../scripts/lib/install.mjs';

// Debian's Chromium headless shell (scripts/lib/install.mjs); the flags keep it off the (closed) network. ARCHITECTURE.md "Versions".
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * One Chromium process per test file, started on first use: a fresh profile is a new incognito
 * context in it (a few hundred ms), where launching a browser per test took seconds on a loaded machine.
 */
let compartilhado: Promise<Chromium> | undefined;

/** Closes the file's Chromium (the fixture does it after the file's last test). */
export async function fecharChromium(): Promise<void> {
  const aberto = compartilhado;
  compartilhado = undefined;
  await (await aberto?.catch(() => undefined))?.close();
}

/** Each page's console errors and uncaught exceptions, the last 20, for a failed test's report (support/falha.ts). */
const errosPorPagina = new WeakMap<Page, string[]>();
function guardarErros(page: Page): void {
  const erros: string[] = [];
  errosPorPagina.set(page, erros);
  const guardar = (texto: string) => {
    erros.push(texto.slice(0, 800));
    if (erros.length > 20) erros.shift();
  };
  // A failed request's message does not name it: its address comes from where the console says it arose.
  page.on('console', (mensagem) => mensagem.type() === 'error' && guardar(`${mensagem.text()}${mensagem.location().url ? ` (${mensagem.location().url})` : ''}`));
  page.on('pageerror', (erro) => guardar(`${erro.name}: ${erro.message}`));
}
export function errosDaPagina(page: Page): string[] {
  return errosPorPagina.get(page) ?? [];
}

/** A fresh browser profile: empty local storage, no cookies, no service worker. */
export async function openBrowser(options: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  compartilhado ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_TESTES, headless: true, args });
  const context = await (await compartilhado).newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    colorScheme: options.colorScheme ?? 'light',
    // 'block' when a test intercepts the app's own files, which a worker would serve from its cache.
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  context.on('page', guardarErros);
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=8 runs the pages as on a machine eight times slower: races a fast machine hides show up.
  const lentidao = Number(process.env.E2E_CPU_THROTTLE ?? 1);
  if (lentidao > 1) {
    const frear = async (p: Page) => (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: lentidao });
    await frear(page);
    context.on('page', (p) => void frear(p));
  }
  return {
    context,
    page,
    close: () => context.close(),
  };
}
