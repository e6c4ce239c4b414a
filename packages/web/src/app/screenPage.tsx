import type { Screen } from '@retaguarda/domain';
import { EmConstrucaoPage } from '../pages/EmConstrucaoPage.tsx';
import { pageLoaderFor, type PageLoader } from '../pages/registry.ts';

/**
 * A screen's page: its own, the generic resource screen, or the "em construção" placeholder. Kept
 * out of the route table so the page registry and the resource catalogue load after sign-in.
 */
export function screenPage(screen: Screen): ReturnType<PageLoader> {
  const load = pageLoaderFor(screen);
  if (load) return load();
  return Promise.resolve({ default: () => <EmConstrucaoPage screen={screen} /> });
}
