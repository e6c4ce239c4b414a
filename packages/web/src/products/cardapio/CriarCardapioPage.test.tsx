import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import CriarCardapioPage from './CriarCardapioPage.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('menu builder preview', () => {
  it('says so when the preview cannot be built, instead of showing an older one as current', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/cardapio/vitrine')) return json(500, { valido: false, data: { message: 'Erro interno do servidor.' } });
        return json(200, { valido: true, data: [] });
      }),
    );
    const router = createMemoryRouter([{ path: '/criarCardapio', element: <CriarCardapioPage /> }], { initialEntries: ['/criarCardapio'] });
    await renderWithProviders(<RouterProvider router={router} />);
    const alerta = await screen.findByTestId('cardapio-previa-erro', undefined, { timeout: 5000 });
    expect(alerta.textContent).toBe('Não foi possível atualizar a prévia: Erro interno do servidor. A prévia abaixo é de uma versão anterior do rascunho.');
  });
});
