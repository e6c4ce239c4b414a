import { useEffect, useRef } from 'react';
import { useLocation, useMatches, type Location } from 'react-router';
import { appStorage } from '../session/store.ts';
import { countOpenedScreen } from '../shell/openedScreens.ts';
import { isNavigation } from './navigation.ts';
import { isRouteHandle } from './routeName.ts';

/** After each navigation (app/navigation.ts): scroll to top and count the screen (the title is set by app/title.ts). */
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

  // A new page starts at the top; filtering or opening the form drawer (query string only) keeps the place.
  const anterior = useRef<Location | null>(null);
  useEffect(() => {
    if (isNavigation(anterior.current, location)) window.scrollTo(0, 0);
    anterior.current = location;
  }, [location]);

  return null;
}
