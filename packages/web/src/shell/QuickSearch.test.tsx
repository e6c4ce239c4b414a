import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import { QuickSearch } from './QuickSearch.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  entrarComo();
});
afterEach(() => {
  sair();
  cleanup();
  vi.unstubAllGlobals();
});

async function montar(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '*', element: <QuickSearch /> }], { initialEntries: ['/'] });
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const abrir = () => fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });

describe('quick search (Ctrl+K)', () => {
  it('opens with Ctrl+K, finds a screen by a word without accents and opens it with Enter', async () => {
    const fetchMock = vi.fn(async () => json(200, { valido: true, data: [] }));
    const router = await montar(fetchMock);
    abrir();
    const campo = await screen.findByTestId('busca-rapida-campo');
    fireEvent.change(campo, { target: { value: 'unidade medida' } });
    const itens = await screen.findAllByTestId('busca-rapida-item');
    expect(itens[0]!.textContent).toContain('Unidades de medida');
    fireEvent.keyDown(campo, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unidadeMedida'));
  });

  it('offers only the screens the access profile lets the user open', async () => {
    entrarComo({ administrador: false, telas: { caixa: ['ver'] }, pdv: [] });
    await montar(vi.fn(async () => json(200, { valido: true, data: [] })));
    abrir();
    const campo = await screen.findByTestId('busca-rapida-campo');
    fireEvent.change(campo, { target: { value: 'caixa' } });
    const itens = await screen.findAllByTestId('busca-rapida-item');
    // "Caixas" is allowed; "Conciliação de caixa" and the other screens with the word are not.
    expect(itens.map((i) => i.textContent)).toEqual([expect.stringContaining('Caixas')]);
  });

  it("lists the server's records with their screen and opens the chosen one in its form", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/busca');
      const { busca } = JSON.parse(String(init?.body)) as { busca: string };
      return json(200, {
        valido: true,
        data: busca === 'zeta' ? [{ recurso: 'caixa', tela: 'caixa', _id: 'c1', titulo: 'Caixa Zeta', detalhe: null }] : [],
      });
    });
    const router = await montar(fetchMock);
    abrir();
    const campo = await screen.findByTestId('busca-rapida-campo');
    fireEvent.change(campo, { target: { value: 'zeta' } });
    await waitFor(() => expect(screen.getAllByTestId('busca-rapida-item').map((i) => i.textContent)).toContain('Caixa ZetaCaixas'));
    fireEvent.keyDown(campo, { key: 'ArrowDown' });
    fireEvent.keyDown(campo, { key: 'Enter' });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/caixa?editar=c1'));
  });

  it('says plainly when nothing matches', async () => {
    await montar(vi.fn(async () => json(200, { valido: true, data: [] })));
    abrir();
    const campo = await screen.findByTestId('busca-rapida-campo');
    fireEvent.change(campo, { target: { value: 'xyzxyz' } });
    await waitFor(() => expect(screen.getByTestId('busca-rapida-aviso').textContent).toBe('Nada encontrado para “xyzxyz”.'));
  });
});
