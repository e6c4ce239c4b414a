import { screens } from '@retaguarda/domain';
import type { RouteObject } from 'react-router';
import { EmConstrucaoPage } from '../pages/EmConstrucaoPage.tsx';
import { pageLoaderFor } from '../pages/registry.ts';
import type { RouteHandle } from './routeName.ts';

/** One child route of the main layout per domain screen, at '/<name>'. */
export function screenRoutes(): RouteObject[] {
  return screens.map((screen): RouteObject => {
    const handle: RouteHandle = { name: screen.name };
    const load = pageLoaderFor(screen);
    if (!load) return { path: screen.name, handle, element: <EmConstrucaoPage screen={screen} /> };
    return { path: screen.name, handle, lazy: async () => ({ Component: (await load()).default }) };
  });
}
