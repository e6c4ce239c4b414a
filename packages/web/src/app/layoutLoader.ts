import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { loadMaps } from '../maps/loader.ts';
import { systemPrefersDark } from '../session/persistence.ts';
import { appStorage, geralStore } from '../session/store.ts';
import { guardNavigation, type GuardDeps } from './guard.ts';
import { layoutRouteName } from './routeName.ts';

const defaultDeps: GuardDeps = { store: geralStore, storage: appStorage, loadMaps, prefersDark: systemPrefersDark };

/** The guard as the main layout's loader: it runs before any screen under '/' renders. */
export function createLayoutLoader(deps: GuardDeps = defaultDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const to = await guardNavigation({ name: layoutRouteName(url.pathname), path: url.pathname + url.search }, deps);
    if (to) throw redirect(to);
    return null;
  };
}
