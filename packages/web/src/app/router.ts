import { publicPaths } from '@retaguarda/domain';
import { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import { queryClient } from '../api/queryClient.ts';
import { geralStore } from '../session/store.ts';
import { buildRoutes } from './routes.tsx';
import { syncTitle } from './title.ts';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** History mode, base '/' (SPEC.md §2). */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(buildRoutes(), { basename: '/' });
  router.subscribe(syncTitle);
  syncTitle(router.state);
  // Any 401 from the API: the server session is gone, so clear the user and go to the login.
  setUnauthorizedHandler(() => {
    geralStore.getState().setUsuario(null);
    queryClient.clear();
    if (router.state.location.pathname !== publicPaths.Login) void router.navigate(publicPaths.Login, { replace: true });
  });
  return router;
}
