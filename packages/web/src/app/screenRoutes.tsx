import { findScreen, screens, type Screen } from '@retaguarda/domain';
import type { RouteObject } from 'react-router';
import type { PageLoader } from '../pages/registry.ts';
import type { RouteHandle } from './routeName.ts';

/** One child route of the main layout per domain screen, at '/<name>'. */
export function screenRoutes(): RouteObject[] {
  return screens.map((screen) => screenRoute(screen, async () => (await import('./screenPage.tsx')).screenPage(screen)));
}

/**
 * A screen's route: its page's code loads on the first visit. A load that fails reaches the root's
 * error page (SPEC.md §8 "rethrown"); one whose navigation was left for another is dropped.
 */
export function screenRoute(screen: Screen, load: PageLoader): RouteObject {
  const handle: RouteHandle = { name: screen.name };
  return { path: screen.name, handle, lazy: async () => ({ Component: (await load()).default }) };
}

/** Starts loading the page of the screen at '/<name>', if there is one (app/routes.tsx aquecerPrimeiraRota). */
export function aquecerTela(name: string): Promise<unknown> | undefined {
  const screen = findScreen(name);
  return screen ? import('./screenPage.tsx').then((m) => m.screenPage(screen)) : undefined;
}
