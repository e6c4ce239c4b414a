import { screens } from '@retaguarda/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageLoaderFor } from '../pages/registry.ts';
import { renderWithProviders } from '../test/render.tsx';
import { entrarComo, sair } from '../test/sessao.ts';
import { emBreve, NavMenu } from './NavMenu.tsx';
import { useMenuState } from './menuState.ts';

beforeEach(() => {
  entrarComo();
});
afterEach(() => {
  sair();
  cleanup();
  // The areas opened by a test stay open in the shared store otherwise.
  useMenuState.setState({ abertas: {} });
});

async function montar() {
  const router = createMemoryRouter([{ path: '*', element: <NavMenu onNavigate={() => {}} /> }], { initialEntries: ['/'] });
  await renderWithProviders(<RouterProvider router={router} />);
}

describe('side menu: screens not built yet', () => {
  it('derives the mark from the registry of pages: exactly the screens without a page', () => {
    const semPagina = screens.filter((s) => pageLoaderFor(s) === undefined);
    expect(screens.filter(emBreve)).toEqual(semPagina);
    // Every screen of the catalogue has its page now (emissaoNotaFiscal was the last): one without any is marked.
    expect(emBreve({ name: 'telaSemPagina', area: 'registration', label: 'Tela sem página' })).toBe(true);
    expect(emBreve(screens.find((s) => s.name === 'relatorioVenda')!)).toBe(false);
    // A plain resource has the generic screen: built.
    expect(emBreve(screens.find((s) => s.name === 'unidadeMedida')!)).toBe(false);
  });

  it('shows "em breve" beside no screen while every one is built, and nothing beside relatorioVenda', async () => {
    await montar();
    fireEvent.change(screen.getByTestId('menu-busca'), { target: { value: 'relatorioVenda' } });
    const construida = await screen.findByTestId('menu-tela-relatorioVenda');
    expect(construida.textContent).not.toContain('em breve');
    expect(construida.getAttribute('title')).toBeNull();

    // Every area opened: each screen's entry is there, none with the mark.
    fireEvent.change(screen.getByTestId('menu-busca'), { target: { value: '' } });
    for (const area of screen.getAllByTestId(/^menu-area-/)) if (area.getAttribute('aria-expanded') === 'false') fireEvent.click(area);
    await waitFor(() => expect(screen.getAllByTestId(/^menu-tela-/)).toHaveLength(screens.length));
    expect(screen.queryAllByTestId('menu-em-breve')).toHaveLength(screens.filter(emBreve).length);
  });
});

describe('side menu: only the open areas render their links', () => {
  it('a closed area has no links in the page until it is opened, and then all of its screens', async () => {
    await montar();
    const cadastros = screens.filter((s) => s.area === 'registration');
    const area = screen.getByTestId('menu-area-registration');
    expect(area.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('menu-tela-pessoa')).toBeNull();
    // No area is open at '/': not one screen link is rendered.
    expect(screen.getByTestId('menu-lateral').querySelectorAll('[data-testid^="menu-tela-"]')).toHaveLength(0);

    fireEvent.click(area);
    await screen.findByTestId('menu-tela-pessoa');
    expect(area.getAttribute('aria-expanded')).toBe('true');
    const links = [...screen.getByTestId('menu-lateral').querySelectorAll('[data-testid^="menu-tela-"]')].map((a) => a.getAttribute('data-testid'));
    expect(links).toEqual(cadastros.map((s) => `menu-tela-${s.name}`));
  });
});

