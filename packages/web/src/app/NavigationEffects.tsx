import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { appStorage } from '../session/store.ts';
import { countOpenedScreen } from '../shell/openedScreens.ts';
import { isRouteHandle } from './routeName.ts';

/** After each navigation: scroll to top and count the screen (the title is set by app/title.ts). */
export function NavigationEffects() {
  const matches = useMatches();
  const location = useLocation();
  const handle = [...matches].reverse().map((m) => m.handle).find(isRouteHandle);
  const name = handle?.name ?? '';

  useEffect(() => {
    if (!name) return;
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
