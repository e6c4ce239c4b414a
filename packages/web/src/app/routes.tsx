import { publicPaths } from '@retaguarda/domain';
import { matchRoutes, type LoaderFunction, type PatchRoutesOnNavigationFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { carregarTextosDoApp } from '../i18n/index.ts';
import { PageLoader } from './PageLoader.tsx';
import { RootFrame } from './RootFrame.tsx';
import { INDEX_ROUTE_NAME, layoutRouteName, type RouteHandle } from './routeName.ts';
import { RouteError } from './RouteError.tsx';

const h = (name: string): RouteHandle => ({ name });

/** The guard (layoutLoader.ts), its code loaded with the first navigation under '/', not before /login. */
const guardaDoLayout: LoaderFunction = async (args) => (await import('./layoutLoader.ts')).createLayoutLoader()(args);

/** Every navigation passes the guard, not only the first one into the layout. */
const alwaysRevalidate: ShouldRevalidateFunction = () => true;

/** Id of the main layout's route, under which the screen routes are added. */
export const LAYOUT_ROUTE_ID = 'layout';

/**
 * The screens' routes join the layout on the first navigation that could be one (React Router's
 * route discovery: a path matching only '*'), so /login does not load the screen catalogue with
 * its help texts. Until they are added, '/<name>' matches '*', which asks for them; React Router
 * skips the routes a later call hands it again.
 */
export const descobrirTelas: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { screenRoutes } = await import('./screenRoutes.tsx');
  patch(LAYOUT_ROUTE_ID, screenRoutes());
};

const carregarLogin = () => import('../pages/LoginPage.tsx');
const carregarShell = () => Promise.all([import('../shell/Layout.tsx'), import('./ConsultasDoServidor.tsx')]);

/**
 * Starts downloading the first page's code while the start-up modules run (config.json, the texts),
 * instead of after them: on a slow network each step of that chain is a round trip. A signed-in
 * path warms the shell, the guard and the screen table; their loaders then find the modules ready.
 */
export function aquecerPrimeiraRota(pathname: string): void {
  const matches = matchRoutes(buildRoutes(), pathname) ?? [];
  const rota = matches.at(-1)?.route;
  let carregando: Promise<unknown> | undefined;
  if (rota?.path === publicPaths.Login) carregando = carregarLogin();
  // '*': a screen, until descobrirTelas adds it.
  else if (rota?.path === '*' || matches.some((m) => m.route.id === LAYOUT_ROUTE_ID))
    carregando = Promise.all([
      carregarShell(),
      import('./layoutLoader.ts'),
      import('../i18n/aplicativo.ts'),
      import('./screenRoutes.tsx').then((m) => m.aquecerTela(layoutRouteName(pathname))),
    ]);
  // A failure shows when the route itself loads.
  void carregando?.catch(() => undefined);
}

/** The route table of SPEC.md §2. Every page is its own chunk. */
/** `telas`: screen routes present from the start (tests); the app's come from descobrirTelas. */
export function buildRoutes(layoutLoader: LoaderFunction = guardaDoLayout, telas: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
      // Shown while the first route's code and guard load.
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: publicPaths.Login, handle: h('Login'), lazy: async () => ({ Component: (await carregarLogin()).LoginPage }) },
        { path: publicPaths.recuperarSenha, handle: h('recuperarSenha'), lazy: async () => ({ Component: (await import('../pages/RecuperarSenhaPage.tsx')).RecuperarSenhaPage }) },
        { path: publicPaths.alterarSenha, handle: h('alterarSenha'), lazy: async () => ({ Component: (await import('../pages/AlterarSenhaPage.tsx')).AlterarSenhaPage }) },
        { path: publicPaths.AccessDenied, handle: h('AccessDenied'), lazy: async () => ({ Component: (await import('../pages/AccessDeniedPage.tsx')).AccessDeniedPage }) },
        { path: publicPaths.NotFound, handle: h('NotFound'), lazy: async () => ({ Component: (await import('../pages/NotFoundPage.tsx')).NotFoundPage }) },
        // The kitchen's live board: full screen, outside the shell, signed in with the device's credential.
        { path: '/kds/quadro', handle: h('kdsQuadro'), lazy: async () => ({ Component: (await import('../kds/QuadroKdsPage.tsx')).QuadroKdsPage }) },
        // A table's QR page: public, for the customer's phone, light (no shell, no session, its own texts).
        { path: '/q/:token', handle: h('qrMesa'), lazy: async () => ({ Component: (await import('../integrations/qrCode/MesaQrPage.tsx')).MesaQrPage }) },
        // The store's own delivery page and an order's status: public too, light, the same customer sign-in.
        { path: '/d/:token', handle: h('deliveryPagina'), lazy: async () => ({ Component: (await import('../integrations/delivery/pagina/DeliveryPage.tsx')).DeliveryPage }) },
        { path: '/d/:token/pedido/:id', handle: h('deliveryPedido'), lazy: async () => ({ Component: (await import('../integrations/delivery/pagina/PedidoDeliveryPage.tsx')).PedidoDeliveryPage }) },
        {
          id: LAYOUT_ROUTE_ID,
          path: '/',
          loader: layoutLoader,
          shouldRevalidate: alwaysRevalidate,
          // The app's texts come with its layout: the public pages above need only theirs.
          // So does the server-state cache, which only signed-in pages read.
          lazy: async () => {
            const [[{ Layout }, { ConsultasDoServidor }]] = await Promise.all([carregarShell(), carregarTextosDoApp()]);
            return {
              Component: () => (
                <ConsultasDoServidor>
                  <Layout />
                </ConsultasDoServidor>
              ),
            };
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
