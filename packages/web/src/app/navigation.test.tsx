import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { isNavigation } from './navigation.ts';
import { NavigationEffects } from './NavigationEffects.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('navigations in the user’s sense (SPEC.md §2, docs/decisions/0011)', () => {
  it('a change of path is a navigation; a change of the query string only is not', () => {
    expect(isNavigation(null, { pathname: '/pessoa' })).toBe(true);
    expect(isNavigation({ pathname: '/pessoa' }, { pathname: '/empresa' })).toBe(true);
    expect(isNavigation({ pathname: '/alterarSenha/abc' }, { pathname: '/alterarSenha/def' })).toBe(true);
    expect(isNavigation({ pathname: '/estoquePedidoTransferencia' }, { pathname: '/solicitacaoPedidoTransferencia' })).toBe(true);
    // Search, filters, order, page, the form drawer: the same page.
    expect(isNavigation({ pathname: '/pessoa' }, { pathname: '/pessoa' })).toBe(false);
    expect(isNavigation({ pathname: '/pessoa' }, { pathname: '/pessoa/' })).toBe(false);
  });

  it('scrolls the window to the top when the page changes, and keeps the place when only the query string does', async () => {
    const rolar = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const tela = { Component: () => <p>tela</p> };
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <NavigationEffects />
              <Outlet />
            </>
          ),
          children: [
            { path: '/pessoa', handle: { name: 'pessoa' }, ...tela },
            { path: '/empresa', handle: { name: 'empresa' }, ...tela },
          ],
        },
      ],
      { initialEntries: ['/pessoa'] },
    );
    render(<RouterProvider router={router} />);
    expect(rolar).toHaveBeenCalledTimes(1);
    rolar.mockClear();

    for (const search of ['?busca=ana', '?busca=ana&cliente=sim', '?busca=ana&cliente=sim&ordenar=-nome&pagina=2', '?busca=ana&editar=p-1', '?novo=1', '']) {
      await act(() => router.navigate(`/pessoa${search}`));
    }
    expect(router.state.location.search).toBe('');
    expect(rolar).not.toHaveBeenCalled();

    await act(() => router.navigate('/empresa?busca=centro'));
    expect(rolar).toHaveBeenCalledTimes(1);
    expect(rolar).toHaveBeenCalledWith(0, 0);
    // Back to the other page is a navigation too.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/pessoa');
    expect(rolar).toHaveBeenCalledTimes(2);
  });
});
