import type { RouterState } from 'react-router';
import { geralStore } from '../session/store.ts';
import { isRouteHandle } from './routeName.ts';

/** The route name of the deepest match that has one. */
export function routeNameOf(state: Pick<RouterState, 'matches'>): string | undefined {
  return [...state.matches].reverse().map((m) => m.route.handle as unknown).find(isRouteHandle)?.name;
}

/**
 * document.title = route name (SPEC.md §2), set from the router's own state update: that happens in
 * the same synchronous step as the URL change, so nobody ever sees the new URL with the old title.
 */
export function syncTitle(state: Pick<RouterState, 'matches' | 'navigation'>): void {
  if (state.navigation.state !== 'idle') return;
  const name = routeNameOf(state);
  if (!name) return;
  document.title = name;
  if (geralStore.getState().titulo !== name) geralStore.getState().setTitulo(name);
}
