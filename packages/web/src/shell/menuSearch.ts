import { areaKeys, areas, screens, semAcento, type Area, type Screen } from '@retaguarda/domain';

export interface MenuGroup {
  area: Area;
  label: string;
  screens: Screen[];
}

/** Lower case without accents, so "estoque invent" finds "Inventário" and "cartao" finds "cartão". */
export function normalizeSearch(text: string): string {
  return semAcento(text).trim();
}

/**
 * The menu grouped by area, keeping only the screens whose label or name contains every typed word.
 * Empty groups are left out; an empty query returns the whole menu.
 */
export function filterMenu(query: string, list: readonly Screen[] = screens): MenuGroup[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  const matches = (s: Screen) => {
    const haystack = `${normalizeSearch(s.label)} ${normalizeSearch(s.name)}`;
    return words.every((w) => haystack.includes(w));
  };
  return areaKeys
    .map((area) => ({ area, label: areas[area], screens: list.filter((s) => s.area === area && matches(s)) }))
    .filter((g) => g.screens.length > 0);
}
