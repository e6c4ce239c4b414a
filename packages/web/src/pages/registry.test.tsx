import { pageOf, screens } from '@retaguarda/domain';
import { act, cleanup, screen as dom } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { buildRoutes } from '../app/routes.tsx';
import { screenRoutes } from '../app/screenRoutes.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { builtScreens, pages } from './registry.ts';

afterEach(cleanup);

describe('page registry', () => {
  it('counts the built screens (none yet in this issue)', () => {
    expect(builtScreens()).toHaveLength(0);
    // Keys are page keys, so a shared page is one entry.
    for (const key of Object.keys(pages)) expect(screens.some((s) => pageOf(s) === key)).toBe(true);
  });

  it('gives each of the 111 screens one child route of the layout at /<name>', () => {
    const layout = buildRoutes(async () => null)[0]!.children!.find((r) => r.path === '/')!;
    const children = layout.children!;
    expect(children.filter((r) => r.index)).toHaveLength(1);
    const paths = children.filter((r) => !r.index).map((r) => r.path);
    expect(paths).toEqual(screens.map((s) => s.name));
  });

  it('renders every screen route as its page or as the em-construção page naming the screen', async () => {
    const routes: RouteObject[] = [{ path: '/', children: screenRoutes() }];
    const router = createMemoryRouter(routes, { initialEntries: [`/${screens[0]!.name}`] });
    await renderWithProviders(<RouterProvider router={router} />);
    const built = new Set(builtScreens().map((s) => s.name));
    for (const screen of screens) {
      await act(() => router.navigate(`/${screen.name}`));
      if (built.has(screen.name)) continue;
      const page = await dom.findByTestId('em-construcao');
      expect(page.getAttribute('data-screen')).toBe(screen.name);
      expect(page.textContent).toContain(screen.label);
      expect(page.textContent).toContain(`/${screen.name}`);
      expect(page.textContent).toContain('ainda não foi construída');
    }
  });
});
