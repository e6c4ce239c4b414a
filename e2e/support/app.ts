import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export const demo = { login: 'admin@demo.com.br', senha: 'demo1234' };
export const vizinho = { login: 'admin@vizinho.com.br', senha: 'demo1234' };

/** Signs in through the login page, as a person would, and waits for the layout. */
export async function signIn(page: Page, baseUrl: string, who = demo): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-usuario').fill(who.login);
  await page.getByTestId('login-senha').fill(who.senha);
  await page.getByTestId('login-senha').press('Enter');
  await page.getByTestId('empresa-ativa').waitFor();
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(path);
}

/**
 * Picks an option of a form select (testid campo-<campo>) whose text starts with `opcao`, typing
 * `digitar` first when the select is searchable (UF, city, references).
 */
export async function escolher(page: Page, campo: string, opcao: string, digitar?: string): Promise<void> {
  const input = page.getByTestId(`campo-${campo}`);
  await input.click();
  if (digitar) await input.fill(digitar);
  const escapada = opcao.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escapada}`) }).click();
}

/** Picks the option named exactly `opcao` of the select with this testid, typing `digitar` first when it is searchable. */
export async function escolherOpcao(page: Page, testid: string, opcao: string, digitar?: string): Promise<void> {
  const input = page.getByTestId(testid);
  await input.click();
  if (digitar) await input.fill(digitar);
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/**
 * Clicks Salvar on the open resource form and waits until the form is gone, which happens only once the
 * server stored it. (The drawer's own root has no box of its own: waiting for it to hide returns at once,
 * and a test that navigated then could abort the save still in flight on a loaded machine.)
 */
export async function salvarFormulario(page: Page): Promise<void> {
  await page.getByTestId('recurso-salvar').click();
  await page.getByTestId('recurso-form').waitFor({ state: 'hidden', timeout: 30_000 });
}

/**
 * Opens `caminho` in a file whose tests share one page: signed in by the file's first test, or, run
 * alone (-t), signed in here first. `pronto` is what the screen shows once open.
 */
export async function abrirComSessao(page: Page, baseUrl: string, caminho: string, pronto: Locator): Promise<void> {
  await page.goto(`${baseUrl}${caminho}`);
  await pronto.or(page.getByTestId('login-usuario')).waitFor();
  if (await pronto.isVisible()) return;
  await signIn(page, baseUrl);
  await page.goto(`${baseUrl}${caminho}`);
  await pronto.waitFor();
}

/** A call to the API through the page's session: the answer's data, or an error with the server's answer. */
/**
 * Calls the API with the page's cookies from outside the page (Playwright's request context), POST by
 * default or PUT; a non-2xx answer fails the test with its body. Set-up steps of browser tests use it.
 */
export function apiDaPagina(page: Page, baseUrl: string) {
  // Set-up answers are read loosely, field by field, as each test knows what it created.
  return async (url: string, body?: unknown, method: 'post' | 'put' = 'post'): Promise<any> => {
    const res = await page.request[method](`${baseUrl}/api/${url}`, body === undefined ? {} : { data: body });
    const json = await res.json();
    if (!res.ok()) throw new Error(`${url}: ${res.status()} ${JSON.stringify(json)}`);
    return json.data;
  };
}

export async function api<T = Record<string, unknown>>(page: Page, caminho: string, corpo?: unknown): Promise<T> {
  const r = await page.evaluate(
    async ([caminho, corpo]) => {
      const res = await fetch(`/api/${caminho}`, { method: corpo === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
      return { status: res.status, body: await res.json() };
    },
    [caminho, corpo] as const,
  );
  if (r.status >= 300) throw new Error(`${caminho}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}
