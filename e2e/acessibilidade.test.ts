import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { abrirComSessao } from './support/app.ts';
import { useServerAndBrowser } from './support/fixture.ts';
import { fotografar } from './support/foto.ts';

/**
 * Issue 19: axe-core finds no serious or critical violation, nor a heading-order one (WCAG 2.0/2.1 A and AA, and axe's best
 * practices) on any built screen, signed in, in the light and in the dark theme. The screens are the
 * menu's (generated from the domain's screen catalogue), less those it marks "em breve": a new screen
 * is walked as soon as its page exists. A resource screen is also checked with its form drawer open.
 * Every rule runs in the light theme; in the dark one only colour contrast (the rest does not change
 * with the colours). One server, one page, one sign-in; screens open without reloading the app.
 */
const ctx = useServerAndBrowser({ browser: 'per-file' });
const axeFonte = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const GRAVES = new Set(['serious', 'critical']);
/** Moderate rules held to as well: heading levels don't skip (the shell's h1, the context panel's and the sections' h2s). */
const MODERADAS_EXIGIDAS = new Set(['heading-order']);

interface Violacao {
  regra: string;
  impacto: string;
  alvos: string[];
}

/**
 * Where axe looks: the whole document, or the screen alone (the shell, header and menu, is the same on
 * every screen and is checked on the first one of each theme), or the open dialogs and drawers.
 */
type Onde = 'documento' | 'tela' | 'dialogos';
const CONTEXTOS: Record<Onde, unknown> = {
  documento: { exclude: [] },
  tela: { exclude: [['.mantine-AppShell-header'], ['.mantine-AppShell-navbar']] },
  dialogos: { include: [['[role="dialog"]']] },
};
const TODAS = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] };
const SO_CONTRASTE = { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] };

/** axe.run: the serious and critical violations (and the moderate ones held to), each with its targets (and the colours, for contrast). */
async function auditar(page: Page, onde: Onde, regras: 'todas' | 'contraste'): Promise<Violacao[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeFonte });
  const resultado = await page.evaluate(async ([contexto, opcoes]) => {
    type No = { target: unknown[]; any: Array<{ data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }> };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: No[] }> }> } }).axe;
    const r = await axe.run(contexto, opcoes);
    const cores = (n: No) => {
      const d = n.any.find((c) => c.data?.contrastRatio)?.data;
      return d ? ` (${d.fgColor} sobre ${d.bgColor}, ${d.contrastRatio}:1)` : '';
    };
    return r.violations.map((v) => ({ regra: v.id, impacto: v.impact ?? '', alvos: v.nodes.map((n) => n.target.map(String).join(' ') + cores(n)) }));
  }, [CONTEXTOS[onde], regras === 'todas' ? TODAS : SO_CONTRASTE] as const);
  return resultado.filter((v) => GRAVES.has(v.impacto) || MODERADAS_EXIGIDAS.has(v.regra));
}

/**
 * The built screens, as the menu lists them: every menu entry without the "em breve" badge. A closed
 * area renders no links, so each closed one is opened to read it and closed again.
 */
async function telasProntas(page: Page): Promise<string[]> {
  const fechadas = page.locator('[data-testid^="menu-area-"][aria-expanded="false"]');
  const abertasAqui = await fechadas.evaluateAll((areas) => areas.map((a) => a.getAttribute('data-testid')!));
  for (const area of abertasAqui) await page.getByTestId(area).click();
  await expect.poll(() => fechadas.count()).toBe(0);
  const telas = await page.locator('[data-testid^="menu-tela-"]').evaluateAll((links) =>
    links.filter((a) => !a.querySelector('[data-testid="menu-em-breve"]')).map((a) => a.getAttribute('data-testid')!.slice('menu-tela-'.length)),
  );
  for (const area of abertasAqui) await page.getByTestId(area).click();
  return telas;
}

/** Requests in flight on the page: a screen is audited once its data arrived. */
function contarRequisicoes(page: Page) {
  const emVoo = new Set<Request>();
  page.on('request', (r) => emVoo.add(r));
  page.on('requestfinished', (r) => emVoo.delete(r));
  page.on('requestfailed', (r) => emVoo.delete(r));
  return () => emVoo.size;
}

/**
 * Opens a screen with a client-side navigation (as the browser's back button does: the router follows
 * popstate), since a closed menu area keeps its links hidden, and waits until it is still.
 */
