import { findScreen } from '@retaguarda/domain';
import { act, cleanup, screen as dom } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { buildRoutes } from './routes.tsx';
import { screenRoute } from './screenRoutes.tsx';

// The shell is not what is under test: the screens render straight inside it.
vi.mock('../shell/Layout.tsx', () => ({ Layout: () => <Outlet /> }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tela = (name: string) => findScreen(name)!;
const pagina = (texto: string) => async () => ({ default: () => <p data-testid="pagina">{texto}</p> });

async function montar(telas: Parameters<typeof buildRoutes>[1]) {
  const router = createMemoryRouter(buildRoutes(async () => null, telas), { initialEntries: ['/unidadeMedida'] });
  await renderWithProviders(<RouterProvider router={router} />);
  expect((await dom.findByTestId('pagina')).textContent).toBe('Unidades');
  return router;
}

describe('a screen whose code fails to load (SPEC.md §8)', () => {
  it('is rethrown: the error page shows and the error is logged', async () => {
    const erro = new Error('Failed to fetch dynamically imported module: /assets/PessoaPage.js');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = await montar([screenRoute(tela('unidadeMedida'), pagina('Unidades')), screenRoute(tela('pessoa'), () => Promise.reject(erro))]);
    await act(() => router.navigate('/pessoa'));
    expect(await dom.findByTestId('erro-rota')).toBeTruthy();
    expect(log).toHaveBeenCalledWith(erro);
  });

  it('unless its navigation was cancelled by another one: then nothing is shown', async () => {
    let falhar!: (e: Error) => void;
    const lenta = () => new Promise<never>((_, reject) => (falhar = reject));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = await montar([screenRoute(tela('unidadeMedida'), pagina('Unidades')), screenRoute(tela('empresa'), lenta), screenRoute(tela('pessoa'), pagina('Pessoas'))]);
    let indo!: Promise<void>;
    act(() => {
      indo = router.navigate('/empresa');
    });
    await act(() => router.navigate('/pessoa'));
    expect((await dom.findByTestId('pagina')).textContent).toBe('Pessoas');
    await act(async () => {
      falhar(new Error('Failed to fetch dynamically imported module: /assets/EmpresaPage.js'));
      await indo;
    });
    expect(router.state.location.pathname).toBe('/pessoa');
    expect(dom.queryByTestId('erro-rota')).toBeNull();
    expect(dom.getByTestId('pagina').textContent).toBe('Pessoas');
    expect(log).not.toHaveBeenCalled();
  });
});
