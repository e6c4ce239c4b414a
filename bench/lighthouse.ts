// `npm run bench -- lighthouse`: Lighthouse (mobile defaults: simulated slow 4G and a 4× slower CPU,
// performance category) on /login and two signed-in screens of the seeded demonstration, in Debian's
// chromium. Needs the built web app (npm run build). Prints figures; nothing here asserts them.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startServer } from '../e2e/support/server.ts';
import { CHROMIUM, ensureChromium } from '../scripts/lib/install.mjs';

const META = 90;

/** The audits that say where the time goes, in the order they are printed. */
const AUDITORIAS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
  'render-blocking-resources',
  'unused-javascript',
  'unused-css-rules',
  'bootup-time',
  'long-tasks',
  'largest-contentful-paint-element',
] as const;

/** The demonstration's administrator (packages/server/src/seed/demo.ts), signed in through the page as a person would. */
async function entrar(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle0' });
  await page.type('[data-testid="login-usuario"]', 'admin@demo.com.br');
  await page.type('[data-testid="login-senha"]', 'demo1234');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="empresa-ativa"]', { timeout: 60_000 });
}

interface Item {
  url?: string;
  wastedBytes?: number;
  wastedMs?: number;
  total?: number;
  scripting?: number;
  node?: { snippet?: string; nodeLabel?: string };
  // The LCP element audit's second table: the phases of its time.
  items?: { phase?: string; timing?: number; node?: { snippet?: string; nodeLabel?: string } }[];
}

interface Auditoria {
  title: string;
  displayValue?: string;
  numericValue?: number;
  details?: { overallSavingsMs?: number; overallSavingsBytes?: number; items?: Item[] };
}

function mostrar(caminho: string, lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, Auditoria>; runWarnings?: string[] }): void {
  const nota = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  console.log(`\n${caminho}: desempenho ${nota} (meta: ≥ ${META}; razão ${(nota / META).toFixed(2)} da meta)`);
  for (const id of AUDITORIAS) {
    const a = lhr.audits[id];
    if (!a) continue;
    const economia = [
      a.details?.overallSavingsMs ? `economia ${Math.round(a.details.overallSavingsMs)} ms` : '',
      a.details?.overallSavingsBytes ? `${(a.details.overallSavingsBytes / 1024).toFixed(0)} KiB` : '',
    ].filter(Boolean);
    console.log(`  ${a.title}: ${a.displayValue ?? (a.numericValue !== undefined ? Math.round(a.numericValue) : '—')}${economia.length ? ` (${economia.join(', ')})` : ''}`);
    // The files behind a saving: what to act on.
    if (economia.length)
      for (const item of (a.details?.items ?? []).slice(0, 4))
        if (item.url) console.log(`    ${new URL(item.url).pathname}${item.wastedBytes ? `: ${(item.wastedBytes / 1024).toFixed(0)} KiB a mais` : ''}${item.wastedMs ? `: ${Math.round(item.wastedMs)} ms` : ''}`);
    // Where the script time goes (the simulated slower CPU's milliseconds).
    if (id === 'bootup-time')
      for (const item of (a.details?.items ?? []).slice(0, 4))
        if (item.url?.startsWith('http')) console.log(`    ${new URL(item.url).pathname}: ${Math.round(item.total ?? 0)} ms, ${Math.round(item.scripting ?? 0)} ms de script`);
  }
  // Which element is the largest paint and where its time went (TTFB, load delay, load, render delay).
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const elemento = lcp[0]?.items?.[0]?.node;
  if (elemento) console.log(`    elemento: ${elemento.nodeLabel ?? ''} ${elemento.snippet ?? ''}`.slice(0, 200));
  const fases = lcp[1]?.items ?? [];
  if (fases.length) console.log(`    fases: ${fases.map((f) => `${f.phase} ${Math.round(f.timing ?? 0)} ms`).join(', ')}`);
  for (const aviso of lhr.runWarnings ?? []) console.log(`  aviso do Lighthouse: ${aviso}`);
}

/**
 * LIGHTHOUSE_BUILDS=antes:/a/dist,depois:/b/dist and LIGHTHOUSE_VOLTAS=n: each build served in turn by the
 * same server and data, n rounds, so a before and an after are measured alternately on a noisy machine.
 * LIGHTHOUSE_JSON=/a/folder keeps each report.
 */
function buildsAlternados(): { nome: string; dir: string | null }[] {
  const builds = (process.env.LIGHTHOUSE_BUILDS ?? '').split(',').filter(Boolean).map((b) => {
    const [nome, dir] = b.split(':');
    return { nome: nome!, dir: dir ?? null };
  });
  const voltas = Number(process.env.LIGHTHOUSE_VOLTAS ?? 1);
  const uma = builds.length ? builds : [{ nome: 'build', dir: null }];
  return Array.from({ length: voltas }, () => uma).flat();
}

export async function executarLighthouse(caminhos = ['/login', '/dashboardDefault', '/produtoGeral']): Promise<void> {
  // The demonstration as `npm start` fills it (its menu's products, the weeks of sales the dashboard shows), and only
  // once it is done: without the fill, /produtoGeral was measured on an empty list and the dashboard on an empty day.
  const server = await startServer({ DEMO_VENDAS: '1' }, { webProprio: true });
  const webDir = server.webDir!;
  const limite = Date.now() + 10 * 60_000;
  while (!/\[demo\] pronto/.test(server.output())) {
    if (Date.now() > limite) throw new Error(`A demonstração não terminou de ser preenchida em 10 min:\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Lighthouse measures the full browser, not the headless shell the browser tests run in.
  if (!process.env.CHROMIUM_PATH) await ensureChromium({ completo: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    // As e2e/support/browser.ts: off the (closed) network.
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    console.log('# Lighthouse 12 (padrões móveis: 4G lento simulado, CPU 4× mais lenta), categoria desempenho, demonstração semeada');
    const page = await browser.newPage();
    let conectado = false;
    let n = 0;
    for (const build of buildsAlternados())
    for (const caminho of caminhos) {
      if (build.dir && caminho === caminhos[0]) {
        // The server reads its files from this folder on each request.
        rmSync(webDir, { recursive: true, force: true });
        cpSync(build.dir, webDir, { recursive: true });
      }
      // /login is measured signed out (signed in it would move on); the screens with the session's
      // cookie and saved user, which Lighthouse's storage reset keeps (it clears caches and workers).
      const publica = caminho === '/login';
      if (!publica && !conectado) {
        await entrar(page, server.url);
        conectado = true;
      }
      const resultado = await lighthouse(`${server.url}${caminho}`, { logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, undefined, page);
      if (!resultado) throw new Error(`Lighthouse não mediu ${caminho}`);
      if (process.env.LIGHTHOUSE_JSON) writeFileSync(`${process.env.LIGHTHOUSE_JSON}/${++n}-${build.nome}${caminho.replaceAll('/', '_')}.json`, JSON.stringify(resultado.lhr));
      console.log(`\n[${build.nome}] carga ${loadavg().map((c) => c.toFixed(1)).join(' ')}`);
      mostrar(caminho, resultado.lhr as unknown as Parameters<typeof mostrar>[1]);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
}
