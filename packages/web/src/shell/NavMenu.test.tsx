import { screens } from '@retaguarda/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageLoaderFor } from '../pages/registry.ts';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import { emBreve, NavMenu } from './NavMenu.tsx';

beforeEach(() => {
  entrarComo();
});
afterEach(() => {
  sair();
  cleanup();
});

async function montar() {
  const router = createMemoryRouter([{ path: '*', element: <NavMenu onNavigate={() => {}} /> }], { initialEntries: ['/'] });
  await renderWithProviders(<RouterProvider router={router} />);
}

describe('side menu: screens not built yet', () => {
  it('derives the mark from the registry of pages: exactly the screens without a page', () => {
    const semPagina = screens.filter((s) => pageLoaderFor(s) === undefined);
    expect(semPagina.length).toBeGreaterThan(0);
    expect(screens.filter(emBreve)).toEqual(semPagina);
    expect(emBreve(screens.find((s) => s.name === 'relatorioVenda')!)).toBe(false);
    // A plain resource has the generic screen: built.
    expect(emBreve(screens.find((s) => s.name === 'unidadeMedida')!)).toBe(false);
  });

  it('shows "em breve" beside a screen not built yet and nothing beside a built one', async () => {
    const naoConstruida = screens.find(emBreve)!;
    await montar();
    fireEvent.change(screen.getByTestId('menu-busca'), { target: { value: naoConstruida.name } });
    const item = await screen.findByTestId(`menu-tela-${naoConstruida.name}`);
    expect(item.textContent).toContain('em breve');
    expect(item.getAttribute('title')).toBe('Tela ainda não construída nesta versão');

    fireEvent.change(screen.getByTestId('menu-busca'), { target: { value: 'relatorioVenda' } });
    const construida = await screen.findByTestId('menu-tela-relatorioVenda');
    expect(construida.textContent).not.toContain('em breve');
    expect(construida.getAttribute('title')).toBeNull();
  });
});