async function abrirTela(page: Page, tela: string, emVoo: () => number) {
  await page.evaluate((tela) => {
    history.pushState(null, '', `/${tela}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, tela);
  // The title is the route's name once the router has the new screen (app/title.ts).
  await expect.poll(() => page.title()).toBe(tela);
  await esperarQuieta(page, emVoo);
}

/** No request in flight, no spinner and no animation running, twice in a row a frame apart. */
async function esperarQuieta(page: Page, emVoo: () => number) {
  let seguidas = 0;
  await expect
    .poll(
      async () => {
        const quieta =
          emVoo() === 0 &&
          (await page.evaluate(
            () =>
              document.querySelector('[data-testid="carregando-pagina"], main .mantine-Loader-root') === null &&
              document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
          ));
        seguidas = quieta ? seguidas + 1 : 0;
        return seguidas >= 2;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

type Tema = 'claro' | 'escuro';

/**
 * Switches the theme as another tab of the app does when the user picks one there (Mantine follows the
 * stored choice, under the key the guard restores), without closing a drawer, and waits for it.
 */
async function usarTema(page: Page, tema: Tema) {
  const esquema = tema === 'claro' ? 'light' : 'dark';
  await page.evaluate((esquema) => {
    localStorage.setItem('retaguarda.tema', esquema);
    dispatchEvent(new StorageEvent('storage', { key: 'retaguarda.tema', newValue: esquema, storageArea: localStorage }));
  }, esquema);
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(esquema);
  // No request comes of it: two frames drawn and the colour transitions over.
  await page.evaluate(async () => {
    await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
    await Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Every built screen in both themes, and the form drawer of each resource screen: violations as lines.
 * A screen is audited with every rule in the theme it opens in, then only for contrast in the other
 * one, which the next screen opens in (one switch per screen); its form, in the theme it ends in.
 */
async function percorrer(page: Page): Promise<string[]> {
  const emVoo = contarRequisicoes(page);
  const achados: string[] = [];
  let tema: Tema = 'claro';
  const auditarEm = async (onde: Onde, regras: 'todas' | 'contraste', rotulo: string) => {
    for (const v of await auditar(page, onde, regras)) {
      const alvos = `${v.alvos.slice(0, 5).join(' | ')}${v.alvos.length > 5 ? ` e mais ${v.alvos.length - 5}` : ''}`;
      achados.push(`${tema} ${rotulo}: ${v.regra} (${v.impacto}) em ${alvos}`);
    }
  };
  const telas = await telasProntas(page);
  expect(telas.length).toBeGreaterThan(30);
  for (const [i, tela] of telas.entries()) {
    await abrirTela(page, tela, emVoo);
    // The shell (header and menu) is the same on every screen: the first one checks it, in both themes.
    const onde = i === 0 ? 'documento' : 'tela';
    await auditarEm(onde, 'todas', `/${tela}`);
    tema = tema === 'claro' ? 'escuro' : 'claro';
    await usarTema(page, tema);
    await auditarEm(onde, i === 0 ? 'todas' : 'contraste', `/${tela}`);
    if ((await page.getByTestId('recurso-novo').count()) > 0) {
      await page.getByTestId('recurso-novo').click();
      await page.getByTestId('recurso-form').waitFor();
      await esperarQuieta(page, emVoo);
      await auditarEm('dialogos', 'todas', `/${tela} (formulário)`);
      await page.getByTestId('recurso-cancelar').click();
      await page.getByTestId('recurso-form').waitFor({ state: 'hidden' });
    }
  }
  return achados;
}

describe('acessibilidade (axe-core, issue 19)', () => {
  // 114 screens in two themes and 40 forms: 75 s alone (190 s with the transitions), minutes beside other browser tests on a loaded two-core machine.
  it('no built screen nor form has a serious or critical violation nor a skipped heading level, in the light and in the dark theme', { timeout: 600_000 }, async () => {
    const { page } = ctx.browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    // As a user who asks the system for less motion: the audit reads the screens' final colours and dialogs, so it waits
    // for no transition (a theme switch's colours, a drawer's slide: 60 % of the walk's time otherwise).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await abrirComSessao(page, ctx.server.url, '/', page.getByTestId('empresa-ativa'));
    expect(await percorrer(page)).toEqual([]);
    for (const tema of ['claro', 'escuro'] as const) {
      await page.getByTestId('tema').click();
      await page.getByTestId(tema === 'claro' ? 'tema-claro' : 'tema-escuro').click();
      await page.goto(`${ctx.server.url}/pessoa`);
      await page.getByTestId('recurso-linha').first().waitFor();
      await fotografar(page, `acessibilidade-pessoa-${tema}`);
    }
  });

  it('a user who asks for less motion sees the form drawer and a theme switch without transitions', async () => {
    const { page } = ctx.browser;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await abrirComSessao(page, ctx.server.url, '/pessoa', page.getByTestId('recurso-linha').first());
    const animando = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length);
    await page.getByTestId('recurso-novo').click();
    await page.getByTestId('recurso-form').waitFor();
    expect(await animando()).toBe(0);
    await page.getByTestId('recurso-cancelar').click();
    await page.getByTestId('recurso-form').waitFor({ state: 'hidden' });
    const escuro = (await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))) === 'dark';
    await page.getByTestId('tema').click();
    await page.getByTestId(escuro ? 'tema-claro' : 'tema-escuro').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(escuro ? 'light' : 'dark');
    expect(await animando()).toBe(0);
  });
});
