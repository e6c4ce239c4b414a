import type { Area } from '../areas.ts';

/**
 * A screen of SPEC.md §2 (or an extra page PRODUCT.md names): a child route of the main layout at
 * '/<name>'. `pagina` names the page component when several screens share one (SPEC.md §2: 'same page');
 * otherwise the page is the screen itself.
 */
export interface Screen {
  readonly name: string;
  readonly area: Area;
  readonly label: string;
  readonly pagina?: string;
  /** Not a screen of SPEC.md §2 but a page PRODUCT.md names (e.g. olhoNoImposto, the IBPT import). */
  readonly extra?: true;
  /** The help panel's text for the screen: what it is for, the first steps, the rules that are not obvious. */
  readonly ajuda?: AjudaTela;
}

export interface AjudaTela {
  readonly paraQue: string;
  readonly passos: readonly string[];
  readonly regras?: readonly string[];
}

/** One screen: its area, name, label, the page it shares (if any) and its help. */
export const s = (area: Area, name: string, label: string, pagina?: string, ajuda?: AjudaTela): Screen => ({ name, area, label, ...(pagina ? { pagina } : {}), ...(ajuda ? { ajuda } : {}) });
