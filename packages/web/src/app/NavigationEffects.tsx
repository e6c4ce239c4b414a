import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { appStorage, geralStore } from '../session/store.ts';
import { countOpenedScreen } from '../shell/openedScreens.ts';
import { isRouteHandle } from './routeName.ts';

/** After each navigation: page title = route name (SPEC.md §2), scroll to top, count the screen. */
export function NavigationEffects() {
  const matches = useMatches();
  const location = useLocation();
  const handle = [...matches].reverse().map((m) => m.handle).find(isRouteHandle);
  const name = handle?.name ?? '';

  useEffect(() => {
    if (!name) return;
    document.title = name;
    geralStore.getState().setTitulo(name);
    countOpenedScreen(appStorage, name);
    // Not on location.key: a list screen keeps its search, filters and form in the query string,
    // and typing a search must not count as opening the screen again.
  }, [name, location.pathname]);

  // A new screen starts at the top; opening a form drawer or filtering (query string only) keeps the place.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return null;
}
