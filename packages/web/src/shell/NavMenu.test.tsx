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

