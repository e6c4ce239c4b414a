import { pageOf, recursoDaTela, recursos, screens } from '@retaguarda/domain';
import { act, cleanup, screen as dom } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '../app/PageLoader.tsx';
import { buildRoutes, descobrirTelas } from '../app/routes.tsx';
import { screenRoutes } from '../app/screenRoutes.tsx';
import { initI18n } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { builtScreens, pageLoaderFor, pages, resourceScreenLoader } from './registry.ts';

afterEach(cleanup);

describe('page registry', () => {
  it('counts the built screens: custom pages, and the screens of declared resources on the generic resource screen', () => {
    const resourceScreens = screens.filter((s) => recursoDaTela(s.name));
    // Resources read by the API only (semTela, e.g. periodo) have no screen.
    const comTela = Object.values(recursos).filter((r) => !(r as { semTela?: boolean }).semTela);
    expect(resourceScreens.length).toBe(comTela.length);
    const custom = screens.filter((s) => pages[pageOf(s)]);
    expect(builtScreens().map((s) => s.name).sort()).toEqual([...new Set([...resourceScreens, ...custom].map((s) => s.name))].sort());
    for (const screen of resourceScreens) if (!pages[pageOf(screen)]) expect(pageLoaderFor(screen)).toBe(resourceScreenLoader);
    // Every screen (the 111 of SPEC.md §2 and the extra pages) resolves to a page (custom or generic) or to the em-construção page.
    expect(screens.filter((s) => !s.extra)).toHaveLength(111);
    expect(builtScreens().length + screens.filter((s) => !pageLoaderFor(s)).length).toBe(screens.length);
    // Keys are page keys, so a shared page is one entry.
    for (const key of Object.keys(pages)) expect(screens.some((s) => pageOf(s) === key)).toBe(true);
  });

  it('gives each screen one child route of the layout at /<name>, added by the first navigation to one', async () => {
    await initI18n(); // the layout's route adds the app's texts
    const router = createMemoryRouter(buildRoutes(async () => null), { initialEntries: ['/login'], patchRoutesOnNavigation: descobrirTelas });
    const layoutDe = () => router.routes[0]!.children!.find((r) => r.path === '/')!;
    // /login does not load the screen catalogue.
    expect(layoutDe().children!.filter((r) => !r.index)).toEqual([]);
    await router.navigate(`/${screens[0]!.name}`);
    const children = layoutDe().children!;
    expect(children.filter((r) => r.index)).toHaveLength(1);
    const paths = children.filter((r) => !r.index).map((r) => r.path);
    expect(paths).toEqual(screens.map((s) => s.name));
    // A later path that matches only '*' asks again: nothing is added twice.
    await router.navigate('/naoExisteEstaTela');
    expect(layoutDe().children!.filter((r) => !r.index).map((r) => r.path)).toEqual(paths);
  });

  it('renders every screen route as its page or as the em-construção page naming the screen', { timeout: 120_000 }, async () => {
    // As in the app's route table, a fallback shows while the first screen's code loads.
    const routes: RouteObject[] = [{ path: '/', hydrateFallbackElement: <PageLoader />, children: screenRoutes() }];
    const router = createMemoryRouter(routes, { initialEntries: [`/${screens[0]!.name}`] });
    await renderWithProviders(<RouterProvider router={router} />);
    const built = new Set(builtScreens().map((s) => s.name));
    for (const screen of screens) {
      await act(() => router.navigate(`/${screen.name}`));
      if (built.has(screen.name)) {
        if (recursoDaTela(screen.name) && !pages[pageOf(screen)]) {
          // A one-per-group record (grupoEmpresarial) is edited on the page; the others are listed.
          const recurso = recursoDaTela(screen.name)!;
          const tela = await dom.findByTestId(recurso.registroUnico ? 'recurso-registro-unico' : 'recurso-lista');
          expect(tela.getAttribute('data-recurso')).toBe(recurso.nome);
        }
        continue;
      }
      const page = await dom.findByTestId('em-construcao');
      expect(page.getAttribute('data-screen')).toBe(screen.name);
      expect(page.textContent).toContain(screen.label);
      expect(page.textContent).toContain(`/${screen.name}`);
      expect(page.textContent).toContain('ainda não foi construída');
    }
  });
});
