import { publicPaths } from '@retaguarda/domain';
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { carregarTextosDoApp } from '../i18n/index.ts';
import { PageLoader } from './PageLoader.tsx';
import { RootFrame } from './RootFrame.tsx';
import { INDEX_ROUTE_NAME, type RouteHandle } from './routeName.ts';
import { RouteError } from './RouteError.tsx';
import { screenRoutes } from './screenRoutes.tsx';

const h = (name: string): RouteHandle => ({ name });

/** The guard (layoutLoader.ts), its code loaded with the first navigation under '/', not before /login. */
const guardaDoLayout: LoaderFunction = async (args) => (await import('./layoutLoader.ts')).createLayoutLoader()(args);

/** Every navigation passes the guard, not only the first one into the layout. */
const alwaysRevalidate: ShouldRevalidateFunction = () => true;

/** The route table of SPEC.md §2. Every page is its own chunk. */
/** `telas`: the layout's screen routes (a test passes its own). */
export function buildRoutes(layoutLoader: LoaderFunction = guardaDoLayout, telas: RouteObject[] = screenRoutes()): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
      // Shown while the first route's code and guard load.
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: publicPaths.Login, handle: h('Login'), lazy: async () => ({ Component: (await import('../pages/LoginPage.tsx')).LoginPage }) },
        { path: publicPaths.recuperarSenha, handle: h('recuperarSenha'), lazy: async () => ({ Component: (await import('../pages/RecuperarSenhaPage.tsx')).RecuperarSenhaPage }) },
        { path: publicPaths.alterarSenha, handle: h('alterarSenha'), lazy: async () => ({ Component: (await import('../pages/AlterarSenhaPage.tsx')).AlterarSenhaPage }) },
        { path: publicPaths.AccessDenied, handle: h('AccessDenied'), lazy: async () => ({ Component: (await import('../pages/AccessDeniedPage.tsx')).AccessDeniedPage }) },
        { path: publicPaths.NotFound, handle: h('NotFound'), lazy: async () => ({ Component: (await import('../pages/NotFoundPage.tsx')).NotFoundPage }) },
        // The kitchen's live board: full screen, outside the shell, signed in with the device's credential.
        { path: '/kds/quadro', handle: h('kdsQuadro'), lazy: async () => ({ Component: (await import('../kds/QuadroKdsPage.tsx')).QuadroKdsPage }) },
        {
          path: '/',
          loader: layoutLoader,
          shouldRevalidate: alwaysRevalidate,
          // The app's texts come with its layout: the public pages above need only theirs.
          lazy: async () => {
            const [{ Layout }] = await Promise.all([import('../shell/Layout.tsx'), carregarTextosDoApp()]);
            return { Component: Layout };
          },
          children: [
            { index: true, handle: h(INDEX_ROUTE_NAME), lazy: async () => ({ Component: (await import('../pages/IndexPage.tsx')).IndexPage }) },
            ...telas,
          ],
        },
        { path: '*', handle: h('NotFound'), lazy: async () => ({ Component: (await import('../pages/NotFoundPage.tsx')).NotFoundPage }) },
      ],
    },
  ];
}
