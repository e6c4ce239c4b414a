import { useEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router';
import { isNavigation } from './navigation.ts';

/** After each navigation (app/navigation.ts): scroll to top (the title is set by app/title.ts, the screen counted by the shell). */
export function NavigationEffects() {
  const location = useLocation();

  // A new page starts at the top; filtering or opening the form drawer (query string only) keeps the place.
  const anterior = useRef<Location | null>(null);
  useEffect(() => {
    if (isNavigation(anterior.current, location)) window.scrollTo(0, 0);
    anterior.current = location;
  }, [location]);

  return null;
}
