import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import ResourceScreen from './ResourceScreen.tsx';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

// jsdom has no layout: the scroll box reports a 600 px high view, as a browser would.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
});

beforeEach(() => {
  entrarComo();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sair();
});

const muitos = Array.from({ length: 1000 }, (_, i) => ({ _id: `u${i}`, sigla: `S${i}`, descricao: `Unidade ${i}`, fracionado: i % 2 === 0, version: 1 }));

async function montar(url: string) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { limit?: number; skip?: number };
    const pagina = muitos.slice(body.skip ?? 0, (body.skip ?? 0) + (body.limit ?? 50));
    return json(200, { valido: true, data: pagina }, { 'x-total-count': String(muitos.length) });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/unidadeMedida', handle: { name: 'unidadeMedida' }, element: <ResourceScreen /> }], { initialEntries: [url] });
  await renderWithProviders(<RouterProvider router={router} />);
  return { router, fetchMock };
}

// Rendering a thousand rows in jsdom takes seconds on a loaded two-core machine.
describe('large pages are windowed', () => {
  it('1,000 rows (?por=1000) put far fewer rows in the DOM, with the header and row actions', async () => {
    const { fetchMock } = await montar('/unidadeMedida?por=1000');
    await waitFor(() => expect(screen.getAllByTestId('recurso-linha').length).toBeGreaterThan(0));
    // The first 100 rows first, then the page; exporting waits for the page.
    const corpos = () => fetchMock.mock.calls.map((c) => JSON.parse(String((c as unknown as [string, RequestInit])[1].body)) as { limit: number; skip: number });
    await waitFor(() => expect(corpos().map((b) => [b.limit, b.skip])).toEqual([[100, 0], [1000, 0]]));
    await waitFor(() => expect(screen.getByTestId('recurso-exportar').hasAttribute('disabled')).toBe(false));
    const linhas = screen.getAllByTestId('recurso-linha');
    expect(linhas.length).toBeLessThan(100);
    expect(document.querySelectorAll('tbody tr').length).toBeLessThan(100);
    expect(linhas[0]!.getAttribute('data-id')).toBe('u0');
    expect(within(linhas[0]!).getByTestId('recurso-acao-editar')).toBeTruthy();
    expect(screen.getByTestId('recurso-coluna-sigla')).toBeTruthy();
    expect(screen.getByTestId('recurso-rolagem').getAttribute('data-virtual')).toBe('true');
    expect(screen.getByText('1–1000 de 1000')).toBeTruthy();
  });

  it('the page size is chosen on screen and kept in the URL', async () => {
    const { router } = await montar('/unidadeMedida');
    expect(await screen.findAllByTestId('recurso-linha')).toHaveLength(50);
    expect(screen.getByTestId('recurso-rolagem').getAttribute('data-virtual')).toBeNull();
    fireEvent.click(screen.getByTestId('recurso-por-pagina'));
    fireEvent.click(await screen.findByRole('option', { name: '200', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?por=200'));
    await waitFor(() => expect(screen.getByText('1–200 de 1000')).toBeTruthy());
    expect(screen.getAllByTestId('recurso-linha').length).toBeLessThan(100);
  });
});
