import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { isRouteHandle } from '../app/routeName.ts';
import { appStorage } from '../session/store.ts';
import { countOpenedScreen } from './openedScreens.ts';

/**
 * Counts each screen opened, for the index page's shortcuts. In the shell, not at the root: the count
 * checks the screen catalogue, which the public pages (/login) do not load.
 */
export function useContarTelaAberta(): void {
  const matches = useMatches();
  const location = useLocation();
  const name = [...matches].reverse().map((m) => m.handle).find(isRouteHandle)?.name ?? '';
  useEffect(() => {
    if (!name) return;
    countOpenedScreen(appStorage, name);
    // Not on location.key: a list screen keeps its search, filters and form in the query string,
    // and typing a search must not count as opening the screen again.
  }, [name, location.pathname]);
}
