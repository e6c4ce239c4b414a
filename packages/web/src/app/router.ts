import { publicPaths } from '@retaguarda/domain';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import { geralStore } from '../session/store.ts';
import { buildRoutes, descobrirTelas } from './routes.tsx';
import { syncTitle } from './title.ts';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** History mode, base '/' (SPEC.md §2). */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(buildRoutes(), { basename: '/', patchRoutesOnNavigation: descobrirTelas });
  router.subscribe(syncTitle);
  syncTitle(router.state);
  // Any 401 from the API: the server session is gone, so clear the user and go to the login.
  setUnauthorizedHandler(() => {
    geralStore.getState().setUsuario(null);
    // Loaded with the signed-in layout: a 401 before it (nothing cached yet) does not fetch it.
    void import('../api/queryClient.ts').then(({ queryClient }) => queryClient.clear());
    if (router.state.location.pathname !== publicPaths.Login) void router.navigate(publicPaths.Login, { replace: true });
  });
  return router;
}
