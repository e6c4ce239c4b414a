import { pageOf, screens, type Screen } from '@retaguarda/domain';
import { pages, type PageLoader } from './paginas.ts';

export { pages, type PageLoader } from './paginas.ts';

/** The generic list + form screen of a plain resource, driven by its declaration in the domain. */
export const resourceScreenLoader: PageLoader = () => import('../resources/ResourceScreen.tsx');

/**
 * The screens that list a declared resource (the domain's recursoDaTela), computed from the catalogue
 * at build time (build/telasDeRecurso.ts): the menu needs their names, not the catalogue's schemas.
 */
const telasDeRecurso: ReadonlySet<string> = new Set(__TELAS_DE_RECURSO__);

/** A registered page first; otherwise a screen that lists a declared resource gets the generic one. */
export function pageLoaderFor(screen: Screen): PageLoader | undefined {
  return pages[pageOf(screen)] ?? (telasDeRecurso.has(screen.name) ? resourceScreenLoader : undefined);
}

/** The screens whose page exists. */
export function builtScreens(): Screen[] {
  return screens.filter((screen) => pageLoaderFor(screen) !== undefined);
}
