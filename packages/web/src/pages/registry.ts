import { pageOf, screens, type Screen } from '@retaguarda/domain';
import type { ComponentType } from 'react';

/** A page module loaded on demand (one chunk per page: route-level code splitting). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * The one registry of screen pages, keyed by pageOf(screen), so screens sharing a page
 * (calendarioRecebimento/calendarioPagamento, …) are one entry. An area adds its pages here:
 *   produtoGeral: () => import('../products/ProdutoGeralPage.tsx'),
 * A screen without an entry renders the "em construção" page.
 */
export const pages: Readonly<Record<string, PageLoader>> = {};

export function pageLoaderFor(screen: Screen): PageLoader | undefined {
  return pages[pageOf(screen)];
}

/** The screens whose page exists. */
export function builtScreens(): Screen[] {
  return screens.filter((screen) => pageLoaderFor(screen) !== undefined);
}
